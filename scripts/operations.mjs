// generated/operations.ts: the operations the client treats specially, read from the bundled document at build
// time (scripts/build.mjs), so a new idempotent operation cannot be missed by a list written by hand.

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Execute operations of conversions, by operationId: never retried, and their outcome can be unknown. */
const EXECUTE_OPERATION_IDS = ["executeQuote"];

/** Follows a local `#/...` reference (parameters are components in the bundle). */
const deref = (doc, node) =>
  typeof node?.$ref === "string"
    ? node.$ref
        .slice(2)
        .split("/")
        .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
        .reduce((at, key) => at?.[key], doc)
    : node;

/** Every operation as `METHOD /path`, with its operationId and its parameters (the path item's and its own). */
export function operationsOf(doc) {
  const out = [];
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(doc, p));
      out.push({ key: `${method.toUpperCase()} ${path}`, operationId: op.operationId, parameters });
    }
  return out;
}

/** The TypeScript module: the operations that take an Idempotency-Key header, and the execute operations. */
export function operationsModule(doc, notice) {
  const ops = operationsOf(doc);
  const keyed = ops
    .filter((o) => o.parameters.some((p) => p?.in === "header" && p.name?.toLowerCase() === "idempotency-key"))
    .map((o) => o.key);
  const execute = EXECUTE_OPERATION_IDS.map((id) => {
    const found = ops.find((o) => o.operationId === id);
    if (!found) throw new Error(`The document has no operation ${id} (scripts/operations.mjs)`);
    return found.key;
  });
  const list = (keys) => `[\n${keys.map((k) => `  ${JSON.stringify(k)},\n`).join("")}]`;
  return `/**
 * ${notice}
 * Written by scripts/operations.mjs from generated/openapi.json.
 */

/** Operations whose parameters include an Idempotency-Key header, as \`METHOD /path\`. */
export const idempotencyKeyOperations: readonly string[] = ${list(keyed)};

/** Execute operations of conversions (${EXECUTE_OPERATION_IDS.join(", ")}), as \`METHOD /path\`. */
export const executeOperations: readonly string[] = ${list(execute)};
`;
}
