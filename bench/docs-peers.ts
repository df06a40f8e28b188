// The peer renderers the docs interaction bench compares with (Stoplight Elements 9, Scalar 1.72), installed
// by this script into the git-ignored .cache/bench-peers (npm with --prefix, no install scripts, nothing
// saved to package.json), and laid out as two pages beside the document so one local server serves all.
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { run } from "../scripts/run.mjs";

const root = path.resolve(import.meta.dirname, "..");

export const peerVersions = { "@stoplight/elements": "9.0.25", "@scalar/api-reference": "1.72.1" };
const prefix = path.join(root, ".cache/bench-peers");
const modules = path.join(prefix, "node_modules");

/** Installs the peers once (about 2 minutes the first time); later runs find them. */
export async function installPeers(): Promise<void> {
  const missing = Object.entries(peerVersions).filter(
    ([name, version]) =>
      !existsSync(path.join(modules, name, "package.json")) ||
      JSON.parse(readFileSync(path.join(modules, name, "package.json"), "utf8")).version !== version,
  );
  if (missing.length === 0) return;
  await mkdir(prefix, { recursive: true });
  // A package.json of its own, so npm does not walk up to the project's (and its engines).
  await writeFile(path.join(prefix, "package.json"), '{ "name": "bench-peers", "private": true }\n');
  console.log(`installing ${missing.map(([n, v]) => `${n}@${v}`).join(", ")} into .cache/bench-peers ...`);
  await run(
    "npm",
    [
      "install",
      "--prefix",
      prefix,
      ...Object.entries(peerVersions).map(([n, v]) => `${n}@${v}`),
      "--no-save",
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
    ],
    { name: "npm install (bench peers)", timeoutMs: 600_000 },
  );
}

/** Writes elements.html and scalar.html, their renderers and `openapi.json` into `dir`. */
export async function layOutPeers(dir: string, documentFile: string): Promise<void> {
  await installPeers();
  await mkdir(path.join(dir, "elements"), { recursive: true });
  await cp(documentFile, path.join(dir, "openapi.json"));
  for (const file of ["web-components.min.js", "styles.min.css"])
    await cp(path.join(modules, "@stoplight/elements", file), path.join(dir, "elements", file));
  await cp(path.join(modules, "@scalar/api-reference/dist/browser/standalone.js"), path.join(dir, "scalar.js"));
  await writeFile(
    path.join(dir, "elements.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stoplight Elements</title>
<link rel="stylesheet" href="elements/styles.min.css"><script src="elements/web-components.min.js"></script></head>
<body style="margin:0"><elements-api apiDescriptionUrl="openapi.json" router="hash" layout="sidebar"
style="display:block;height:100vh"></elements-api></body></html>\n`,
  );
  // Scalar's own fonts come from its CDN unless turned off; the bench blocks every outside request anyway.
  await writeFile(
    path.join(dir, "scalar.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Scalar</title></head>
<body><div id="app"></div><script src="scalar.js"></script>
<script>Scalar.createApiReference("#app", { url: "openapi.json", withDefaultFonts: false, telemetry: false })</script>
</body></html>\n`,
  );
}
