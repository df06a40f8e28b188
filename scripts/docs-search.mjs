// The docs page's search, prebuilt at build time: a MiniSearch index of every operation and webhook (its
// summary, method and path, operation id, parameter names and the members of its request and response
// schemas), every schema (its name and members) and every section of the introduction, written as
// `search-index.json`; and `search.js`, MiniSearch with a few lines that load that index when the reader
// first reaches for the search field and list the hits as links to the sections. Nothing is computed in
// the reader's browser but the lookup itself.
import { createRequire } from "node:module";
import path from "node:path";
import { entries, resolveIn, slug } from "./docs-static.mjs";
import { root } from "./tools.mjs";

/** The fields searched, and those kept to show a hit; the browser loads the index with the same options. */
export const searchOptions = {
  idField: "id",
  fields: ["title", "path", "names", "text"],
  storeFields: ["title", "kind", "path"],
};

/** minisearch, a devDependency: its module file, which the build bundles into search.js. */
export async function resolveMiniSearch() {
  return createRequire(path.join(root, "package.json")).resolve("minisearch");
}

const METHOD_WORDS = /[{}]/g;

/** @typedef {import("./docs-static.mjs").Node} Node */

/**
 * The documents the index holds: one per operation, webhook, schema and introduction section.
 * @param {Node} doc
 */
export function searchDocuments(doc) {
  const resolve = (/** @type {Node} */ node) => resolveIn(doc, node);
  /**
   * Every member name of a schema, nested members and referenced schemas included (each schema once).
   * @param {Node} s @param {Set<string>} [seen]
   * @returns {string[]}
   */
  const memberNames = (s, seen = new Set()) => {
    if (!s || typeof s !== "object") return [];
    if (s.$ref) {
      if (seen.has(s.$ref)) return [];
      seen.add(s.$ref);
      return [s.$ref.split("/").pop(), ...memberNames(resolve(s), seen)];
    }
    /** @type {string[]} */
    const out = [];
    for (const [name, p] of Object.entries(s.properties ?? {})) out.push(name, ...memberNames(p, seen));
    for (const k of ["allOf", "oneOf", "anyOf"]) for (const v of s[k] ?? []) out.push(...memberNames(v, seen));
    if (s.items) out.push(...memberNames(s.items, seen));
    if (s.additionalProperties && typeof s.additionalProperties === "object")
      out.push(...memberNames(s.additionalProperties, seen));
    return out;
  };
  const bodies = (/** @type {Node} */ op) => {
    /** @type {Node[]} */
    const media = [];
    if (op.requestBody) media.push(...Object.values(resolve(op.requestBody).content ?? {}));
    for (const r of Object.values(op.responses ?? {})) media.push(...Object.values(resolve(r).content ?? {}));
    return media.flatMap((m) => memberNames(m.schema));
  };
  const docs = entries(doc).map((e) => ({
    id: e.id,
    kind: e.kind === "webhook" ? "webhook" : e.method.toUpperCase(),
    title: e.op.summary ?? e.op.operationId,
    path: e.name,
    names: [
      e.op.operationId,
      ...[...e.shared, ...(e.op.parameters ?? [])].map((p) => resolve(p).name),
      ...bodies(e.op),
      e.name.replace(METHOD_WORDS, ""),
    ].join(" "),
    text: [e.tag, e.op.description ?? "", e.op["x-not-shown"] ?? ""].join(" "),
  }));
  for (const [name, s] of Object.entries(/** @type {Record<string, Node>} */ (doc.components?.schemas ?? {})))
    docs.push({
      id: `/schemas/${name}`,
      kind: "schema",
      title: name,
      path: "",
      names: memberNames(s).join(" "),
      text: `${s.description ?? ""} ${s["x-not-shown"] ?? ""}`,
    });
  const description = String(doc.info.description ?? "");
  const headings = [...description.matchAll(/^#{2,4} (.+)$/gm)];
  headings.forEach((m, i) => {
    const end = headings[i + 1]?.index ?? description.length;
    const title = String(m[1]).trim();
    docs.push({
      id: `/section/${slug(title)}`,
      kind: "section",
      title,
      path: "",
      names: "",
      text: description.slice(m.index + m[0].length, end),
    });
  });
  return docs;
}

/**
 * `search-index.json`: the options and the serialized index.
 * @param {Node} doc
 */
export async function searchIndex(doc) {
  const { default: MiniSearch } = await import(await resolveMiniSearch());
  const index = new MiniSearch(searchOptions);
  index.addAll(searchDocuments(doc));
  return JSON.stringify({ options: searchOptions, index });
}

/** `search.js`: MiniSearch and scripts/docs-search-page.js bundled and minified by esbuild. */
export async function searchScript() {
  const { build } = await import("esbuild");
  const out = await build({
    entryPoints: [path.join(root, "scripts/docs-search-page.js")],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    write: false,
    legalComments: "none",
    alias: { minisearch: await resolveMiniSearch() },
    logLevel: "silent",
  });
  const [script] = out.outputFiles;
  if (!script) throw new Error("esbuild wrote no search.js");
  return script.text;
}
