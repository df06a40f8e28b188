// fo-no-boolean-schema: every schema is an object. A boolean schema (`false`, `true`) crashes orval
// ("Cannot use 'in' operator ... in false") and becomes `any` in other generators. Only
// additionalProperties and unevaluatedProperties may be booleans: every generator reads those.
import { isObject, SCHEMA_LISTS, SCHEMA_MAPS, SCHEMA_SINGLES, schemas } from "./lib/openapi.js";

/** Where a boolean is allowed: every generator reads `additionalProperties: false` and its unevaluated twin. */
const BOOLEAN_ALLOWED = new Set(["additionalProperties", "unevaluatedProperties"]);
const SINGLES = SCHEMA_SINGLES.filter((keyword) => !BOOLEAN_ALLOWED.has(keyword));

const advice = (/** @type {boolean} */ value) =>
  value === false
    ? "write `{not: {}}` (refuses every value) with a description instead"
    : "write a schema object instead (`{}` with x-not-shown saying what is not shown)";

/**
 * Places outside schemas where a schema is written: components.schemas and every `schema` of a parameter, header or
 * media type.
 * @param {unknown} node @param {import("./lib/openapi.js").Path} at
 * @returns {Generator<{ value: boolean, at: import("./lib/openapi.js").Path }>}
 */
function* schemaSlots(node, at) {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* schemaSlots(item, [...at, i]);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === "schema" && typeof value === "boolean") yield { value, at: [...at, key] };
    else if (key !== "examples" && key !== "example") yield* schemaSlots(value, [...at, key]);
  }
}

/**
 * @param {import("./lib/openapi.js").Document} doc
 * @returns {import("./lib/openapi.js").Result[]}
 */
export default function noBooleanSchema(doc) {
  const found = [];
  for (const [name, schema] of Object.entries(isObject(doc?.components?.schemas) ? doc.components.schemas : {})) {
    if (typeof schema === "boolean") found.push({ value: schema, at: ["components", "schemas", name] });
  }
  for (const section of ["paths", "webhooks", "components"]) {
    if (isObject(doc?.[section])) found.push(...schemaSlots(doc[section], [section]));
  }
  for (const { schema, at } of schemas(doc)) {
    for (const keyword of SCHEMA_MAPS) {
      for (const [name, sub] of Object.entries(isObject(schema[keyword]) ? schema[keyword] : {})) {
        if (typeof sub === "boolean") found.push({ value: sub, at: [...at, keyword, name] });
      }
    }
    for (const keyword of SINGLES)
      if (typeof schema[keyword] === "boolean") found.push({ value: schema[keyword], at: [...at, keyword] });
    for (const keyword of SCHEMA_LISTS) {
      if (!Array.isArray(schema[keyword])) continue;
      for (const [i, sub] of schema[keyword].entries())
        if (typeof sub === "boolean") found.push({ value: sub, at: [...at, keyword, i] });
    }
  }
  const seen = new Set();
  return found
    .filter(({ at }) => !seen.has(at.join("\0")) && seen.add(at.join("\0")))
    .map(({ value, at }) => ({
      message: `Boolean schema \`${value}\` at ${at.join(".")}: ${advice(value)}; orval crashes on boolean schemas.`,
      path: at,
    }));
}
