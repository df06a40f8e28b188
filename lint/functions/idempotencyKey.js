// fo-idempotency-key: the Idempotency-Key header only on the operations the reference names, where
// it is required and a UUID.
import { deref, operations, opName, parametersOf } from "./lib/openapi.js";

const FIX = "$ref: '#/components/parameters/IdempotencyKey'";

/**
 * @param {import("./lib/openapi.js").Document} doc
 * @param {{operations: string[]}} options "POST /v1/..." of every operation that takes the key.
 * @returns {import("./lib/openapi.js").Result[]}
 */
export default function idempotencyKey(doc, options) {
  const named = new Set(
    (options?.operations ?? []).map((o) => o.replace(/\s+/, " ").replace(/^\w+/, (m) => m.toUpperCase())),
  );
  const list = [...named].join(" and ");
  const results = [];
  for (const entry of operations(doc)) {
    const { key, method, at } = entry;
    const name = opName(method, key);
    const headers = parametersOf(doc, entry).filter(
      ({ param }) => param.in === "header" && /idempotency/i.test(String(param.name)),
    );
    if (!named.has(name)) {
      for (const { param, at: paramAt } of headers) {
        results.push({
          message:
            `${name} declares the ${param.name} header, but the reference names it only on ${list}; support is not ` +
            `inferred from the method: remove it.`,
          path: paramAt,
        });
      }
      continue;
    }
    if (headers.length === 0) {
      results.push({
        message: `${name} must declare the Idempotency-Key header (required, format uuid): add ${FIX}.`,
        path: [...at, "parameters"],
      });
      continue;
    }
    for (const { param, at: paramAt } of headers) {
      const schema = deref(doc, param.schema);
      const problems = [];
      if (param.name !== "Idempotency-Key") problems.push(`be named Idempotency-Key (not ${param.name})`);
      if (param.required !== true) problems.push("be required: true");
      if (schema?.type !== "string" || schema?.format !== "uuid")
        problems.push("have schema {type: string, format: uuid}");
      if (problems.length) {
        results.push({
          message: `The idempotency header of ${name} must ${problems.join(", ")}; use ${FIX}.`,
          path: paramAt,
        });
      }
    }
  }
  return results;
}
