// fo-time-format: every time-valued property and parameter is a date-time string.
import { deref, isObject, parameterObjects, schemas, typesOf } from "./lib/openapi.js";

const DEFAULT_NAMES = "^(time|timestamp|expire_time|updated_from|valid_until.*)$|_at$";

const isDateTime = (schema) => isObject(schema) && schema.format === "date-time" && (typesOf(schema).length === 0 || typesOf(schema).includes("string"));

/** @param {{names?: string}} options regular expression of time-valued names */
export default function timeFormat(doc, options) {
  const names = new RegExp(options?.names ?? DEFAULT_NAMES);
  const results = [];
  for (const { schema, at, parent } of schemas(doc)) {
    if (parent?.keyword !== "properties" || !names.test(parent.name)) continue;
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
      message: `Parameter \`${param.name}\` is time-valued: give it schema {type: string, format: date-time} (ISO 8601).`,
      path: isObject(param.schema) ? [...at, "schema"] : at,
    });
  }
  return results;
}
