// fo-retry-after: Retry-After (integer seconds) on every portfolio 429 and 503, and nowhere else.
import { deref, isObject, operations, opName, typesOf } from "./lib/openapi.js";

const PORTFOLIO = /^\/v1\/portfolios(\/|$)/;

/**
 * The response's Retry-After header (any case), resolved.
 * @param {import("./lib/openapi.js").Document} doc @param {any} response
 */
function retryAfterOf(doc, response) {
  for (const [name, header] of Object.entries(isObject(response?.headers) ? response.headers : {})) {
    if (name.toLowerCase() === "retry-after") return { name, header: deref(doc, header) };
  }
  return undefined;
}

/**
 * @param {import("./lib/openapi.js").Document} doc
 * @returns {import("./lib/openapi.js").Result[]}
 */
export default function retryAfter(doc) {
  const results = [];
  for (const { key, method, op, at } of operations(doc)) {
    for (const [status, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
      const response = deref(doc, raw);
      const found = retryAfterOf(doc, response);
      const responseAt = [...at, "responses", status];
      const wanted = PORTFOLIO.test(key) && (status === "429" || status === "503");
      if (wanted && !found) {
        results.push({
          message:
            `${status} of ${opName(method, key)} declares no Retry-After header; the portfolio variant sends it on ` +
            `429 and 503: add headers: {Retry-After: {$ref: '#/components/headers/RetryAfter'}}.`,
          path: responseAt,
        });
      } else if (wanted && found) {
        const schema = deref(doc, found.header?.schema);
        if (!typesOf(schema).includes("integer")) {
          results.push({
            message:
              `Retry-After of ${status} on ${opName(method, key)} must be an integer number of seconds (schema type: ` +
              `integer).`,
            path: typeof raw?.$ref === "string" ? responseAt : [...responseAt, "headers", found.name],
          });
        }
      } else if (found) {
        results.push({
          message:
            `${status} of ${opName(method, key)} declares Retry-After, which the reference documents only on ` +
            `portfolio 429 and 503 answers; remove it (the gap stays in x-not-shown).`,
          path: typeof raw?.$ref === "string" ? responseAt : [...responseAt, "headers", found.name],
        });
      }
    }
  }
  return results;
}
