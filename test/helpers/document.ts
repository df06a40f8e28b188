// Reads the bundled document and answers questions about it (operations, statuses, examples).
import { readFileSync } from "node:fs";
import { bundlePath } from "./prism.ts";

// biome-ignore lint/suspicious/noExplicitAny: the document is arbitrary JSON, read by path in the tests
export type Json = any;

export const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;

export function loadBundle(file = bundlePath): Json {
  return JSON.parse(readFileSync(file, "utf8"));
}

/** Follows local `#/...` references until a non-reference object is reached. */
export function deref(doc: Json, node: Json): Json {
  let current = node;
  for (let hops = 0; current && typeof current === "object" && typeof current.$ref === "string"; hops++) {
    if (hops > 20 || !current.$ref.startsWith("#/")) throw new Error(`Cannot resolve ${current.$ref}`);
    current = current.$ref
      .slice(2)
      .split("/")
      .map((s: string) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((acc: Json, key: string) => acc?.[key], doc);
  }
  return current;
}

export interface DocOperation {
  path: string;
  method: string;
  operationId: string;
  op: Json;
}

export function listOperations(doc: Json): DocOperation[] {
  const out: DocOperation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      if (item[method]) out.push({ path, method, operationId: item[method].operationId, op: item[method] });
    }
  }
  return out;
}

/** The value of the first example of a response's JSON content, as Prism serves it by default. */
export function firstExample(doc: Json, response: Json): { name: string; value: unknown } | undefined {
  const media = deref(doc, response)?.content?.["application/json"];
  if (!media) return undefined;
  if ("example" in media) return { name: "example", value: media.example };
  const [name, ex] = Object.entries<Json>(media.examples ?? {})[0] ?? [];
  return name ? { name, value: deref(doc, ex).value } : undefined;
}
