import type { Client } from "openapi-fetch";
import type { paths } from "../../generated/types.ts";

type KeyHeader = { "Idempotency-Key"?: string };

/** An operation whose Idempotency-Key header becomes optional: the client makes one when none is given. */
type OptionalKey<Op> = Op extends { parameters: { header: infer H } }
  ? "Idempotency-Key" extends keyof H
    ? Omit<Op, "parameters"> & {
        parameters: Omit<Op["parameters"], "header"> &
          ({} extends Omit<H, "Idempotency-Key"> ? { header?: Omit<H, "Idempotency-Key"> & KeyHeader } : { header: Omit<H, "Idempotency-Key"> & KeyHeader });
      }
    : Op
  : Op;

/** The document's paths as the client takes them. */
export type ClientPaths = { [P in keyof paths]: { [M in keyof paths[P]]: OptionalKey<paths[P][M]> } };

/** An openapi-fetch client typed by the document. */
export type ApiClient = Client<ClientPaths, `${string}/${string}`>;
