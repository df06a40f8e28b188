// Lints the document: Redocly on the split source, the flows' Arazzo workflows (openapi/flows.arazzo.yaml) and the
// stateful mock's control API they call (src/mock/stateful/control.openapi.yaml); Spectral's own Arazzo ruleset on the
// workflows (.spectral-arazzo.yaml: Arazzo 1.0.1's schema and runtime expressions; Redocly's lint accepts Redocly's
// own constructs there); Spectral and vacuum on a fresh bundle (vacuum is built from the
// Go module proxy once, scripts/tools/vacuum.mjs), the breaking-change check on that bundle; and the code: Biome in
// check mode (`biome ci`, nothing written; `npm run format` writes) over the TypeScript and JavaScript, and tsc
// over the whole program.
// Exits non-zero on any error or warning of any of them.
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseOrExit } from "./args.mjs";
import { bundle } from "./build.mjs";
import { RunError, run, runNode, stillRunning } from "./run.mjs";
import { bin, packageInfo, paths, root, stripBanner } from "./tools.mjs";
import { OASDIFF, oasdiffPath } from "./oasdiff.mjs";
import { vacuumBinary } from "./tools/vacuum.mjs";

/**
 * @typedef {{ failed: boolean, report: () => void }} Outcome one check's verdict, and how it prints its report
 */

/**
 * What a failed step printed: the held output of a RunError, else its message.
 * @param {unknown} err @param {"output" | "stdout" | "stderr"} [stream]
 */
const printed = (err, stream = "output") =>
  (err instanceof RunError && err.result?.[stream]?.trim()) || /** @type {Error} */ (err).message;

// The checks run side by side (each is mostly one process); their reports print in this order.
async function redoclyLint() {
  try {
    // One run for all three: linted apart, each would warn that the others' rules went unused.
    const { stdout, stderr } = await runNode(bin.redocly, [
      "lint",
      path.relative(root, paths.source),
      path.join("openapi", "flows.arazzo.yaml"),
      path.join("src", "mock", "stateful", "control.openapi.yaml"),
      "--max-problems",
      "1000",
    ]);
    const out = stripBanner(`${stdout}\n${stderr}`);
    if (/warning/i.test(out.replace(/You have 0 warnings/i, "")))
      return { failed: true, report: () => console.error(out) };
    return { failed: false, report: () => console.log("redocly: no errors, no warnings") };
  } catch (err) {
    return { failed: true, report: () => console.error(stripBanner(printed(err))) };
  }
}

/** Spectral's `spectral:arazzo` on the workflows: standard Arazzo 1.0.1, any error, warning or hint fails. */
async function arazzoLint() {
  return runNode(bin.spectral, [
    "lint",
    path.join(root, "openapi", "flows.arazzo.yaml"),
    "--ruleset",
    path.join(root, ".spectral-arazzo.yaml"),
    "--fail-severity",
    "hint",
    "--display-only-failures",
  ]).then(
    () => ({ failed: false, report: () => console.log("spectral:arazzo: no errors, no warnings") }),
    (err) => ({ failed: true, report: () => console.error(`spectral:arazzo: ${printed(err, "stdout")}`) }),
  );
}

/** Spectral on a fresh bundle, and the breaking-change check on that same bundle. */
async function bundleChecks() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "lint-"));
  try {
    const file = path.join(dir, "openapi.json");
    await writeFile(file, JSON.stringify(await bundle(), null, 2));
    const spectral = runNode(bin.spectral, [
      "lint",
      file,
      "--ruleset",
      path.join(root, ".spectral.yaml"),
      "--fail-severity",
      "hint",
      "--display-only-failures",
    ]).then(
      () => ({ failed: false, report: () => console.log("spectral: no errors, no warnings") }),
      (err) => ({ failed: true, report: () => console.error(printed(err, "stdout")) }),
    );
    // vacuum's recommended ruleset minus the rules lint/vacuum.yaml waives (each with its reason); warnings fail.
    const vacuum = vacuumLint(file);
    // Breaking changes against the last released document (baseline/README.md says how to release one).
    const breaking = runNode(path.join(root, "scripts/breaking.mjs"), ["--document", file]).then(
      ({ stdout }) => ({ failed: false, report: () => console.log(stdout.trim()) }),
      (err) => ({ failed: true, report: () => console.error(printed(err, "stderr")) }),
    );
    return await Promise.all([spectral, vacuum, breaking]);
  } catch (err) {
    return [{ failed: true, report: () => console.error(/** @type {Error} */ (err).message) }];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * vacuum on the bundle; fails on any warning or error (infos are printed, not failing).
 * @param {string} file
 * @returns {Promise<Outcome>}
 */
async function vacuumLint(file) {
  let binary;
  try {
    binary = await vacuumBinary((line) => console.log(`lint: ${line}`));
  } catch (err) {
    return { failed: true, report: () => console.error(`vacuum: ${/** @type {Error} */ (err).message}`) };
  }
  const args = [
    "lint",
    "--ruleset",
    path.join(root, "lint/vacuum.yaml"),
    "--details",
    "--no-style",
    "--no-banner",
    "--fail-severity",
    "warn",
    "--remote=false",
    file,
  ];
  return run(binary, args, { env: { ...process.env, NO_COLOR: "1" }, check: false }).then(
    ({ ok, output }) => {
      const score = /Quality Score:?\s*(\d+)/i.exec(output)?.[1];
      if (!ok) return { failed: true, report: () => console.error(output.trim()) };
      const scored = score ? ` (score ${score}/100)` : "";
      return { failed: false, report: () => console.log(`vacuum: no errors, no warnings${scored}`) };
    },
    (err) => ({ failed: true, report: () => console.error(`vacuum: ${err.message}`) }),
  );
}

/**
 * Biome over the tree in check mode: formatting, lint rules (warnings fail too) and assists, as biome.jsonc
 * sets them; nothing is written. `npm run format` applies what can be applied.
 */
async function biomeCheck() {
  try {
    const { output } = await runNode(bin.biome, ["ci", "--error-on-warnings", "--colors=off", "."]);
    const checked = /Checked (\d+ files?)/.exec(output)?.[1];
    return {
      failed: false,
      report: () => console.log(`biome: no errors, no warnings${checked ? ` (${checked})` : ""}`),
    };
  } catch (err) {
    const how = "(npm run format fixes what it can)";
    return { failed: true, report: () => console.error(`biome: ${printed(err)}\n${how}`) };
  }
}

/** What the layers' check reads: the code of the repository (or of a test's copy), the folders that exist there. */
const LAYERED = ["src", "scripts", "test", "bench", "lint", "stryker.config.mjs", "vitest.mutation.config.ts"];

/**
 * The layers' allow-list (lint/layers.cjs) over every import of the code, with dependency-cruiser: an import the list
 * does not allow fails, naming the file and what it imports.
 * @param {string} [cwd] the tree it checks (another than the root only in its test)
 * @returns {Promise<Outcome>}
 */
export async function layersCheck(cwd = root) {
  const targets = LAYERED.filter((p) => existsSync(path.join(cwd, p)));
  try {
    const { stdout } = await runNode(
      bin.depcruise,
      [...targets, "--config", path.join(root, "lint/depcruise.cjs"), "--output-type", "err"],
      { cwd },
    );
    const cruised = /\((\d+ modules, \d+ dependencies) cruised\)/.exec(stdout)?.[1];
    return {
      failed: false,
      report: () => console.log(`layers: every import allowed${cruised ? ` (${cruised})` : ""}`),
    };
  } catch (err) {
    return { failed: true, report: () => console.error(`layers: ${printed(err, "stdout")}`) };
  }
}

/**
 * The TypeScript compiler (TypeScript 7's native tsc) over the whole program of tsconfig.json: src, tests, benches,
 * and the JavaScript the project runs (scripts/, lint/, postman/, the configs: checkJs, typed by their JSDoc), the
 * type tests (*.test-d.ts: a failed expectTypeOf or an unused @ts-expect-error is a type error) among them.
 * @param {string} [cwd] the folder whose tsconfig.json it checks (another than the root only in its test)
 * @returns {Promise<Outcome>}
 */
export async function typeCheck(cwd = root) {
  try {
    await runNode(bin.tsc, ["-p", "tsconfig.json", "--pretty", "false"], { cwd });
    return { failed: false, report: () => console.log("tsc: no type errors") };
  } catch (err) {
    return { failed: true, report: () => console.error(`tsc: ${printed(err)}`) };
  }
}

/**
 * Runs the checks side by side and prints each one's report as it ends; every 10 s it says which are still running (a
 * cold machine builds vacuum and installs oasdiff first), so the lint is never silent for long.
 */
async function main() {
  const pending = new Set([
    "redocly",
    "spectral:arazzo",
    "spectral, vacuum and the breaking-change check",
    "biome",
    "layers",
    "tsc",
  ]);
  if (!existsSync(oasdiffPath))
    console.log(
      `lint: installing oasdiff ${OASDIFF.version} with Go (once; about a minute) for the breaking-change check`,
    );
  const stopHeartbeat = stillRunning("lint", pending);
  const done = (/** @type {string} */ name) => (/** @type {Outcome | Outcome[]} */ result) => {
    pending.delete(name);
    for (const r of [result].flat()) r.report();
    return result;
  };
  const results = await Promise.all([
    redoclyLint().then(done("redocly")),
    arazzoLint().then(done("spectral:arazzo")),
    bundleChecks().then(done("spectral, vacuum and the breaking-change check")),
    biomeCheck().then(done("biome")),
    layersCheck().then(done("layers")),
    typeCheck().then(done("tsc")),
  ]);
  stopHeartbeat();
  if (results.flat().some((r) => r.failed)) process.exit(1);
}

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "lint",
  usage:
    "npm run lint   (Redocly, Spectral with spectral:arazzo, vacuum, the breaking-change check, Biome, the layers and tsc; fails on any warning)",
};

if (import.meta.main) {
  parseOrExit(command, process.argv.slice(2), packageInfo);
  main().catch((err) => {
    console.error(`lint: ${err.message}`);
    process.exit(1);
  });
}
