// The Python async client (fo_api.aio), for scripts/clients.mjs: OpenAPI Generator's `python` generator on its
// `asyncio` library (aiohttp), from the same document, with the generator's own templates but for the imports of
// the client modules (ApiClient, Configuration, rest, the API classes), which point at fo_api.aio; the models,
// exceptions and api_response stay fo_api's, and the build checks that the async run wrote them identical to the
// sync run's. No generated file is edited: the edits are made to the templates, before generation, and each must
// match the pinned generator's template exactly as often as listed (a new generator version that moves a line fails
// here, not in a user's import).
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runSync } from "./run.mjs";
import { root, toolEnv } from "./tools.mjs";

export const ASYNC_CONFIG = path.join(root, "python/openapi-generator-async.yaml");

/**
 * [template, text, replacement, times]: the client modules of the async run live in fo_api.aio.
 * @type {[template: string, from: string, to: string, times: number][]}
 */
export const TEMPLATE_EDITS = [
  ["api.mustache", "from {{packageName}}.api_client import", "from {{packageName}}.aio.api_client import", 1],
  ["api.mustache", "from {{packageName}}.rest import", "from {{packageName}}.aio.rest import", 1],
  [
    "api_client.mustache",
    "from {{packageName}}.configuration import",
    "from {{packageName}}.aio.configuration import",
    1,
  ],
  ["api_client.mustache", "from {{packageName}} import rest", "from {{packageName}}.aio import rest", 1],
  ["exports_package.mustache", "from {{apiPackage}}.", "from {{packageName}}.aio.api.", 1],
  [
    "exports_package.mustache",
    "from {{packageName}}.api_client import",
    "from {{packageName}}.aio.api_client import",
    1,
  ],
  [
    "exports_package.mustache",
    "from {{packageName}}.configuration import",
    "from {{packageName}}.aio.configuration import",
    1,
  ],
  ["exports_api.mustache", "from {{apiPackage}}.", "from {{packageName}}.aio.api.", 1],
];

/** What the async run shares with the sync run (taken from the sync run), and what it adds under fo_api/aio. */
const SHARED = ["models", "exceptions.py", "api_response.py"];
const ASYNC_MODULES = ["api", "api_client.py", "configuration.py", "rest.py", "__init__.py"];

/**
 * Applies TEMPLATE_EDITS to one template's text; throws when an edit does not match as often as listed.
 * @param {string} name @param {string} text @param {typeof TEMPLATE_EDITS} [edits]
 */
export function editTemplate(name, text, edits = TEMPLATE_EDITS) {
  let edited = text;
  for (const [template, from, to, times] of edits) {
    if (template !== name) continue;
    const found = edited.split(from).length - 1;
    if (found !== times)
      throw new Error(
        `OpenAPI Generator's python template ${name} has "${from}" ${found} times, expected ${times}: ` +
          `update TEMPLATE_EDITS in scripts/clients-async.mjs for this generator version.`,
      );
    edited = edited.replaceAll(from, to);
  }
  return edited;
}

/**
 * The edited templates in `dir` (only those edited: the generator takes the rest from its jar), from the generator's
 * own, which `author template` writes out.
 * @param {string} jar @param {string} dir @param {string[]} [jvm]
 */
export function asyncTemplates(jar, dir, jvm = []) {
  const own = path.join(dir, "generator");
  rmSync(dir, { recursive: true, force: true });
  runSync("java", [...jvm, "-jar", jar, "author", "template", "-g", "python", "--library", "asyncio", "-o", own], {
    env: toolEnv,
    missing: "OpenAPI Generator needs Java 11 or newer (Debian: apt-get install default-jre-headless)",
  });
  const edited = path.join(dir, "edited");
  mkdirSync(edited, { recursive: true });
  for (const name of new Set(TEMPLATE_EDITS.map(([template]) => template)))
    writeFileSync(path.join(edited, name), editTemplate(name, readFileSync(path.join(own, name), "utf8")));
  return edited;
}

/**
 * Files under `dir`, relative, sorted.
 * @param {string} dir @param {string} [base]
 * @returns {string[]}
 */
function filesUnder(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesUnder(path.join(dir, entry.name), base)
        : [path.relative(base, path.join(dir, entry.name))],
    )
    .sort();
}

/**
 * The shared files of the two runs that differ (none, or the async client would not share fo_api's classes).
 * @param {string} syncPackage @param {string} asyncPackage
 */
export function sharedDifferences(syncPackage, asyncPackage) {
  const differ = [];
  for (const name of SHARED) {
    const [a, b] = [path.join(syncPackage, name), path.join(asyncPackage, name)];
    const listing = (/** @type {string} */ p) => (statSync(p).isDirectory() ? filesUnder(p) : [""]);
    const [files, other] = [listing(a), listing(b)];
    if (files.join("\n") !== other.join("\n")) differ.push(`${name} (other files)`);
    else
      for (const f of files)
        if (!readFileSync(path.join(a, f)).equals(readFileSync(path.join(b, f)))) differ.push(path.join(name, f));
  }
  return differ;
}

/**
 * Stages the async run's client modules as fo_api/aio in `stagedPackage` (the sync fo_api already there), after
 * checking that the async run's models, exceptions and api_response are the sync run's.
 * @param {string} out @param {string} stagedPackage
 */
export function stageAsync(out, stagedPackage) {
  const generated = path.join(out, "python-async/fo_api");
  const differ = sharedDifferences(path.join(out, "python/fo_api"), generated);
  if (differ.length)
    throw new Error(
      `The asyncio run of OpenAPI Generator wrote other ${differ.join(", ")} than the urllib3 run: fo_api.aio would ` +
        `not share fo_api's models and errors.`,
    );
  const aio = path.join(stagedPackage, "aio");
  mkdirSync(aio, { recursive: true });
  for (const name of ASYNC_MODULES) cpSync(path.join(generated, name), path.join(aio, name), { recursive: true });
}

/**
 * Lower bounds of a pyproject's `dependencies = [...]` or of one optional-dependencies line (`async = [...]`).
 * @param {string} text
 */
function bounds(text) {
  return new Map(
    [...text.matchAll(/"([A-Za-z0-9_.-]+)\s*\(?\s*>=\s*([0-9][^,)"\s]*)/g)].map((m) => [
      String(m[1]).toLowerCase(),
      String(m[2]),
    ]),
  );
}

/**
 * The names and lower bounds of a pyproject's `dependencies = [...]`.
 * @param {string} text
 */
export function dependencyBounds(text) {
  const list = /^dependencies = \[([^\]]*)\]/m.exec(text);
  if (!list) throw new Error("a pyproject.toml has no `dependencies = [...]` list");
  return bounds(String(list[1]));
}

/**
 * What only the async run's code imports (aiohttp, aiohttp-retry) must be what the `async` extra of
 * python/pyproject.toml declares, with the same lower bounds. Returns the problems.
 * @param {string} syncPyproject @param {string} asyncPyproject @param {string} ourPyproject
 */
export function asyncExtraProblems(syncPyproject, asyncPyproject, ourPyproject) {
  const sync = dependencyBounds(syncPyproject);
  const extraLine = /^async\s*=\s*\[(.*)\]\s*$/m.exec(ourPyproject);
  const extra = bounds(extraLine?.[1] ?? "");
  const problems = [];
  for (const [name, bound] of dependencyBounds(asyncPyproject)) {
    if (sync.has(name)) continue;
    if (extra.get(name) !== bound)
      problems.push(
        `the async client needs ${name}>=${bound}; the async extra of python/pyproject.toml declares ` +
          `${extra.has(name) ? `>=${extra.get(name)}` : "nothing"}`,
      );
  }
  return problems;
}

/**
 * asyncExtraProblems over the files of this checkout.
 * @param {string} out
 */
export function checkAsyncExtra(out) {
  const read = (/** @type {string} */ file) => readFileSync(file, "utf8");
  return asyncExtraProblems(
    read(path.join(out, "python/pyproject.toml")),
    read(path.join(out, "python-async/pyproject.toml")),
    read(path.join(root, "python/pyproject.toml")),
  );
}
