// fo-typed-success: a code generator can type every success response. A status key it does not know
// (`2xx`, `20X`) or a body without a real schema leaves the caller with `void`, `any` or `unknown`.
// `2XX`, used where the reference gives no exact status, is typed by @hey-api/openapi-ts and orval 8.
import { deref, isObject, isSuccessStatus, operations, opName } from "./lib/openapi.js";

const STATUS = /^(2\d\d|2XX)$/;
const COMPOSITIONS = ["allOf", "anyOf", "oneOf"];

/** A schema that says something a generator can type: a $ref, a type, a composition, properties, an enum or a const. */
const typeable = (/** @type {unknown} */ s) =>
  isObject(s) &&
  (typeof s.$ref === "string" ||
    "type" in s ||
    "enum" in s ||
    "const" in s ||
    COMPOSITIONS.some((k) => Array.isArray(s[k])) ||
    isObject(s.properties));

/**
 * @param {import("./lib/openapi.js").Document} doc
 * @returns {import("./lib/openapi.js").Result[]}
 */
export default function typedSuccess(doc) {
  const results = [];
  for (const { key, method, op, at } of operations(doc)) {
    const name = opName(method, key);
    for (const [status, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
      if (!isSuccessStatus(status)) continue;
      const statusAt = [...at, "responses", status];
      if (!STATUS.test(status)) {
        results.push({
          message:
            `Success status \`${status}\` of ${name} is not one generators know: use an exact code (200, 201, ...) ` +
            `or \`2XX\` in capitals.`,
          path: statusAt,
        });
      }
      const response = deref(doc, raw);
      for (const [type, media] of Object.entries(isObject(response?.content) ? response.content : {})) {
        if (!isObject(media) || !("schema" in media)) {
          results.push({
            message:
              `The ${type} body of ${status} of ${name} has no schema: generators type it as \`unknown\`; give it ` +
              `one (an open object with x-not-shown where the fields are not shown).`,
            path: [...statusAt, "content", type],
          });
        } else if (!typeable(media.schema)) {
          results.push({
            message:
              `The ${type} body of ${status} of ${name} has a schema that says nothing ` +
              `(${JSON.stringify(media.schema)}): generators type it as \`any\`; give it a type or a $ref.`,
            path: [...statusAt, "content", type, "schema"],
          });
        }
      }
    }
  }
  return results;
}
