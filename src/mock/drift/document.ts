// The bundled document as the drift report reads it: its operations routed by the mock's own router (Prism's rules,
// ../prism/routes.ts, over the operations ../prism/operations.ts loads), and every place in it named by a JSON pointer
// into the file, `$ref`s followed within it, so a finding says where to edit.
import { readFileSync } from "node:fs";
import { documentOperations } from "../prism/operations.ts";
import { createRouter } from "../prism/routes.ts";

/** A node of the document, as JSON. */
export type Node = Record<string, unknown>;

/** One JSON pointer segment (RFC 6901): `~` and `/` escaped. */
export const segment = (key: string | number) => String(key).replace(/~/g, "~0").replace(/\//g, "~1");
export const pointerOf = (...keys: (string | number)[]) => keys.map((k) => `/${segment(k)}`).join("");

/** A documented operation a request was routed to. */
export interface Operation {
  operationId: string;
  method: string;
  /** The path template, as the document's `paths` key. */
  path: string;
  /** Where the operation is in the document. */
  pointer: string;
}

/** An `x-not-shown` marker: what the reference does not show, and where the document says so. */
export interface Gap {
  text: string;
  pointer: string;
}

export interface Resolved {
  node: Node;
  pointer: string;
  /** The first `x-not-shown` met from the pointer given to the node found (a `$ref`'s own marker comes first). */
  gap?: Gap;
}

export interface DriftDocument {
  /** The bundled document's title and API version, for the report's head. */
  title: string;
  version: string;
  /** The node at a pointer, `$ref`s followed: the node, the pointer it was found at, and the nearest gap on the way. */
  at(pointer: string): Resolved | undefined;
  /** The operation a request was routed to, or why none was. */
  route(method: string, path: string): Operation | undefined;
  /** The operation of an operationId. */
  operation(operationId: string): Operation | undefined;
  /** A path's shape: each segment that a documented template has a variable for at that place, as the variable. */
  shape(path: string): string;
  /** Header names the document's apiKey security schemes put credentials in (lower case). */
  credentialHeaders: ReadonlySet<string>;
  /** Every response header the document declares anywhere (lower case). */
  answerHeaders: ReadonlySet<string>;
}

/** Whether a JSON value is an object (not an array, not null). */
export const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);

/** The bundled document at `file`, routed over the operations of the document the mock serves (Prism's reading). */
export async function loadDocument(file: string): Promise<DriftDocument> {
  return documentOf(JSON.parse(readFileSync(file, "utf8")) as Node, await documentOperations());
}

/** A document (bundled: every `$ref` within it) and its operations as Prism reads them (method, path, operationId). */
export function documentOf(
  root: Node,
  prismOperations: readonly { method: string; path: string; iid?: string }[],
): DriftDocument {
  const raw = (pointer: string): unknown => {
    let node: unknown = root;
    for (const part of pointer.split("/").slice(1)) {
      if (!isNode(node) && !Array.isArray(node)) return undefined;
      node = (node as Record<string, unknown>)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
    }
    return node;
  };
  const at = (pointer: string): Resolved | undefined => {
    let where = pointer;
    let gap: Gap | undefined;
    // A chain of references ends within the document's own few levels; a longer one is a loop.
    for (let hops = 0; hops < 32; hops++) {
      const node = raw(where);
      if (!isNode(node)) return undefined;
      if (!gap && typeof node["x-not-shown"] === "string") gap = { text: node["x-not-shown"], pointer: where };
      const ref = node.$ref;
      if (typeof ref !== "string" || !ref.startsWith("#")) return { node, pointer: where, ...(gap ? { gap } : {}) };
      where = decodeURIComponent(ref.slice(1));
    }
    return undefined;
  };
  const operations = prismOperations.map((o) => ({
    method: o.method,
    path: o.path,
    operationId: o.iid ?? `${o.method.toUpperCase()} ${o.path}`,
    pointer: pointerOf("paths", o.path, o.method),
  }));
  const route = createRouter(operations);
  const templates = operations.map((o) => o.path.split("/").slice(1));
  const credentialHeaders = new Set<string>();
  const schemes = (raw("/components/securitySchemes") ?? {}) as Record<string, Node>;
  for (const s of Object.values(schemes))
    if (s.type === "apiKey" && s.in === "header" && typeof s.name === "string")
      credentialHeaders.add(s.name.toLowerCase());
  const answerHeaders = new Set<string>();
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) collect(item);
      return;
    }
    if (!isNode(node)) return;
    if (isNode(node.responses))
      for (const r of Object.values(node.responses))
        if (isNode(r) && isNode(r.headers)) for (const h of Object.keys(r.headers)) answerHeaders.add(h.toLowerCase());
    for (const v of Object.values(node)) collect(v);
  };
  collect(root);
  const info = (root.info ?? {}) as Node;
  return {
    title: String(info.title ?? "the document"),
    version: String(info.version ?? ""),
    at,
    route(method, path) {
      const found = route(method, path);
      return found.kind === "operation" ? found.operation : undefined;
    },
    operation: (operationId) => operations.find((o) => o.operationId === operationId),
    shape(path) {
      const parts = path.split("/").slice(1);
      return `/${parts
        .map((part, i) => {
          // A documented template that matches the path up to here and has a variable at this place names it.
          const named = templates.find(
            (t) =>
              t.length > i && t.slice(0, i).every((f, j) => f === parts[j] || /^{.+}$/.test(f)) && /^{.+}$/.test(t[i]!),
          );
          const literal = templates.some(
            (t) => t[i] === part && t.slice(0, i).every((f, j) => f === parts[j] || /^{.+}$/.test(f)),
          );
          return named && !literal ? named[i] : part;
        })
        .join("/")}`;
    },
    credentialHeaders,
    answerHeaders,
  };
}
