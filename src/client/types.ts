import type { Client } from "openapi-fetch";
import type { paths } from "../../generated/types.ts";

type KeyHeader = { "Idempotency-Key"?: string };

/** An operation whose Idempotency-Key header becomes optional: the client makes one when none is given. */
type OptionalKey<Op> = Op extends { parameters: { header: infer H } }
  ? "Idempotency-Key" extends keyof H
    ? Omit<Op, "parameters"> & {
        parameters: Omit<Op["parameters"], "header"> &
          (Record<never, never> extends Omit<H, "Idempotency-Key">
            ? { header?: Omit<H, "Idempotency-Key"> & KeyHeader }
            : { header: Omit<H, "Idempotency-Key"> & KeyHeader });
      }
    : Op
  : Op;

/** The document's paths as the client takes them. */
export type ClientPaths = { [P in keyof paths]: { [M in keyof paths[P]]: OptionalKey<paths[P][M]> } };

/**
 * An openapi-fetch client typed by the document, without middleware (`use`, `eject`): the client
 * signs the exact bytes it sends, so a request cannot be changed after it is built; wrap the
 * `fetch` option to watch or add to what goes out.
 */
export type ApiClient = Omit<Client<ClientPaths, `${string}/${string}`>, "use" | "eject">;
