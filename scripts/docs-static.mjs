// The whole reference as plain HTML, built from the docs document at build time: every section of the
// introduction, every operation and webhook (parameters, request and response schemas with their nested
// members, examples, code samples, the `x-not-shown` unknowns), every schema, and a sidebar of links. It
// reads with JavaScript off, and a deep link lands on its section by the browser alone: each section's id
// is the hash route Redoc gives it (`#/conversions/createquote`, `#/section/authentication`), so links made
// for the Redoc view keep working. Markdown goes through marked; the rest is escaped text in a few
// functions. Measured at 4x CPU, Redoc's in-browser render blocked the reader's first act for 1-2 s; this
// page has nothing to run (see docs/docs-page.md).
import { Marked } from "marked";

/** @typedef {any} Node a node of the bundled document, as parsed: JSON that the lint checked, not typed here */

/** @type {Readonly<Record<string, string>>} */
const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const esc = (/** @type {unknown} */ s) => String(s).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** Redoc's slug of a heading or tag: lower case, spaces to dashes (its routes keep dots and brackets). */
export const slug = (/** @type {unknown} */ text) =>
  String(text)
    .toLowerCase()
    .trim()
    .replace(/[^\w\s.()-]/g, "")
    .replace(/\s+/g, "-");

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/**
 * @typedef {{ kind: "operation" | "webhook", name: string, method: string, op: Node, tag: string, id: string,
 *   shared: Node[] }} Entry
 */

/**
 * Every operation (`kind` "operation") and webhook (`kind` "webhook") of the document, with its route.
 * @param {Node} doc
 * @returns {Entry[]}
 */
export function entries(doc) {
  /** @type {Entry[]} */
  const out = [];
  for (const [kind, items] of /** @type {const} */ ([
    ["operation", doc.paths ?? {}],
    ["webhook", doc.webhooks ?? {}],
  ]))
    for (const [name, item] of Object.entries(/** @type {Record<string, Node>} */ (items)))
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        const tag = op.tags?.[0] ?? "default";
        const id = `/${slug(tag)}/${String(op.operationId ?? `${method}-${name}`).toLowerCase()}`;
        out.push({ kind, name, method, op, tag, id, shared: item.parameters ?? [] });
      }
  return out;
}

/**
 * A node with its local `#/...` references followed (at most 10 hops), or {} where one leads nowhere.
 * @param {Node} doc @param {Node} node
 * @returns {Node}
 */
export function resolveIn(doc, node) {
  let n = node;
  for (let i = 0; n?.$ref && i < 10; i++)
    n = n.$ref
      .slice(2)
      .split("/")
      .reduce((/** @type {Node} */ o, /** @type {string} */ k) => o?.[k.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
  return n ?? {};
}

/**
 * The static page's parts: `nav` (the sidebar) and `main` (the whole reference).
 * @param {Node} doc
 */
export function renderReference(doc) {
  const resolve = (/** @type {Node} */ node) => resolveIn(doc, node);
  // A schema where it is used: what its $ref leads to, with what stands beside the $ref there in its place (a member's
  // own description or gap, as OpenAPI 3.1 and Redoc read a $ref with siblings).
  const seen = (/** @type {Node} */ node) => {
    if (!node?.$ref) return resolve(node);
    const { $ref: _ref, ...beside } = node;
    return { ...resolve(node), ...beside };
  };
  /** @type {(node: Node) => string | undefined} */
  const refName = (node) => (node?.$ref?.startsWith("#/components/schemas/") ? node.$ref.split("/").pop() : undefined);

  // Headings inside Markdown: the introduction's `##`/`###` get Redoc's section routes as ids; headings inside
  // an operation's or schema's text are shifted below that element's own heading level.
  const marked = new Marked({ gfm: true });
  let shift = 0;
  let sectionIds = true;
  marked.use({
    renderer: {
      heading(text, level, raw) {
        const at = Math.min(6, level + shift);
        const id = sectionIds ? ` id="/section/${esc(slug(raw))}"` : "";
        return `<h${at}${id}>${text}</h${at}>\n`;
      },
    },
  });
  const md = (/** @type {unknown} */ text, levelShift = 2) => {
    if (!text) return "";
    shift = levelShift;
    sectionIds = false;
    // Synchronous: no async extension is used.
    return /** @type {string} */ (marked.parse(String(text)));
  };
  const unknown = (/** @type {Node} */ node) =>
    node?.["x-not-shown"] ? `<p class="unknown"><strong>Not shown:</strong> ${esc(node["x-not-shown"])}</p>` : "";

  /**
   * One line's worth of a schema's type: `string (date-time)`, `array of Quote`, `one of A, B`.
   * @param {Node} s
   * @returns {string}
   */
  const typeOf = (s) => {
    const name = refName(s);
    if (name) return `<a href="#/schemas/${esc(name)}">${esc(name)}</a>`;
    const r = resolve(s);
    if (r.type === "array") return `array of ${r.items ? typeOf(r.items) : "any"}`;
    for (const k of ["oneOf", "anyOf", "allOf"])
      if (r[k]) return `${{ oneOf: "one of", anyOf: "any of", allOf: "all of" }[k]} ${r[k].map(typeOf).join(", ")}`;
    const t = Array.isArray(r.type) ? r.type.join(" or ") : (r.type ?? (r.properties ? "object" : "any"));
    return esc(r.format ? `${t} (${r.format})` : t);
  };

  const facts = (/** @type {Node} */ r) => {
    /** @type {string[]} */
    const out = [];
    // One code element for the whole list: error-code enums run to dozens of values, and every element of the
    // page costs layout time on a slow phone.
    if (r.enum)
      out.push(`one of <code>${r.enum.map((/** @type {unknown} */ v) => esc(JSON.stringify(v))).join(" | ")}</code>`);
    if (r.const !== undefined) out.push(`always <code>${esc(JSON.stringify(r.const))}</code>`);
    for (const k of ["pattern", "minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems", "default"])
      if (r[k] !== undefined)
        out.push(`${k} <code>${esc(typeof r[k] === "string" ? r[k] : JSON.stringify(r[k]))}</code>`);
    if (r.example !== undefined) out.push(`example <code>${esc(JSON.stringify(r.example))}</code>`);
    if (r.examples)
      out.push(
        `examples <code>${r.examples.map((/** @type {unknown} */ v) => esc(JSON.stringify(v))).join(" | ")}</code>`,
      );
    if (r.readOnly) out.push("read-only");
    if (r.deprecated) out.push("deprecated");
    return out.length ? `<p class="facts">${out.join("; ")}</p>` : "";
  };

  /**
   * A schema's members, nested members inline; a named schema met inside another is a link to its own entry
   * (each named schema is written out once, under Schemas), except at the top (`open`), where it is expanded.
   * @param {Node} s @param {boolean} [open] @param {number} [depth]
   * @returns {string}
   */
  const members = (s, open = false, depth = 0) => {
    if (depth > 8) return "";
    if (refName(s) && !open) return "";
    const r = resolve(s);
    /** @type {string[]} */
    const parts = [];
    const props = Object.entries(r.properties ?? {});
    if (props.length) {
      const required = new Set(r.required ?? []);
      parts.push(
        `<ul class="members">${props
          .map(([name, /** @type {Node} */ p]) => {
            const pr = seen(p);
            const nested = members(p, false, depth + 1);
            const head = `<code class="name">${esc(name)}</code> <span class="type">${typeOf(p)}</span>${
              required.has(name) ? ' <span class="req">required</span>' : ""
            }`;
            const body = `${md(pr.description, 4)}${facts(pr)}${unknown(pr)}`;
            return nested
              ? `<li><details open><summary>${head}</summary>${body}${nested}</details></li>`
              : `<li>${head}${body}</li>`;
          })
          .join("")}</ul>`,
      );
    }
    if (r.items && !refName(r.items)) {
      const nested = members(r.items, false, depth + 1);
      if (nested) parts.push(`<p class="sub">Each item:</p>${nested}`);
    }
    for (const k of ["allOf", "oneOf", "anyOf"])
      if (r[k])
        parts.push(
          `<p class="sub">${{ allOf: "All of", oneOf: "One of", anyOf: "Any of" }[k]}:</p><ul class="variants">${r[k]
            .map((/** @type {Node} */ v) => {
              const vr = seen(v);
              return `<li><span class="type">${typeOf(v)}</span>${
                refName(v) ? "" : `${md(vr.description, 4)}${unknown(vr)}${members(v, false, depth + 1)}`
              }</li>`;
            })
            .join("")}</ul>`,
        );
    if (r.additionalProperties && typeof r.additionalProperties === "object") {
      const a = r.additionalProperties;
      parts.push(
        `<p class="sub">Other members: <span class="type">${typeOf(a)}</span></p>${md(seen(a).description, 4)}${unknown(seen(a))}${members(a, false, depth + 1)}`,
      );
    }
    return parts.join("");
  };

  // `expand`: a named schema's members written out here too (request bodies and successful responses); an
  // error response names its envelope, written out once under Schemas (one envelope serves many operations,
  // and every element of the page costs layout time on a slow phone).
  const schemaBlock = (/** @type {Node} */ s, expand = true) => {
    const r = resolve(s);
    const name = refName(s);
    return `<p class="schema-type">Schema: <span class="type">${typeOf(s)}</span></p>${
      name ? `${md(r.description, 4)}${unknown(r)}` : ""
    }${facts(r)}${name && !expand ? "" : members(s, true)}`;
  };

  const json = (/** @type {unknown} */ v) =>
    `<pre><code>${esc(typeof v === "string" ? v : JSON.stringify(v, null, 2))}</code></pre>`;
  const examples = (/** @type {Node} */ media) => {
    /** @type {string[]} */
    const out = [];
    if (media.example !== undefined)
      out.push(`<details open><summary>Example</summary>${json(media.example)}</details>`);
    for (const [name, ex] of Object.entries(media.examples ?? {})) {
      const e = resolve(ex);
      out.push(
        `<details open><summary>Example: ${esc(e.summary ?? name)}</summary>${md(e.description, 5)}${
          e.value !== undefined ? json(e.value) : e.externalValue ? `<p>${esc(e.externalValue)}</p>` : ""
        }</details>`,
      );
    }
    return out.join("");
  };
  const content = (/** @type {Node} */ c, expand = true) =>
    Object.entries(/** @type {Record<string, Node>} */ (c ?? {}))
      .map(
        ([type, media]) =>
          `<p class="media"><code>${esc(type)}</code></p>${media.schema ? schemaBlock(media.schema, expand) : ""}${examples(media)}`,
      )
      .join("");

  const operation = (/** @type {Entry} */ e) => {
    const { op } = e;
    const params = [...e.shared, ...(op.parameters ?? [])].map(resolve);
    const security = op.security ?? doc.security ?? [];
    const out = [
      `<section class="op" id="${esc(e.id)}" aria-labelledby="${esc(e.id)}-h">`,
      `<h3 id="${esc(e.id)}-h">${esc(op.summary ?? op.operationId)}${e.kind === "webhook" ? ' <span class="badge">Webhook</span>' : ""}</h3>`,
      `<p class="endpoint"><span class="method m-${e.method}">${e.method.toUpperCase()}</span> <code>${esc(e.name)}</code>${
        op.operationId ? ` <span class="opid">${esc(op.operationId)}</span>` : ""
      }</p>`,
      md(op.description, 3),
      unknown(op),
      security.length
        ? `<p class="security">Authorization: ${security
            .map((/** @type {Node} */ req) =>
              Object.keys(req)
                .map((k) => `<a href="#/section/${esc(slug(k))}">${esc(k)}</a>`)
                .join(" + "),
            )
            .join(" or ")}</p>`
        : e.kind === "webhook"
          ? ""
          : '<p class="security">No authorization.</p>',
    ];
    if (params.length)
      out.push(
        `<h4>Parameters</h4><ul class="members">${params
          .map((p) => {
            const s = resolve(p.schema);
            return `<li><code class="name">${esc(p.name)}</code> <span class="in">${esc(p.in)}</span> <span class="type">${typeOf(
              p.schema ?? {},
            )}</span>${p.required ? ' <span class="req">required</span>' : ""}${md(p.description, 4)}${facts(s)}${
              p.example !== undefined
                ? `<p class="facts">example <code>${esc(JSON.stringify(p.example))}</code></p>`
                : ""
            }${unknown(p)}${unknown(s)}</li>`;
          })
          .join("")}</ul>`,
      );
    if (op.requestBody) {
      const b = resolve(op.requestBody);
      out.push(
        `<h4>Request body${b.required ? ' <span class="req">required</span>' : ""}</h4>`,
        md(b.description, 4),
        unknown(b),
        content(b.content),
      );
    }
    const responses = Object.entries(op.responses ?? {});
    if (responses.length) {
      out.push("<h4>Responses</h4>");
      for (const [status, resp] of responses) {
        const r = resolve(resp);
        const headers = Object.entries(r.headers ?? {});
        out.push(
          `<details open class="response" id="${esc(e.id)}/response/${esc(status)}"><summary><span class="status s${esc(
            status[0],
          )}">${esc(status)}</span> ${esc((r.description ?? "").split("\n")[0])}</summary>`,
          md(r.description?.includes("\n") ? r.description : "", 4),
          unknown(r),
          headers.length
            ? `<p class="sub">Headers:</p><ul class="members">${headers
                .map(([name, h]) => {
                  const hr = resolve(h);
                  return `<li><code class="name">${esc(name)}</code> <span class="type">${typeOf(hr.schema ?? {})}</span>${md(
                    hr.description,
                    5,
                  )}${unknown(hr)}</li>`;
                })
                .join("")}</ul>`
            : "",
          content(r.content, /^[123]/.test(status)),
          "</details>",
        );
      }
    }
    const samples = op["x-codeSamples"] ?? [];
    if (samples.length)
      out.push(
        `<h4>Code samples</h4>${samples
          .map(
            (/** @type {Node} */ s) =>
              `<details open class="sample"><summary>${esc(s.label ?? s.lang)}</summary>${json(s.source)}</details>`,
          )
          .join("")}`,
      );
    out.push("</section>");
    return out.join("\n");
  };

  // The introduction: Redoc's section routes on its `##` and `###` headings.
  shift = 0;
  sectionIds = true;
  const intro = /** @type {string} */ (marked.parse(doc.info.description ?? ""));
  const introHeadings = [...String(doc.info.description ?? "").matchAll(/^(##|###) (.+)$/gm)].map((m) => ({
    level: String(m[1]).length,
    text: String(m[2]).trim(),
  }));
  const all = entries(doc);
  const tags = [...new Set([...(doc.tags ?? []).map((/** @type {Node} */ t) => t.name), ...all.map((e) => e.tag)])];
  const tagInfo = Object.fromEntries((doc.tags ?? []).map((/** @type {Node} */ t) => [t.name, t]));
  const schemas = Object.entries(doc.components?.schemas ?? {});

  const servers = (doc.servers ?? [])
    .map(
      (/** @type {Node} */ s) =>
        `<li><code>${esc(s.url)}</code> ${esc(s.description ?? "")}${Object.entries(s.variables ?? {})
          .map(([k, v]) => ` <code>${esc(k)}</code> default <code>${esc(v.default)}</code>`)
          .join("")}${unknown(s)}</li>`,
    )
    .join("");

  const main = [
    `<section id="/" aria-labelledby="top-h"><h1 id="top-h">${esc(doc.info.title)} (${esc(doc.info.version)})</h1>`,
    `<div class="md">${intro}</div>`,
    servers ? `<h2 id="/section/servers">Servers</h2><ul>${servers}</ul>` : "",
    "</section>",
    ...tags.map((tag) => {
      const ops = all.filter((e) => e.tag === tag);
      return `<section class="tag" id="/${esc(slug(tag))}" aria-labelledby="/${esc(slug(tag))}-h"><h2 id="/${esc(
        slug(tag),
      )}-h">${esc(tag)}</h2>${md(tagInfo[tag]?.description, 2)}<ul class="toc">${ops
        .map((e) => `<li><a href="#${esc(e.id)}">${esc(e.op.summary ?? e.op.operationId)}</a></li>`)
        .join("")}</ul>\n${ops.map(operation).join("\n")}</section>`;
    }),
    `<section class="tag" id="/schemas" aria-labelledby="/schemas-h"><h2 id="/schemas-h">Schemas</h2>${schemas
      .map(
        ([name, s]) =>
          `<section class="schema" id="/schemas/${esc(name)}" aria-labelledby="/schemas/${esc(name)}-h"><h3 id="/schemas/${esc(
            name,
          )}-h">${esc(name)}</h3><p class="schema-type">Type: <span class="type">${typeOf({ ...s, $ref: undefined })}</span></p>${md(
            s.description,
            3,
          )}${unknown(s)}${facts(s)}${members(s, true)}</section>`,
      )
      .join("\n")}</section>`,
  ].join("\n");

  const nav = [
    '<ul class="nav">',
    `<li><a href="#/">Introduction</a><ul>${introHeadings
      .filter((h) => h.level === 2)
      .map((h) => `<li><a href="#/section/${esc(slug(h.text))}">${esc(h.text)}</a></li>`)
      .join("")}</ul></li>`,
    ...tags.map(
      (tag) =>
        `<li><a class="group" href="#/${esc(slug(tag))}">${esc(tag)}</a><ul>${all
          .filter((e) => e.tag === tag)
          .map(
            (e) =>
              `<li><a href="#${esc(e.id)}"><span class="method m-${e.method}">${e.kind === "webhook" ? "hook" : e.method}</span> <span>${esc(
                e.op.summary ?? e.op.operationId,
              )}</span></a></li>`,
          )
          .join("")}</ul></li>`,
    ),
    `<li><a class="group" href="#/schemas">Schemas</a><ul>${schemas
      .map(([name]) => `<li><a href="#/schemas/${esc(name)}">${esc(name)}</a></li>`)
      .join("")}</ul></li>`,
    "</ul>",
  ].join("\n");
  return { nav, main };
}

/** The page's CSS: a fixed sidebar beside the reference, one column on narrow screens; AA contrast. */
export const css = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}
a{color:#0550ae}
code,pre{font:13.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:10px 12px;overflow:auto;max-height:32em}
.layout{display:grid;grid-template-columns:280px minmax(0,1fr)}
nav{position:sticky;top:0;height:100vh;overflow:auto;border-right:1px solid #d0d7de;background:#f6f8fa;padding:12px 8px;font-size:14.5px}
nav ul{list-style:none;margin:0;padding:0}
nav ul ul{padding-left:10px;margin-bottom:6px}
nav a{display:block;padding:3px 6px;border-radius:4px;text-decoration:none;color:#1f2328}
nav a:hover,nav a:focus{background:#e7ecf0}
.views a{display:inline;padding:0}
nav a.group{font-weight:600;margin-top:6px}
nav .method{display:inline-block;min-width:3.2em;font-size:11px;font-weight:700;text-transform:uppercase}
main{padding:16px 40px 80px;max-width:1100px}
section.op,section.schema{border-top:1px solid #d0d7de;margin-top:28px;padding-top:4px}
h1{font-size:30px}h2{font-size:25px;margin-top:40px}h3{font-size:20px}h4{font-size:16px;margin-bottom:6px}
.endpoint{font-size:15px}
.method{font-weight:700}.m-get{color:#116329}.m-post{color:#0550ae}.m-put,.m-patch{color:#7d4e00}.m-delete{color:#a40e26}
.opid,.in{color:#57606a;font-size:13px}
.badge{font-size:12px;background:#ddf4ff;color:#0550ae;border-radius:10px;padding:1px 8px;vertical-align:middle}
.type{color:#6639ba;font-size:13.5px}.req{color:#a40e26;font-size:13px}
.unknown{background:#fff8c5;border-left:3px solid #9a6700;padding:4px 8px}
.facts,.sub,.schema-type,.media{font-size:14px;color:#3d444d;margin:4px 0}
ul.members{list-style:none;padding-left:14px;border-left:2px solid #d0d7de;margin:6px 0}
ul.members>li{margin:6px 0}
details>summary{cursor:pointer}
.status{font-weight:700}.s2{color:#116329}.s4,.s5{color:#a40e26}
main p{margin:6px 0}
search label{font-weight:600;font-size:14px}
#search{width:100%;font:inherit;padding:4px 6px;margin:4px 0;border:1px solid #6e7781;border-radius:4px}
#search-results{list-style:none;padding:0;margin:0 0 8px}#search-results .kind{font-size:11px;font-weight:700;color:#57606a}
.skip{position:absolute;left:-9999px}.skip:focus{left:8px;top:8px;background:#fff;padding:4px}
.to-contents{display:none}
/* A phone shows the reference first and the contents after it, with a link down to them. */
@media (max-width:800px){.layout{display:flex;flex-direction:column}nav{order:2;position:static;height:auto;border-right:0;border-top:1px solid #d0d7de}main{padding:12px 16px}.to-contents{display:block;margin:8px 0}}
`;

// Shows the search field (it needs script, and the served page: from disk the browser refuses to read the index
// beside the page) and starts search.js once, when the reader first reaches for it.
const searchLoader = `(function(){var d=document,b=d.getElementById("search-box"),f=d.getElementById("search"),go=0;\
if(location.protocol==="file:")return;b.hidden=false;function load(){if(go)return;go=1;var s=d.createElement("script");s.src="search.js";d.head.appendChild(s)}\
["focus","pointerenter","keydown"].forEach(function(e){f.addEventListener(e,load)})})();`;

/**
 * The whole static page: the reference, its sidebar, and a link to the Redoc view of the same document.
 * @param {Node} doc @param {{ description: string, policy: string }} page its meta description and the CSP
 */
export function staticPage(doc, { description, policy }) {
  const { nav, main } = renderReference(doc);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${esc(policy)}">
<title>${esc(doc.info.title)}</title>
<meta name="description" content="${esc(description)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${css}</style>
</head>
<body>
<a class="skip" href="#/">Skip to the reference</a>
<div class="layout">
<nav aria-label="Contents" id="contents">
<p class="views"><a href="redoc.html">Redoc view</a> · <a href="standalone.html">one file</a></p>
<search id="search-box" hidden><label for="search">Search</label> <input type="search" id="search" autocomplete="off" placeholder="operation, path, field"><ul id="search-results" aria-live="polite"></ul></search>
<script>${searchLoader}</script>
${nav}
</nav>
<main>
<a class="to-contents" href="#contents">Contents</a>
${main}
</main>
</div>
</body>
</html>
`;
}
