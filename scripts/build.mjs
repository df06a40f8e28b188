// Bundles openapi/ into generated/openapi.{yaml,json}, generates generated/types.ts and the Postman collection
// with its environments (generated/postman/, scripts/postman.mjs).
// `--check` writes nothing and fails when a committed file differs from what would be generated.
import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import YAML from "yaml";
import { parseOrExit } from "./args.mjs";
import { runNode } from "./run.mjs";
import { bin, packageInfo, paths, root } from "./tools.mjs";
import { operationsModule } from "./operations.mjs";

const NOTICE = "Generated from openapi/ by `npm run build`. Do not edit by hand: change openapi/ and rebuild.";

/** Bundles the split document into one object (all external $refs inlined as components). */
export async function bundle() {
  const { stdout } = await runNode(bin.redocly, ["bundle", path.relative(root, paths.source), "--ext", "json"]);
  const doc = JSON.parse(stdout);
  return { "x-generated": NOTICE, ...doc };
}

/** `{not: {}}`: a schema nothing matches (a forbidden property such as an RFI answer's requirement_id). */
const matchesNothing = (/** @type {Record<string, any>} */ schema) =>
  Object.keys(schema.not ?? { x: 1 }).length === 0 &&
  Object.keys(schema).every((k) => k === "not" || k === "description");

/** The name an object schema bans with `propertyNames: {not: {const: name}}` (the RFI answer's requirement_id). */
const bannedName = (/** @type {any} */ schema) =>
  typeof schema?.propertyNames?.not?.const === "string" ? schema.propertyNames.not.const : undefined;

/**
 * Types only: a banned property name becomes a property that matches nothing, so the type says `name?: never`.
 * @param {any} node a node of the document, as parsed
 * @returns {void}
 */
function withBannedProperties(node) {
  if (Array.isArray(node)) return node.forEach(withBannedProperties);
  if (!node || typeof node !== "object") return;
  const name = bannedName(node);
  if (name !== undefined) node.properties = { ...node.properties, [name]: { not: {}, description: "Never sent." } };
  Object.values(node).forEach(withBannedProperties);
}

/**
 * TypeScript types of the bundle; raw file bodies become bytes instead of `string`, forbidden properties
 * `never`. An open code set (`type: string` with `x-extensible-enum`) stays `string`, its known values in the
 * comment: `"a" | (string & {})` would offer them, but openapi-fetch's Readable<> maps `string & {}` to an
 * object type, and error codes would stop being strings.
 * @param {import("openapi-typescript").OpenAPI3} doc the bundle
 */
export async function types(doc) {
  // Loaded here, not at the top: lint, docs and the breaking check import bundle() and need neither (about 1.3 s).
  const [{ default: openapiTS, astToString }, { default: ts }] = await Promise.all([
    import("openapi-typescript"),
    import("typescript"),
  ]);
  const bytes = ts.factory.createUnionTypeNode(
    ["Blob", "Uint8Array", "ArrayBuffer"].map((name) => ts.factory.createTypeReferenceNode(name)),
  );
  const never = ts.factory.createKeywordTypeNode(ts.SyntaxKind.NeverKeyword);
  const input = structuredClone(doc);
  withBannedProperties(input);
  const ast = await openapiTS(input, {
    transform(schema) {
      if (
        schema &&
        typeof schema === "object" &&
        (schema.format === "binary" || ("contentMediaType" in schema && schema.contentMediaType))
      )
        return bytes;
      if (schema && typeof schema === "object" && matchesNothing(schema)) return never;
      return undefined;
    },
  });
  return `/**\n * ${NOTICE}\n */\n\n${astToString(ast)}`;
}

export async function render() {
  const doc = await bundle();
  const { postmanFiles } = await import("./postman.mjs");
  return {
    [paths.bundleJson]: `${JSON.stringify(doc, null, 2)}\n`,
    // Written as YAML 1.1 so that 1.1 loaders (PyYAML, Ruby, js-yaml) read it as the JSON: timestamps,
    // yes/no and the like come out quoted.
    [paths.bundleYaml]: `# ${NOTICE}\n${YAML.stringify(doc, { lineWidth: 0, version: "1.1" })}`,
    [paths.types]: await types(doc),
    [path.join(path.dirname(paths.types), "operations.ts")]: operationsModule(doc, NOTICE),
    ...Object.fromEntries(
      Object.entries(await postmanFiles(doc)).map(([file, data]) => [file, `${JSON.stringify(data, null, 2)}\n`]),
    ),
  };
}

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "build",
  usage: "npm run build   (or npm run build:check: --check writes nothing and fails on drift)",
  options: { check: { type: "boolean" } },
};

async function main() {
  const { check } = parseOrExit(command, process.argv.slice(2), packageInfo).values;
  const files = await render();
  const stale = [];
  if (!check)
    for (const dir of new Set(Object.keys(files).map((f) => path.dirname(f)))) await mkdir(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) {
    const rel = path.relative(root, file);
    if (check) {
      const current = await readFile(file, "utf8").catch(() => null);
      if (current !== text) stale.push(rel);
    } else {
      await writeFile(file, text);
      console.log(`wrote ${rel}`);
    }
  }
  // The package (dist/) is built from the sources and generated/types.ts just written; see build-package.mjs.
  if (!check) await (await import("./build-package.mjs")).buildPackage();
  if (stale.length) {
    console.error(`Stale generated files (run \`npm run build\`): ${stale.join(", ")}`);
    process.exitCode = 1;
  } else if (check) {
    console.log("generated/ is up to date");
  }
}

if (import.meta.main) {
  main().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
