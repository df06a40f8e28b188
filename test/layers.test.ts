// The layers of src/ (biome.jsonc's overrides say which imports each layer may make; Biome's noImportCycles keeps
// every import graph free of cycles). Checked here two ways: the rules themselves, by probing each layer with the
// imports it must not make (Biome must refuse each one), and the transitive graph of every shipped entry point, as a
// bundler walks it (esbuild's metafile), so an import that reaches a forbidden layer through others is found too.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const biome = createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome");

/** Each layer, a file in it, and the folders of src/ it must never import. */
const FORBIDDEN: [file: string, folders: string[]][] = [
  ["src/signing/probe.ts", ["client", "fetch", "flows", "server", "proxy", "mock", "cli"]],
  ["src/errors/probe.ts", ["client", "mock", "cli"]],
  ["src/server/probe.ts", ["proxy", "mock", "cli", "client"]],
  ["src/proxy/probe.ts", ["mock"]],
  ["src/cli/probe.ts", ["mock"]],
];
/** What no file of src/ may import, wherever it sits. */
const OUTSIDE_SRC = ["scripts/args.mjs", "test/helpers/thrown.ts", "bench/README.md"];
const ANYWHERE = ["src/index.ts", "src/mock/front.ts", "src/mock/stateful/probe.ts", "src/proxy/probe2.ts"];
/** Imports a layer may make: none of these is reported. */
const ALLOWED: [file: string, specifier: string][] = [
  ["src/proxy/allowed.ts", "../server/x.ts"],
  ["src/client/allowed.ts", "../signing/x.ts"],
  ["src/mock/allowed.ts", "../server/x.ts"],
  ["src/signing/allowed.ts", "../clock.ts"],
];

const probes = mkdtempSync(path.join(os.tmpdir(), "layers-"));
afterAll(() => rmSync(probes, { recursive: true, force: true }));
const write = (file: string, code: string) => {
  mkdirSync(path.dirname(path.join(probes, file)), { recursive: true });
  writeFileSync(path.join(probes, file), code);
};
const importsOf = (specifiers: string[]) =>
  `${specifiers.map((s, i) => `import * as m${i} from "${s}";`).join("\n")}\nexport const all = [${specifiers.map((_, i) => `m${i}`).join(", ")}];\n`;

/** One Biome run over a tree of probe files under the project's biome.jsonc: the rules each file breaks. */
function lintProbes(): Map<string, string[]> {
  copyFileSync(path.join(root, "biome.jsonc"), path.join(probes, "biome.jsonc"));
  for (const [file, folders] of FORBIDDEN) write(file, importsOf(folders.map((f) => `../${f}/x.ts`)));
  for (const file of ANYWHERE) {
    const up = "../".repeat(file.split("/").length - 1);
    write(file, importsOf(OUTSIDE_SRC.map((t) => `${up}${t}`)));
  }
  for (const [file, specifier] of ALLOWED) write(file, importsOf([specifier]));
  // A cycle closed by a type-only import counts too (the type lives in the wrong module).
  write("src/flows/a.ts", 'import type { B } from "./b.ts";\nexport type A = { b?: B };\n');
  write("src/flows/b.ts", 'import type { A } from "./a.ts";\nexport type B = { a?: A };\n');
  const run = spawnSync(
    process.execPath,
    [biome, "lint", "--vcs-enabled=false", "--colors=off", "--reporter=json", "--max-diagnostics=none", "."],
    { cwd: probes, encoding: "utf8" },
  );
  const report = JSON.parse(run.stdout) as { diagnostics: { category: string; location: { path: string } }[] };
  const found = new Map<string, string[]>();
  for (const d of report.diagnostics) {
    const rule = d.category.replace(/^lint\/\w+\//, "");
    if (rule === "noImportCycles" || rule === "noRestrictedImports")
      found.set(d.location.path, [...(found.get(d.location.path) ?? []), rule]);
  }
  return found;
}

describe("Biome's layer rules (biome.jsonc), on probe files", () => {
  const found = lintProbes();

  test.each(FORBIDDEN)("%s may not import %j", (file, folders) => {
    expect(found.get(file)).toEqual(folders.map(() => "noRestrictedImports"));
  });

  test.each(ANYWHERE)("%s may not import the scripts, tests or benches", (file) => {
    expect(found.get(file)).toEqual(OUTSIDE_SRC.map(() => "noRestrictedImports"));
  });

  test.each(ALLOWED)("%s may import %s", (file) => {
    expect(found.get(file)).toBeUndefined();
  });

  test("a cycle of type-only imports is refused", () => {
    expect(found.get("src/flows/a.ts")).toEqual(["noImportCycles"]);
    expect(found.get("src/flows/b.ts")).toEqual(["noImportCycles"]);
  });
});

/** The source files a bundler pulls in for an entry point (dependencies outside src/ left out), relative to root. */
async function reach(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [path.join(root, entry)],
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    packages: "external",
    logLevel: "silent",
  });
  return Object.keys(result.metafile.inputs);
}

describe("what each shipped entry point reaches, through every import", () => {
  const entries = ["src/index.ts", "src/fetch/index.ts", "src/signing/index.ts", "src/cli/fo-sign.ts"];

  test.each(entries)("%s reaches nothing outside src/ and generated/", async (entry) => {
    const inputs = await reach(entry);
    expect(inputs).toContain(entry);
    expect(inputs.filter((f) => !/^(src|generated)\//.test(f))).toEqual([]);
  });

  test("fo-sign reaches the proxy and the shared server parts, and no mock module", async () => {
    const inputs = await reach("src/cli/fo-sign.ts");
    expect(inputs).toContain("src/proxy/server.ts");
    expect(inputs).toContain("src/server/body.ts");
    expect(inputs.filter((f) => f.startsWith("src/mock/"))).toEqual([]);
  });

  test("signing reaches nothing of the client", async () => {
    const inputs = await reach("src/signing/index.ts");
    expect(inputs).toContain("src/signing/hmac.ts");
    expect(inputs.filter((f) => /^src\/(client|fetch|flows|server|proxy|mock|cli)\//.test(f))).toEqual([]);
  });
});
