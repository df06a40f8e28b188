// fo-time-format: every time-valued property and parameter the reference calls ISO 8601 is a date-time string;
// one it calls only a "timestamp" (form not shown) claims no format and says so in x-not-shown.
import { deref, isObject, parameterObjects, schemas, typesOf } from "./lib/openapi.js";

const DEFAULT_NAMES = "^(time|timestamp|updated_from|valid_until)$|_at$";
const DEFAULT_FORMLESS = "^(expire_time|valid_until_timestamp)$";

const isDateTime = (/** @type {unknown} */ schema) =>
  isObject(schema) &&
  schema.format === "date-time" &&
  (typesOf(schema).length === 0 || typesOf(schema).includes("string"));

/**
 * @param {import("./lib/openapi.js").Document} doc
 * @param {{names?: string, formless?: string}} options regular expressions of ISO 8601 names and of timestamps whose
 * form is not shown
 * @returns {import("./lib/openapi.js").Result[]}
 */
export default function timeFormat(doc, options) {
  const names = new RegExp(options?.names ?? DEFAULT_NAMES);
  const formless = new RegExp(options?.formless ?? DEFAULT_FORMLESS);
  const results = [];
  for (const { schema, at, parent } of schemas(doc)) {
    if (parent?.keyword === "properties" && formless.test(parent.name ?? "")) {
      const s = deref(doc, schema);
      if (isObject(s) && ("format" in s || "type" in s || typeof s["x-not-shown"] !== "string")) {
        results.push({
          message:
            `Property \`${parent.name}\` is a timestamp whose form the reference does not show: give it no type or ` +
            `format, and say so in x-not-shown.`,
          path: at,
        });
      }
      continue;
    }
    if (parent?.keyword !== "properties" || !names.test(parent.name ?? "")) continue;
    if (isDateTime(schema) || isDateTime(deref(doc, schema))) continue;
    results.push({
      message: `Property \`${parent.name}\` is time-valued: make it {type: string, format: date-time} (ISO 8601).`,
      path: at,
    });
  }
  for (const { param, at } of parameterObjects(doc)) {
    if (!names.test(String(param.name))) continue;
    if (isDateTime(deref(doc, param.schema))) continue;
    results.push({
      message:
        `Parameter \`${param.name}\` is time-valued: ` +
        `give it schema {type: string, format: date-time} ` +
        `(ISO 8601).`,
      path: isObject(param.schema) ? [...at, "schema"] : at,
    });
  }
  return results;
}
