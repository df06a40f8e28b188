// fo-description: every parameter and every schema property says what it is.
import { deref, parameterObjects, schemas } from "./lib/openapi.js";

const text = (/** @type {unknown} */ v) => typeof v === "string" && v.trim() !== "";

/**
 * @param {import("./lib/openapi.js").Document} doc
 * @returns {import("./lib/openapi.js").Result[]}
 */
export default function descriptions(doc) {
  const results = [];
  for (const { param, at } of parameterObjects(doc)) {
    if (!text(param.description)) {
      results.push({
        message:
          `Parameter \`${param.name}\` (${param.in}) has no description; say what it is and any rule the reference ` +
          `gives.`,
        path: at,
      });
    }
  }
  for (const { schema, at, parent } of schemas(doc)) {
    if (parent?.keyword !== "properties") continue;
    if (text(schema.description) || text(deref(doc, schema)?.description)) continue;
    results.push({
      message:
        `Property \`${parent.name}\` has no description; add one in the API's own words (on the property or on the ` +
        `schema it references).`,
      path: at,
    });
  }
  return results;
}
