// fo-unknowns-marker: every open schema and every incomplete value list carries x-not-shown; an enum
// is a complete set and never carries it. Definitions in lint/README.md.
import { deref, isObject, schemas, typesOf } from "./lib/openapi.js";

const MARKER = "x-not-shown";
const COMPOSITIONS = ["allOf", "anyOf", "oneOf"];
/** A listed value that names a member of a set (a code), not prose: `US_ACH`, `PENDING`, `00020001`. */
const CODE = /^[A-Z0-9][A-Z0-9_]*$/;

const closed = (/** @type {unknown} */ s) =>
  isObject(s) && (s.additionalProperties === false || s.unevaluatedProperties === false);
const isObjectSchema = (/** @type {any} */ s) =>
  typesOf(s).includes("object") || isObject(s.properties) || isObject(s.patternProperties);
const constrains = (/** @type {import("./lib/openapi.js").Node} */ s) =>
  typesOf(s).length > 0 ||
  "enum" in s ||
  "const" in s ||
  COMPOSITIONS.some((k) => k in s) ||
  ["properties", "patternProperties", "items", "prefixItems", "not", "if", "$ref"].some((k) => k in s);

/**
 * @param {import("./lib/openapi.js").Document} doc
 * @returns {import("./lib/openapi.js").Result[]}
 */
export default function unknownsMarker(doc) {
  const results = [];
  for (const { schema, at, parent } of schemas(doc)) {
    if (typeof schema.$ref === "string") continue;
    const marked = MARKER in schema;
    if (marked && (typeof schema[MARKER] !== "string" || schema[MARKER].trim() === "")) {
      results.push({
        message: `${MARKER} must be a non-empty string naming what the reference does not show.`,
        path: [...at, MARKER],
      });
      continue;
    }
    if ("enum" in schema) {
      if (marked) {
        results.push({
          message:
            `An enum is a complete set and carries no ${MARKER}; if the set may be larger, move the values to ` +
            `\`examples\` and keep ${MARKER}.`,
          path: [...at, MARKER],
        });
      }
      continue;
    }
    if (marked || "const" in schema) continue;
    // An allOf part refines the composition, which is judged as a whole.
    if (parent?.keyword === "allOf") continue;
    // A negated schema describes what is refused (`not: {}` refuses everything), not what is accepted.
    if (parent?.keyword === "not") continue;
    if (Array.isArray(schema.allOf)) {
      if (!closed(schema) && !schema.allOf.some((/** @type {unknown} */ part) => closed(deref(doc, part)))) {
        results.push({
          message:
            `This allOf composition is open (no part has additionalProperties: false); close one part or add ` +
            `${MARKER} naming the unknown fields.`,
          path: at,
        });
      }
      continue;
    }
    if (isObjectSchema(schema) && !closed(schema)) {
      results.push({
        message:
          `Open object schema: add additionalProperties: false if the reference gives every field, else ${MARKER}: ` +
          `<which fields are not shown>.`,
        path: at,
      });
      continue;
    }
    if (typesOf(schema).includes("array") && !("items" in schema) && !("prefixItems" in schema)) {
      results.push({
        message:
          `Array without items: give \`items\` a schema, ` +
          `or add ${MARKER} saying the item structure ` +
          `is not shown.`,
        path: at,
      });
      continue;
    }
    const examples = Array.isArray(schema.examples) ? schema.examples : [];
    if (
      typesOf(schema).includes("string") &&
      examples.length > 0 &&
      examples.every((/** @type {unknown} */ e) => typeof e === "string" && CODE.test(e))
    ) {
      results.push({
        message:
          `\`examples\` lists known values (${examples.join(", ")}) of a set that is not an enum, so the set is ` +
          `incomplete: add ${MARKER}: <the complete set of values>, or use \`enum\` if the reference gives every ` +
          `value.`,
        path: at,
      });
      continue;
    }
    if (!constrains(schema)) {
      results.push({
        message: `Schema without a type accepts any value: give it a type, or add ${MARKER} saying what is not shown.`,
        path: at,
      });
    }
  }
  return results;
}
