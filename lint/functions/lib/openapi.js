// Shared helpers of the house rules: walk a bundled OpenAPI 3.1 document without resolving it, so
// every result points at the place a spec author edits (the operation, the component, the property).

/**
 * @typedef {any} Document a bundled OpenAPI document as parsed: JSON, unchecked (the rules check it)
 * @typedef {Record<string, any>} Node an object in it
 * @typedef {(string | number)[]} Path where a node is: the keys from the document's root
 * @typedef {{keyword: string, schema: any, name?: string}} Parent how a schema hangs off its parent schema
 * @typedef {{ message: string, path: Path }} Result what a rule function returns to Spectral, one per finding
 */

export const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/**
 * An object that is not an array: what a document's nodes are.
 * @param {unknown} v
 * @returns {v is Node}
 */
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
export { isObject };

/**
 * Follows local `#/...` references; returns the node itself when it is no reference.
 * @param {Document} doc @param {unknown} node
 * @returns {any}
 */
export function deref(doc, node) {
  /** @type {any} */
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === "string"; hops++) {
    if (hops > 20 || !current.$ref.startsWith("#/")) return undefined;
    current = current.$ref
      .slice(2)
      .split("/")
      .map((s) => decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce((/** @type {any} */ acc, key) => (acc == null ? undefined : acc[key]), doc);
  }
  return current;
}

/** "POST /v1/x": how messages and rule options name an operation. */
export const opName = (/** @type {string} */ method, /** @type {string} */ key) => `${method.toUpperCase()} ${key}`;

/**
 * Every operation of `paths` (and of `webhooks` when asked), with its location.
 * @param {Document} doc @param {{ webhooks?: boolean }} [options]
 * @returns {Operation[]}
 */
export function operations(doc, { webhooks = false } = {}) {
  /** @type {Operation[]} */
  const out = [];
  /** @type {Operation["section"][]} */
  const sections = webhooks ? ["paths", "webhooks"] : ["paths"];
  for (const section of sections) {
    for (const [key, raw] of Object.entries(isObject(doc?.[section]) ? doc[section] : {})) {
      const pathItem = deref(doc, raw);
      if (!isObject(pathItem)) continue;
      for (const method of METHODS) {
        if (isObject(pathItem[method])) {
          out.push({ section, key, method, op: pathItem[method], pathItem, at: [section, key, method] });
        }
      }
    }
  }
  return out;
}

/**
 * @typedef {{ section: "paths" | "webhooks", key: string, method: string, op: Node, pathItem: Node, at: Path }} Operation
 */

/**
 * Path-level and operation-level parameters of an operation (the operation's own win), resolved.
 * @param {Document} doc @param {Pick<Operation, "pathItem" | "op" | "at">} operation
 * @returns {{ param: Node, at: Path }[]}
 */
export function parametersOf(doc, { pathItem, op, at }) {
  /** @type {Map<string, { param: Node, at: Path }>} */
  const byKey = new Map();
  const add = (/** @type {unknown} */ list, /** @type {Path} */ base) => {
    if (!Array.isArray(list)) return;
    list.forEach((raw, i) => {
      const param = deref(doc, raw);
      if (!isObject(param)) return;
      const name = String(param.name ?? "");
      const where = String(param.in ?? "");
      const key = `${where}:${where === "header" ? name.toLowerCase() : name}`;
      byKey.set(key, { param, at: [...base, "parameters", i] });
    });
  };
  add(pathItem.parameters, at.slice(0, -1));
  add(op.parameters, at);
  return [...byKey.values()];
}

/** Media types of a response or request body that carry JSON. */
export const isJsonMediaType = (/** @type {string} */ type) =>
  /^application\/(.+\+)?json(;|$)/i.test(type) || /\+json(;|$)/i.test(type);

/** Error statuses: 4XX and 5XX, exact or ranged. */
export const isErrorStatus = (/** @type {string | number} */ status) => /^[45]/.test(String(status));

/** Success statuses: 2XX, exact or ranged. */
export const isSuccessStatus = (/** @type {string | number} */ status) => /^2/.test(String(status));

/** The JSON Schema 2020-12 keywords whose value is a schema: by name, single, or a list of them. */
export const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "dependentSchemas"];
export const SCHEMA_SINGLES = [
  "items",
  "additionalProperties",
  "unevaluatedProperties",
  "unevaluatedItems",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "contentSchema",
];
export const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];

/**
 * Every schema written in the document (components, parameters, headers, bodies, nested ones), once
 * each, where it is written. `$ref` nodes are visited too (they are where a reference is written)
 * but not followed. `parent` tells how the schema hangs off its parent schema.
 * @param {Document} doc
 * @returns {Array<{schema: any, at: Path, parent?: Parent}>}
 */
export function schemas(doc) {
  /** @type {Array<{schema: any, at: Path, parent?: Parent}>} */
  const out = [];
  /** @param {unknown} schema @param {Path} at @param {Parent} [parent] */
  const visit = (schema, at, parent) => {
    if (!isObject(schema)) return;
    out.push({ schema, at, parent });
    if (typeof schema.$ref === "string") return;
    for (const keyword of SCHEMA_MAPS) {
      if (!isObject(schema[keyword])) continue;
      for (const [name, sub] of Object.entries(schema[keyword]))
        visit(sub, [...at, keyword, name], { keyword, schema, name });
    }
    for (const keyword of SCHEMA_SINGLES) {
      if (isObject(schema[keyword])) visit(schema[keyword], [...at, keyword], { keyword, schema });
    }
    for (const keyword of SCHEMA_LISTS) {
      if (Array.isArray(schema[keyword]))
        for (const [i, sub] of schema[keyword].entries()) visit(sub, [...at, keyword, i], { keyword, schema });
    }
  };
  /** @param {unknown} content @param {Path} at */
  const visitContent = (content, at) => {
    if (!isObject(content)) return;
    for (const [type, media] of Object.entries(content)) {
      if (isObject(media) && "schema" in media) visit(media.schema, [...at, type, "schema"]);
    }
  };
  /** @param {unknown} node @param {Path} at */
  const visitParameterOrHeader = (node, at) => {
    if (!isObject(node) || typeof node.$ref === "string") return;
    if ("schema" in node) visit(node.schema, [...at, "schema"]);
    visitContent(node.content, [...at, "content"]);
  };
  /** @param {unknown} response @param {Path} at */
  const visitResponse = (response, at) => {
    if (!isObject(response) || typeof response.$ref === "string") return;
    for (const [name, header] of Object.entries(isObject(response.headers) ? response.headers : {})) {
      visitParameterOrHeader(header, [...at, "headers", name]);
    }
    visitContent(response.content, [...at, "content"]);
  };
  /** @param {unknown} list @param {Path} at */
  const visitParameters = (list, at) => {
    if (Array.isArray(list)) for (const [i, p] of list.entries()) visitParameterOrHeader(p, [...at, "parameters", i]);
  };

  const components = isObject(doc?.components) ? doc.components : {};
  for (const [name, schema] of Object.entries(isObject(components.schemas) ? components.schemas : {})) {
    visit(schema, ["components", "schemas", name]);
  }
  for (const [name, p] of Object.entries(isObject(components.parameters) ? components.parameters : {})) {
    visitParameterOrHeader(p, ["components", "parameters", name]);
  }
  for (const [name, h] of Object.entries(isObject(components.headers) ? components.headers : {})) {
    visitParameterOrHeader(h, ["components", "headers", name]);
  }
  for (const [name, r] of Object.entries(isObject(components.responses) ? components.responses : {})) {
    visitResponse(r, ["components", "responses", name]);
  }
  for (const [name, b] of Object.entries(isObject(components.requestBodies) ? components.requestBodies : {})) {
    if (isObject(b) && typeof b.$ref !== "string")
      visitContent(b.content, ["components", "requestBodies", name, "content"]);
  }
  for (const section of ["paths", "webhooks"]) {
    for (const [key, item] of Object.entries(isObject(doc?.[section]) ? doc[section] : {})) {
      if (!isObject(item) || typeof item.$ref === "string") continue;
      visitParameters(item.parameters, [section, key]);
      for (const method of METHODS) {
        const op = item[method];
        if (!isObject(op)) continue;
        const at = [section, key, method];
        visitParameters(op.parameters, at);
        if (isObject(op.requestBody) && typeof op.requestBody.$ref !== "string") {
          visitContent(op.requestBody.content, [...at, "requestBody", "content"]);
        }
        for (const [status, r] of Object.entries(isObject(op.responses) ? op.responses : {})) {
          visitResponse(r, [...at, "responses", status]);
        }
      }
    }
  }
  return out;
}

/**
 * Every parameter object written in the document (components and inline), where it is written.
 * @param {Document} doc
 * @returns {{ param: Node, at: Path }[]}
 */
export function parameterObjects(doc) {
  /** @type {{ param: Node, at: Path }[]} */
  const out = [];
  const components = isObject(doc?.components?.parameters) ? doc.components.parameters : {};
  for (const [name, p] of Object.entries(components)) {
    if (isObject(p) && typeof p.$ref !== "string") out.push({ param: p, at: ["components", "parameters", name] });
  }
  for (const section of ["paths", "webhooks"]) {
    for (const [key, item] of Object.entries(isObject(doc?.[section]) ? doc[section] : {})) {
      if (!isObject(item)) continue;
      /** @type {[unknown, Path][]} */
      const lists = [[item.parameters, [section, key]]];
      for (const method of METHODS)
        if (isObject(item[method])) lists.push([item[method].parameters, [section, key, method]]);
      for (const [list, at] of lists) {
        if (!Array.isArray(list)) continue;
        list.forEach((p, i) => {
          if (isObject(p) && typeof p.$ref !== "string") out.push({ param: p, at: [...at, "parameters", i] });
        });
      }
    }
  }
  return out;
}

/** `type` as a list (3.1 allows a list of types). */
export const typesOf = (/** @type {any} */ schema) =>
  Array.isArray(schema?.type) ? schema.type : schema?.type === undefined ? [] : [schema.type];

/** A readable name for a location: `components.schemas.Quote.properties.expire_time`. */
export const where = (/** @type {Path} */ at) => at.join(".");
