// generated/operations.ts: the operations the client treats specially, read from the bundled document at build
// time (scripts/build.mjs), so a new idempotent operation cannot be missed by a list written by hand.

import { opName, operations, parametersOf } from "../lint/functions/lib/openapi.js";

/** Execute operations of conversions, by operationId: never retried, and their outcome can be unknown. */
const EXECUTE_OPERATION_IDS = ["executeQuote"];

/**
 * Every operation as `METHOD /path`, with its operationId and its resolved parameters (the path item's and its
 * own, the operation's winning), read with the same document walker the house lint rules use.
 * @param {import("../lint/functions/lib/openapi.js").Document} doc
 */
export function operationsOf(doc) {
  return operations(doc).map((found) => ({
    key: opName(found.method, found.key),
    operationId: found.op.operationId,
    parameters: parametersOf(doc, found).map(({ param }) => param),
  }));
}

/**
 * The TypeScript module: the operations that take an Idempotency-Key header, and the execute operations.
 * @param {import("../lint/functions/lib/openapi.js").Document} doc @param {string} notice
 */
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
  const list = (/** @type {string[]} */ keys) => `[\n${keys.map((k) => `  ${JSON.stringify(k)},\n`).join("")}]`;
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
