// Every constraint the document states, where it is written: the schema keywords that narrow what a value may
// be, `required: true` on parameters, headers and request bodies, and each media type a body is offered in.
// `fo-constraint-ledger` holds this list against openapi/constraints.yaml, so that no rule the reference
// does not give enters the document unseen, and none that it gives is lost.
import { isObject, METHODS, parameterObjects, schemas } from "./openapi.js";

/**
 * @typedef {import("./openapi.js").Document} Document
 * @typedef {import("./openapi.js").Node} Node
 * @typedef {import("./openapi.js").Path} Path
 * @typedef {{at: Path, keyword: string, value: unknown}} Constraint
 */

/** Schema keywords that narrow a value. Their value is kept as written; a schema value is recorded as "schema". */
export const SCHEMA_KEYWORDS = [
  "required",
  "additionalProperties",
  "unevaluatedProperties",
  "propertyNames",
  "not",
  "enum",
  "const",
  "pattern",
  "format",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "contentMediaType",
  "contentEncoding",
];

/**
 * The value a constraint is recorded with, or undefined when the keyword, as written, narrows nothing
 * (`additionalProperties: true`, `uniqueItems: false`, an empty `required`).
 * @param {string} keyword @param {unknown} value
 */
function recorded(keyword, value) {
  if (keyword === "additionalProperties" || keyword === "unevaluatedProperties") {
    if (value === true || (isObject(value) && Object.keys(value).length === 0)) return undefined;
    return isObject(value) ? "schema" : value;
  }
  if (keyword === "propertyNames" || keyword === "not") return isObject(value) ? "schema" : value;
  if (keyword === "uniqueItems") return value === true ? true : undefined;
  if (keyword === "required") return Array.isArray(value) && value.length > 0 ? value : undefined;
  return value;
}

/**
 * Every constraint of a bundled document: `{at, keyword, value}`, `at` being the path of the node that
 * carries it (a schema, a parameter, a request body, a `content` map for `media`).
 * @param {Document} doc
 * @returns {Constraint[]}
 */
export function constraints(doc) {
  /** @type {Constraint[]} */
  const out = [];
  for (const { schema, at } of schemas(doc)) {
    if (typeof schema.$ref === "string") continue;
    for (const keyword of SCHEMA_KEYWORDS) {
      if (!(keyword in schema)) continue;
      const value = recorded(keyword, schema[keyword]);
      if (value !== undefined) out.push({ at, keyword, value });
    }
  }
  const requiredFlag = (/** @type {unknown} */ node, /** @type {Path} */ at) => {
    if (isObject(node) && node.required === true) out.push({ at, keyword: "required", value: true });
  };
  for (const { param, at } of parameterObjects(doc)) requiredFlag(param, at);
  for (const { at, content } of contents(doc)) {
    for (const type of Object.keys(content)) out.push({ at, keyword: "media", value: type });
  }
  for (const { node, at } of headersAndBodies(doc)) requiredFlag(node, at);
  return out;
}

/**
 * Every response header and request body written in place, where it is written.
 * @param {Document} doc
 */
function headersAndBodies(doc) {
  /** @type {{ node: unknown, at: Path }[]} */
  const out = [];
  const response = (/** @type {unknown} */ r, /** @type {Path} */ at) => {
    if (!isObject(r) || typeof r.$ref === "string") return;
    for (const [name, h] of Object.entries(isObject(r.headers) ? r.headers : {}))
      if (isObject(h) && typeof h.$ref !== "string") out.push({ node: h, at: [...at, "headers", name] });
  };
  const components = isObject(doc?.components) ? doc.components : {};
  for (const [name, h] of Object.entries(isObject(components.headers) ? components.headers : {}))
    out.push({ node: h, at: ["components", "headers", name] });
  for (const [name, r] of Object.entries(isObject(components.responses) ? components.responses : {}))
    response(r, ["components", "responses", name]);
  for (const [name, b] of Object.entries(isObject(components.requestBodies) ? components.requestBodies : {}))
    out.push({ node: b, at: ["components", "requestBodies", name] });
  for (const { op, at } of operationsIn(doc)) {
    if (isObject(op.requestBody) && typeof op.requestBody.$ref !== "string")
      out.push({ node: op.requestBody, at: [...at, "requestBody"] });
    for (const [status, r] of Object.entries(isObject(op.responses) ? op.responses : {}))
      response(r, [...at, "responses", status]);
  }
  return out;
}

/**
 * Every `content` map written in the document (bodies, responses, parameters, headers), where it is written.
 * @param {Document} doc
 */
function contents(doc) {
  /** @type {{ at: Path, content: Node }[]} */
  const out = [];
  const add = (/** @type {unknown} */ node, /** @type {Path} */ at) => {
    if (isObject(node) && typeof node.$ref !== "string" && isObject(node.content))
      out.push({ at: [...at, "content"], content: node.content });
  };
  const response = (/** @type {unknown} */ r, /** @type {Path} */ at) => {
    add(r, at);
    if (isObject(r) && isObject(r.headers))
      for (const [name, h] of Object.entries(r.headers)) add(h, [...at, "headers", name]);
  };
  const components = isObject(doc?.components) ? doc.components : {};
  for (const [name, r] of Object.entries(isObject(components.responses) ? components.responses : {}))
    response(r, ["components", "responses", name]);
  for (const [name, b] of Object.entries(isObject(components.requestBodies) ? components.requestBodies : {}))
    add(b, ["components", "requestBodies", name]);
  for (const [name, h] of Object.entries(isObject(components.headers) ? components.headers : {}))
    add(h, ["components", "headers", name]);
  for (const { param, at } of parameterObjects(doc)) add(param, at);
  for (const { op, at } of operationsIn(doc)) {
    add(op.requestBody, [...at, "requestBody"]);
    for (const [status, r] of Object.entries(isObject(op.responses) ? op.responses : {}))
      if (isObject(r) && typeof r.$ref !== "string") response(r, [...at, "responses", status]);
  }
  return out;
}

/**
 * Operations of paths and webhooks written in place.
 * @param {Document} doc
 */
function operationsIn(doc) {
  /** @type {{ op: Node, at: Path }[]} */
  const out = [];
  for (const section of ["paths", "webhooks"]) {
    for (const [key, item] of Object.entries(isObject(doc?.[section]) ? doc[section] : {})) {
      if (!isObject(item) || typeof item.$ref === "string") continue;
      for (const method of METHODS)
        if (isObject(item[method])) out.push({ op: item[method], at: [section, key, method] });
    }
  }
  return out;
}

/** One constraint as a comparable string: location, keyword and value. */
export const constraintKey = (/** @type {Constraint} */ { at, keyword, value }) =>
  JSON.stringify([at.map(String), keyword, value]);
