// Builds the docs from a fresh bundle of openapi/ into out/docs/: index.html (the whole reference as static
// HTML, scripts/docs-static.mjs) with its search (search.js, search-index.json: scripts/docs-search.mjs);
// the Redoc view (Redoc CE 3 via `redocly build-docs --inlineBundle`): redoc.html, the light page that starts
// redoc.js on intent; each also precompressed (.gz, .br) for scripts/serve-docs.mjs; and standalone.html
// (Redoc in one self-contained file for opening from disk). Usage: npm run docs [-- --out DIR].
// Redoc 3 shows security schemes only in a per-operation dialog and renders vendor extensions only on
// operations and fields, so the docs copy of the document gets two sections composed from the document
// itself: the schemes' own descriptions under "Authentication", and every `x-not-shown` gap in one list;
// plus a "Code samples" section on running the operations' samples (x-codeSamples) against the mock.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { bundle } from "./build.mjs";
import { parseOrExit } from "./args.mjs";
import { compressed, hashLinks, localLogo, splitPage, withDescription } from "./docs-page.mjs";
import { searchIndex, searchScript } from "./docs-search.mjs";
import { staticPage } from "./docs-static.mjs";
import { runNode } from "./run.mjs";
import { bin, packageInfo, root, stripBanner } from "./tools.mjs";

export const defaultOutDir = path.join(root, "out/docs");
const template = path.join(root, "scripts/docs-template.hbs");

/** @typedef {import("./docs-static.mjs").Node} Node */

/**
 * Inserts `text` at the end of the `## heading` section of a Markdown text (or adds the section at the end).
 * @param {string} markdown @param {string} heading @param {string} text
 */
export function appendToSection(markdown, heading, text) {
  const lines = markdown.split("\n");
  const start = lines.findIndex((l) => l.trim() === `## ${heading}`);
  if (start < 0) return `${markdown.trimEnd()}\n\n## ${heading}\n\n${text}\n`;
  let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end < 0) end = lines.length;
  while (end > start + 1 && lines[end - 1]?.trim() === "") end--;
  return [...lines.slice(0, end), "", text, "", ...lines.slice(end)].join("\n").replace(/\n{3,}/g, "\n\n");
}

const schemeKind = (/** @type {Node} */ s) =>
  s.type === "http" ? `HTTP \`${s.scheme}\`` : s.type === "apiKey" ? `header \`${s.name}\`` : `\`${s.type}\``;

/**
 * Every security scheme with its full description, as `###` subsections (they appear in the sidebar).
 * @param {Node} doc
 */
export function authenticationMarkdown(doc) {
  return Object.entries(/** @type {Record<string, Node>} */ (doc.components?.securitySchemes ?? {}))
    .map(([name, s]) => {
      const parts = [`### ${name}`, `*${schemeKind(s)}*`, s.description ?? ""];
      if (s["x-not-shown"]) parts.push(`**Not shown:** ${s["x-not-shown"]}`);
      return parts.filter(Boolean).join("\n\n");
    })
    .join("\n\n");
}

const METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options", "trace"]);

/** @type {Readonly<Record<string, string>>} */
const COMPONENT_KINDS = { schemas: "schema", responses: "response", securitySchemes: "security scheme" };

/**
 * A reader's name for the place a JSON path points at (`POST /v1/...`, `schema Quote, field from_asset`).
 * @param {Node} doc @param {string[]} keys
 */
function locate(doc, keys) {
  const [top, a = "", b = "", ...rest] = keys;
  if (top === "servers") return `server \`${doc.servers[a].url}\` (${doc.servers[a].description ?? ""})`;
  if (top === "paths" && METHODS.has(b)) return `\`${b.toUpperCase()} ${a}\` (${doc.paths[a][b].summary ?? ""})`;
  if (top === "webhooks") return `webhook \`${a}\``;
  if (top === "components") {
    const fields = rest
      .filter((k) => k !== "properties" && k !== "allOf" && !/^\d+$/.test(k))
      .map((k) => (k === "items" ? "[]" : k));
    const field = fields.join(".").replace(/\.\[\]/g, "[]");
    if (a === "parameters") return `parameter \`${doc.components.parameters[b].name}\``;
    const kind = COMPONENT_KINDS[a] ?? a;
    return `${kind} \`${b}\`${field ? `, field \`${field}\`` : ""}`;
  }
  return `\`${keys.join("/")}\``;
}

/**
 * Every `x-not-shown` mark of the document, in document order, as `[location, text]`.
 * @param {Node} doc
 */
export function unknowns(doc) {
  /** @type {[string, string][]} */
  const out = [];
  const walk = (/** @type {unknown} */ node, /** @type {string[]} */ keys) => {
    if (!node || typeof node !== "object") return;
    for (const [k, v] of Object.entries(node)) {
      if (k === "x-not-shown") out.push([locate(doc, keys), String(v)]);
      else walk(v, [...keys, k]);
    }
  };
  walk(doc, []);
  return out;
}

/** @param {Node} doc */
export function unknownsMarkdown(doc) {
  const list = unknowns(doc);
  return [
    `Redoc shows each mark as **not-shown:** beside the operation or field it belongs to. All ${list.length} of them:`,
    list.map(([where, text]) => `- ${where}: ${text}`).join("\n"),
  ].join("\n\n");
}

/**
 * Inserts a `## heading` section with `text` just before the `## ` section that follows `## after` (at the end
 * if none).
 * @param {string} markdown @param {string} after @param {string} heading @param {string} text
 */
export function insertSectionAfter(markdown, after, heading, text) {
  const lines = markdown.split("\n");
  const start = lines.findIndex((l) => l.trim() === `## ${after}`);
  let end = start < 0 ? -1 : lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end < 0) end = lines.length;
  const joined = [...lines.slice(0, end), "", `## ${heading}`, "", text, "", ...lines.slice(end)].join("\n");
  return `${joined.replace(/\n{3,}/g, "\n\n").trimEnd()}\n`;
}

/** How to run the operations' code samples (openapi/code_samples/, shown by Redoc beside each operation). */
// (A backslash at a line's end continues the line: the text has no line break there.)
export const codeSamplesMarkdown = `\
Every operation shows a **TypeScript** sample (this project's client: \`createClient\` and, where one
fits, a flow helper) and a **cURL** sample, both for the sandbox's bearer token. Their default address
is the mock that \`npm start\` serves on http://127.0.0.1:4010, where any token is accepted:

\`\`\`sh
export BASE_URL=http://127.0.0.1:4010 SANDBOX_TOKEN=any-token PORTFOLIO_TOKEN=any-token
sh post.sh          # a cURL sample; the upload samples send ./memorandum.pdf
npx tsx post.ts     # a TypeScript sample, run inside this project (it imports the package by name)
\`\`\`

For the sandbox, set \`BASE_URL\` to its address and the tokens to yours (\`PORTFOLIO_TOKEN\` is for
\`/v1/portfolios/...\`). For production, give \`createClient\` \`credentials: { accessKey, secretKey }\`
instead of the bearer token and it signs every request (see *ServiceHmacSignature* under
Authentication); cURL cannot sign, but \`npm run sign -- METHOD PATH --curl --base-url URL\` prints a
signed command. The mock answers with the document's examples; the example quote's times lie far
ahead, so the Execute Quote sample finds it still valid (a real quote lasts 30 seconds).`;

/**
 * The document as the docs show it: the bundle plus the composed Authentication, code samples and unknowns
 * sections.
 * @param {Node} doc
 */
export function docsDocument(doc) {
  const copy = structuredClone(doc);
  delete copy["x-generated"];
  // Redoc shows a server's description as plain text: Markdown code marks would show as literal backticks.
  for (const server of copy.servers ?? [])
    if (server.description) server.description = server.description.replace(/`([^`]*)`/g, "$1");
  let description = copy.info.description ?? "";
  description = appendToSection(description, "Authentication", authenticationMarkdown(copy));
  description = insertSectionAfter(description, "Authentication", "Code samples", codeSamplesMarkdown);
  description = appendToSection(description, "What the reference does not show", unknownsMarkdown(copy));
  copy.info.description = description;
  return copy;
}

/**
 * The page's meta description: the document's opening paragraph (with its list), as plain text.
 * @param {Node} doc
 */
export function pageDescription(doc) {
  const opening = (doc.info.description ?? "").split(/\n\s*\n(?![-*] )/)[0] ?? "";
  const text = opening
    .replace(/^\s*[-*]\s+/gm, "")
    .replace(/[`*_]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const full = `${doc.info.title}: ${text || "reference"}`;
  return full.length <= 300 ? full : `${full.slice(0, 297).replace(/\s+\S*$/, "")}...`;
}

/**
 * Builds the pages into `outDir`; returns their paths, sizes and build time. Fails if a page could reach a network.
 * @param {{ outDir?: string, document?: object }} [options] `document`: a bundle to build from (default a fresh one)
 */
export async function buildDocs({ outDir = defaultOutDir, document } = {}) {
  const started = performance.now();
  const doc = docsDocument(document ?? (await bundle()));
  const tmp = await mkdtemp(path.join(os.tmpdir(), "docs-"));
  const built = path.join(tmp, "redoc.html");
  let redoc;
  try {
    const source = path.join(tmp, "openapi.json");
    await writeFile(source, JSON.stringify(doc));
    await runNode(bin.redocly, [
      "build-docs",
      source,
      "--output",
      built,
      "--inlineBundle",
      "--template",
      template,
      "--config",
      path.join(root, "redocly.yaml"),
    ]);
    redoc = await readFile(built, "utf8");
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  // Redoc 3 sends usage telemetry from the page unless the CLI ran with telemetry off (quietEnv does that).
  if (!redoc.includes('"disableTelemetry":true')) throw new Error("Redoc telemetry is not disabled in the docs page.");
  const standalone = withDescription(hashLinks(localLogo(redoc)), pageDescription(doc));
  const { page, script } = splitPage(standalone);
  // The static page carries the same self-only policy as the Redoc pages (one source: the template's meta tag).
  const pagePolicy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(
    await readFile(template, "utf8"),
  )?.[1];
  if (!pagePolicy) throw new Error("scripts/docs-template.hbs has no Content-Security-Policy meta tag.");
  const reference = staticPage(doc, { description: pageDescription(doc), policy: pagePolicy });
  for (const [name, html] of /** @type {[string, string][]} */ ([
    ["index.html", reference],
    ["redoc.html", page],
    ["standalone.html", standalone],
  ])) {
    if (/<script[^>]+\ssrc="?(https?:)?\/\/|<link[^>]+\shref="?(https?:)?\/\//i.test(html))
      throw new Error(`${name}: the page loads something from outside.`);
  }
  await mkdir(outDir, { recursive: true });
  // robots.txt: the page may be indexed (a missing one is a 404 that crawlers and Lighthouse report).
  const files = {
    "index.html": reference,
    "redoc.html": page,
    "search.js": await searchScript(),
    "search-index.json": await searchIndex(doc),
    "redoc.js": script,
    "standalone.html": standalone,
    "robots.txt": "User-agent: *\nAllow: /\n",
  };
  for (const [name, text] of Object.entries(files)) {
    const bytes = Buffer.from(text);
    await writeFile(path.join(outDir, name), bytes);
    if (name === "standalone.html" || name === "robots.txt") continue;
    const { gz, br } = compressed(bytes);
    await writeFile(path.join(outDir, `${name}.gz`), gz);
    await writeFile(path.join(outDir, `${name}.br`), br);
  }
  const file = path.join(outDir, "index.html");
  return {
    file,
    standalone: path.join(outDir, "standalone.html"),
    bytes: (await stat(file)).size,
    scriptBytes: (await stat(path.join(outDir, "redoc.js"))).size,
    brotliBytes: (await stat(`${file}.br`)).size,
    ms: Math.round(performance.now() - started),
  };
}

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "docs",
  usage: "npm run docs [-- --out DIR]   (default out/docs)",
  options: { out: { type: "string" } },
};

async function main() {
  const { values } = parseOrExit(command, process.argv.slice(2), packageInfo);
  const outDir =
    values.out !== undefined
      ? path.resolve(process.env.npm_lifecycle_event === "docs" ? (process.env.INIT_CWD ?? ".") : ".", values.out)
      : defaultOutDir;
  const { file, bytes, brotliBytes, scriptBytes, ms } = await buildDocs({ outDir });
  const kb = (/** @type {number} */ n) => `${Math.round(n / 1024)} KB`;
  console.log(
    `docs: ${path.relative(process.cwd(), file)} (the whole reference, ${kb(bytes)}, ${kb(brotliBytes)} sent ` +
      `compressed; the Redoc view redoc.html starts redoc.js, ${kb(scriptBytes)}, on intent; standalone.html ` +
      `for disk) in ${ms} ms`,
  );
}

if (import.meta.main) {
  main().catch((err) => {
    console.error(stripBanner(err.message));
    process.exit(1);
  });
}
