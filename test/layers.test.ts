// The layers of the code: lint/layers.cjs's allow-list (which folder may import which; everything else refused) and
// Biome's noImportCycles. Checked here two ways: the allow-list itself, by planting in a tree of probe files, for every
// layer, an import of every other layer, and running the lint's layers check over it (each import the list does not
// allow must be refused, each one it allows must pass), with Biome's cycle rule on a type-only cycle; and the
// transitive graph of every shipped entry point of both packages, as a bundler walks it (esbuild's metafile), so an
// import that reaches a forbidden layer through others is found too.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { layersCheck } from "../scripts/lint.mjs";

const root = path.resolve(import.meta.dirname, "..");
const require = createRequire(import.meta.url);
const biome = require.resolve("@biomejs/biome/bin/biome");
const { LAYERS } = require("../lint/layers.cjs") as { LAYERS: Record<string, string[]> };

const probes = mkdtempSync(path.join(os.tmpdir(), "layers-"));
afterAll(() => rmSync(probes, { recursive: true, force: true }));
const write = (file: string, code: string) => {
  mkdirSync(path.dirname(path.join(probes, file)), { recursive: true });
  writeFileSync(path.join(probes, file), code);
};

const isFile = (layer: string) => /\.[cm]?[jt]s$/.test(layer);
/** A file of a layer: the layer itself when it is a file, else one in its folder. */
const fileOf = (layer: string) => (isFile(layer) ? layer : `${layer}/probe-target.ts`);
/** The file of `layer` that plants the import of `target`. */
const planter = (layer: string, target: string) =>
  isFile(layer) ? layer : `${layer}/imports-${target.replace(/[/.]/g, "_")}.ts`;
const relative = (from: string, to: string) => {
  const r = path.relative(path.dirname(from), to);
  return r.startsWith(".") ? r : `./${r}`;
};

const layers = Object.keys(LAYERS);
/** Every pair of layers, and whether the allow-list lets the first import the second. */
const pairs = layers.flatMap((layer) =>
  layers
    .filter((target) => target !== layer)
    .map((target) => ({
      layer,
      target,
      allowed: LAYERS[layer]!.some((a) => a === target || target.startsWith(`${a}/`)),
    })),
);

/** The lint's layers check over the probe tree: the refused imports it names, as "from -> to". */
let refused: Set<string>;
let outcome: Awaited<ReturnType<typeof layersCheck>>;

beforeAll(async () => {
  write("tsconfig.json", JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true, noEmit: true } }));
  for (const layer of layers) write(fileOf(layer), "export const x = 1;\n");
  // A layer that is a file imports every target itself; a folder gets one planting file per target.
  const planted = new Map<string, string[]>();
  for (const { layer, target } of pairs) {
    const file = planter(layer, target);
    planted.set(file, [...(planted.get(file) ?? []), relative(file, fileOf(target))]);
  }
  for (const [file, specifiers] of planted)
    write(
      file,
      `${specifiers.map((s, i) => `import { x as x${i} } from "${s}";`).join("\n")}\n` +
        `export const x = [${specifiers.map((_, i) => `x${i}`).join(", ")}];\n`,
    );
  const lines: string[] = [];
  const log = console.error;
  console.error = (line: string) => lines.push(String(line));
  try {
    outcome = await layersCheck(probes);
    outcome.report();
  } finally {
    console.error = log;
  }
  refused = new Set(
    [...lines.join("\n").matchAll(/not-in-allowed: (\S+) → (\S+)/g)].map(([, from, to]) => `${from} -> ${to}`),
  );
}, 60_000);

describe("the layers' allow-list (lint/layers.cjs), on planted imports", () => {
  test("the lint's layers check fails on the planted imports it does not allow", () => {
    expect(outcome.failed).toBe(true);
  });

  test.each(pairs)("$layer importing $target: allowed $allowed", ({ layer, target, allowed }) => {
    expect(refused.has(`${planter(layer, target)} -> ${fileOf(target)}`)).toBe(!allowed);
  });
});

describe("Biome's cycle rule (biome.jsonc)", () => {
  test("a cycle of type-only imports is refused", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "cycles-"));
    try {
      copyFileSync(path.join(root, "biome.jsonc"), path.join(dir, "biome.jsonc"));
      mkdirSync(path.join(dir, "src/flows"), { recursive: true });
      writeFileSync(path.join(dir, "src/flows/a.ts"), 'import type { B } from "./b.ts";\nexport type A = { b?: B };\n');
      writeFileSync(path.join(dir, "src/flows/b.ts"), 'import type { A } from "./a.ts";\nexport type B = { a?: A };\n');
      const run = spawnSync(
        process.execPath,
        [biome, "lint", "--vcs-enabled=false", "--colors=off", "--reporter=json", "--max-diagnostics=none", "."],
        { cwd: dir, encoding: "utf8" },
      );
      const report = JSON.parse(run.stdout) as { diagnostics: { category: string; location: { path: string } }[] };
      const cycles = report.diagnostics
        .filter((d) => d.category.endsWith("noImportCycles"))
        .map((d) => d.location.path);
      expect(cycles.sort()).toEqual(["src/flows/a.ts", "src/flows/b.ts"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
  /** The client package's entries (package.json's exports and bin) and the mock package's (its index, bin, process). */
  const client = ["src/index.ts", "src/fetch/index.ts", "src/signing/index.ts", "src/cli/fo-sign.ts"];
  const mock = ["src/mock/index.ts", "src/mock/fo-mock.ts", "src/mock/launch/process.ts"];

  test.each([...client, ...mock])("%s reaches nothing outside src/ and generated/", async (entry) => {
    const inputs = await reach(entry);
    expect(inputs).toContain(entry);
    expect(inputs.filter((f) => !/^(src|generated)\//.test(f))).toEqual([]);
  });

  test.each(client)("%s (the client package) reaches no module of the mock", async (entry) => {
    expect((await reach(entry)).filter((f) => f.startsWith("src/mock/"))).toEqual([]);
  });

  test.each(mock)(
    "%s (the mock package) reaches none of the client, the signing fetch, the flows or the proxy",
    async (entry) => {
      const inputs = await reach(entry);
      expect(inputs.filter((f) => /^src\/(client|fetch|flows|proxy)\//.test(f))).toEqual([]);
      expect(inputs.filter((f) => f.startsWith("src/cli/"))).toEqual(
        entry === "src/mock/fo-mock.ts" ? ["src/cli/args.ts"] : [],
      );
    },
  );

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
