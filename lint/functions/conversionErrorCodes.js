// fo-conversion-error-codes: on the customer conversion operations, each error example carries a code
// of that operation's documented set for its status, and each documented code has an example.
import { deref, isErrorStatus, isObject, operations, opName } from "./lib/openapi.js";

/**
 * @param {import("./lib/openapi.js").Document} doc
 * @param {{operations: Record<string, Record<string, string[]>>}} options "POST /v1/..." -> status -> codes
 * @returns {import("./lib/openapi.js").Result[]}
 */
export default function conversionErrorCodes(doc, options) {
  const sets = new Map(
    Object.entries(options?.operations ?? {}).map(([name, byStatus]) => [
      name.replace(/^\w+/, (m) => m.toUpperCase()),
      byStatus,
    ]),
  );
  const results = [];
  for (const { key, method, op, at } of operations(doc)) {
    const name = opName(method, key);
    const documented = sets.get(name);
    if (!documented) continue;
    for (const [status, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
      if (!isErrorStatus(status)) continue;
      const allowed = documented[status] ?? [];
      const response = deref(doc, raw);
      const responseAt = [...at, "responses", status];
      const seen = new Set();
      for (const [type, media] of Object.entries(isObject(response?.content) ? response.content : {})) {
        const examples = [];
        if (isObject(media) && "example" in media)
          examples.push({ value: media.example, at: [...responseAt, "content", type, "example"] });
        for (const [exName, ex] of Object.entries(isObject(media?.examples) ? media.examples : {})) {
          examples.push({ value: deref(doc, ex)?.value, at: [...responseAt, "content", type, "examples", exName] });
        }
        for (const { value, at: exAt } of examples) {
          const path = typeof raw?.$ref === "string" ? responseAt : exAt;
          // The older authentication shape (status_code, code Unauthorized) carries no conversion code.
          if (status === "401" && isObject(value) && "status_code" in value) continue;
          const code = isObject(value) ? value.code : undefined;
          if (code !== undefined) {
            seen.add(code);
            if (!allowed.includes(code)) {
              const fix = allowed.length
                ? `use one of ${allowed.join(", ")}`
                : "the reference gives no code for this status: leave `code` out";
              results.push({
                message: `Example code ${code} is not documented for ${status} of ${name}; ${fix}.`,
                path,
              });
            }
          }
          if (
            isObject(value) &&
            typeof value.status === "number" &&
            /^\d{3}$/.test(status) &&
            value.status !== Number(status)
          ) {
            results.push({
              message: `Example of ${status} on ${name} says status ${value.status}; make it ${status}.`,
              path,
            });
          }
        }
      }
      for (const code of allowed) {
        if (!seen.has(code)) {
          results.push({
            message:
              `${name} documents code ${code} for ${status} but no example shows it; add one (see ` +
              `components/examples).`,
            path: responseAt,
          });
        }
      }
    }
    for (const [status, codes] of Object.entries(documented)) {
      if (!(status in (op.responses ?? {}))) {
        results.push({
          message:
            `${name} documents a ${status} answer (${codes.join(", ")}) that is not declared; add the ` +
            `${status} response.`,
          path: [...at, "responses"],
        });
      }
    }
  }
  return results;
}
