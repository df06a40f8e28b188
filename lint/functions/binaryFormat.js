// fo-binary-format: raw bytes say `format: binary`. 3.1's contentMediaType alone is not enough for
// generators: @hey-api/openapi-ts, orval 7 and Kubb sent a file as the two bytes `{}`, others typed it
// as a string. @hey-api/openapi-ts reads the format on the request body's own schema only (not through a $ref).
import { deref, isJsonMediaType, isObject, operations, opName, schemas, typesOf } from "./lib/openapi.js";

/** Media types whose body is not a file: JSON, text, forms. */
const NOT_FILE = (/** @type {string} */ type) =>
  isJsonMediaType(type) ||
  /^text\//i.test(type) ||
  /^multipart\//i.test(type) ||
  /^application\/x-www-form-urlencoded/i.test(type);

const isBinaryString = (/** @type {unknown} */ s) =>
  isObject(s) && typesOf(s).includes("string") && s.format === "binary";

/**
 * @param {import("./lib/openapi.js").Document} doc
 * @returns {import("./lib/openapi.js").Result[]}
 */
export default function binaryFormat(doc) {
  const results = [];
  for (const { schema, at } of schemas(doc)) {
    if (typeof schema.contentMediaType === "string" && !("contentEncoding" in schema) && !isBinaryString(schema)) {
      results.push({
        message:
          `Raw bytes (contentMediaType ${schema.contentMediaType}, no contentEncoding) must also say \`type: string, ` +
          `format: binary\`, or generators send or type the file wrongly.`,
        path: at,
      });
    }
  }
  for (const { key, method, op, at } of operations(doc)) {
    const name = opName(method, key);
    const body = deref(doc, op.requestBody);
    for (const [type, media] of Object.entries(isObject(body?.content) ? body.content : {})) {
      if (NOT_FILE(type) || !isObject(media)) continue;
      const schemaAt = [...at, "requestBody", "content", type, "schema"];
      if (typeof media.schema?.$ref === "string") {
        results.push({
          message:
            `The ${type} body of ${name} is a file: write its schema here, not as a $ref (@hey-api/openapi-ts reads ` +
            `format: binary on the body's own schema only, and JSON-encodes the file otherwise).`,
          path: schemaAt,
        });
      } else if (!isBinaryString(media.schema)) {
        results.push({
          message: `The ${type} body of ${name} is a file: its schema must be \`{type: string, format: binary}\`.`,
          path: schemaAt,
        });
      }
    }
    for (const [status, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
      const response = deref(doc, raw);
      for (const [type, media] of Object.entries(isObject(response?.content) ? response.content : {})) {
        if (NOT_FILE(type) || !isObject(media) || !("schema" in media)) continue;
        if (!isBinaryString(deref(doc, media.schema))) {
          results.push({
            message:
              `The ${type} body of ${status} of ${name} is a file: its schema must be \`{type: string, format: ` +
              `binary}\`.`,
            path: [...at, "responses", status, "content", type, "schema"],
          });
        }
      }
    }
  }
  return results;
}
