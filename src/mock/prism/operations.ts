// The document's operations as Prism reads them (@stoplight/prism-http's getHttpOperationsFromSpec, which resolves the
// document): prepared once when the mock package is built (operations.json beside its code), so a start only parses
// JSON; made from the document at start when the mock runs from its source.
import { readFileSync, writeFileSync } from "node:fs";
import type { IHttpOperation } from "@stoplight/types";
import { files } from "../files.ts";

/** The operations of the document the mock serves. */
export async function documentOperations(): Promise<IHttpOperation[]> {
  if (files.operations) return JSON.parse(readFileSync(files.operations, "utf8")) as IHttpOperation[];
  return operationsOf(files.document);
}

/** The operations of a bundled document, as Prism's CLI reads them. */
export async function operationsOf(document: string): Promise<IHttpOperation[]> {
  const { getHttpOperationsFromSpec } = await import("@stoplight/prism-http");
  return getHttpOperationsFromSpec(document);
}

/** Writes the operations of `document` as JSON to `file` (the package build). */
export async function prepareOperations(document: string, file: string): Promise<void> {
  writeFileSync(file, JSON.stringify(await operationsOf(document)));
}
