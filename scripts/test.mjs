#!/usr/bin/env node
// The two tiers of tests. `npm test` (the README's test command) is the fast tier: the lint (type check included),
// then vitest's unit and in-process files beside the Python and Go sources' checks and tests (the clients step with
// `test`, a lane per language). `npm run e2e` is the end-to-end tier, which CI runs after it: vitest's *.e2e.test.ts
// files beside the tours of the built Python and Go artifacts (the clients step with `artifacts`), then the journey
// table (it drives those artifacts and shares no mock with vitest's), then the generator matrix (its compilers keep
// both cores busy).
// vitest prints as it runs; a step beside it holds its output and prints it whole once it ends, so the two never
// interleave. Arguments are vitest's file filters (`npm test -- test/client` runs those files; the other steps still
// run), each checked against the tier's files before anything starts; vitest's own options go after a second `--`.
import { readdirSync } from "node:fs";
import path from "node:path";
import { parseOrExit, refuse } from "./args.mjs";
import { runNode, stillRunning } from "./run.mjs";
import { packageInfo, root } from "./tools.mjs";

/**
 * @typedef {[name: string, script: string, args: string[], title: string]} Step a script run beside or after vitest
 * @typedef {{ name: string, vitestConfig: string, isFile: (file: string) => boolean, lint: boolean, before?: Step,
 *   beside: Step[], after: Step[] }} Tier
 */

/**
 * Each tier: its vitest config and files, the step beside vitest, and the steps after both.
 * @type {{ fast: Tier, e2e: Tier }}
 */
export const TIERS = {
  fast: {
    name: "test",
    vitestConfig: "vitest.config.ts",
    isFile: (f) => f.endsWith(".test.ts") && !f.endsWith(".e2e.test.ts"),
    lint: true,
    // Two lanes, so the longer (Python: its environment, ruff, pytest) does not wait for the other (Go).
    beside: [
      ["clients", "scripts/clients.mjs", ["test", "python"], "Python sources (npm run clients -- test python)"],
      ["clients", "scripts/clients.mjs", ["test", "go"], "Go sources (npm run clients -- test go)"],
    ],
    after: [],
  },
  e2e: {
    name: "e2e",
    vitestConfig: "vitest.e2e.config.ts",
    isFile: (f) => f.endsWith(".e2e.test.ts"),
    lint: false,
    // The artifacts the tours and the consumer projects install, built once before either reads them.
    before: [
      "clients",
      "scripts/clients.mjs",
      ["build"],
      "Build the Python and Go artifacts (npm run clients -- build)",
    ],
    beside: [
      ["clients", "scripts/clients.mjs", ["artifacts"], "Python and Go artifacts (npm run clients -- artifacts)"],
    ],
    after: [
      ["journeys", "scripts/journeys.mjs", [], "Journey x client (npm run journeys)"],
      ["generators", "scripts/generators.mjs", [], "Generator matrix (npm run generators)"],
    ],
  },
};

/** Both tiers' command line (the name says which runs). */
/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "test",
  usage:
    "npm test [-- FILTER...] [-- VITEST OPTIONS]   (the fast tier)\n" +
    "       npm run e2e [-- FILTER...] [-- VITEST OPTIONS]   (the end-to-end tier)\n" +
    "  a FILTER is part of a test file's path, as vitest takes it",
  positionals: { max: Infinity },
};

/**
 * Runs `node script args`; resolves with its exit code and, when `hold` is set, what it printed.
 * @param {string} script @param {string[]} args
 * @returns {Promise<{ code: number, output: string }>}
 */
function node(script, args, hold = false) {
  return runNode(path.join(root, script), args, { output: hold ? "hold" : "inherit", check: false }).then(
    ({ code, output }) => ({ code: code ?? 1, output }),
    (err) => ({ code: 1, output: `${err.message}\n` }),
  );
}

/** The step's name and time, when it starts and ends: no phase goes by without a line. */
const announce = (/** @type {string} */ text) => console.log(`\n# ${text}`);
const seconds = (/** @type {number} */ since) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

async function main() {
  const argv = process.argv.slice(2);
  const tier = TIERS[argv[0] === "--e2e" ? "e2e" : "fast"];
  const rest = argv[0] === "--e2e" ? argv.slice(1) : argv;
  const line = { ...command, name: tier.name };
  const dashes = rest.indexOf("--");
  const own = dashes < 0 ? rest : rest.slice(0, dashes);
  const vitestOptions = dashes < 0 ? [] : rest.slice(dashes + 1);
  const filters = parseOrExit(line, own, packageInfo).positionals;
  const testFiles = readdirSync(path.join(root, "test"), { recursive: true, encoding: "utf8" })
    .map((f) => path.join("test", f))
    .filter((f) => tier.isFile(f) && !f.includes("node_modules"));
  for (const filter of filters)
    if (!testFiles.some((f) => f.includes(filter)))
      refuse(line, `no test file of this tier matches ${JSON.stringify(filter)}`);

  const began = performance.now();
  const failed = [];
  if (tier.lint) {
    announce("Lint: Redocly, Spectral, vacuum, the breaking-change check, Biome, tsc (npm run lint)");
    const lint = await node("scripts/lint.mjs", []);
    if (lint.code !== 0) process.exit(lint.code);
  }
  if (tier.before) {
    const [, script, args, title] = tier.before;
    announce(title);
    const built = await node(script, args);
    if (built.code !== 0) process.exit(built.code);
  }
  announce(
    `vitest (${tier.vitestConfig}), with the ${tier.beside.map(([, , , title]) => title).join(" and the ")} beside it`,
  );
  const besides = tier.beside.map(([name, script, args, title]) => ({ name, title, run: node(script, args, true) }));
  const vitest = await node("node_modules/vitest/vitest.mjs", [
    "run",
    "--config",
    tier.vitestConfig,
    ...filters,
    ...vitestOptions,
  ]);
  if (vitest.code !== 0) failed.push("vitest");
  const besideStarted = performance.now();
  // Their output is held until each ends: say what is still running meanwhile.
  const pending = new Set(besides.map(({ title }) => title));
  for (const { title, run } of besides) run.then(() => pending.delete(title));
  const stopHeartbeat = stillRunning(tier.name === "test" ? "npm test" : "npm run e2e", pending);
  for (const { name, title, run } of besides) {
    const { code, output } = await run;
    announce(`${title}, run beside vitest (waited ${seconds(besideStarted)} for it after vitest):`);
    process.stdout.write(output);
    if (code !== 0 && !failed.includes(name)) failed.push(name);
  }
  stopHeartbeat();
  for (const [name, script, args, title] of tier.after) {
    announce(`${title}:`);
    const step = await node(script, args);
    if (step.code !== 0) failed.push(name);
  }
  console.log(`\n${tier.name === "test" ? "npm test" : "npm run e2e"}: ${seconds(began)} in all`);
  if (failed.length) {
    console.error(`${tier.name === "test" ? "npm test" : "npm run e2e"} failed: ${failed.join(" ")}`);
    process.exit(1);
  }
}

if (import.meta.main) await main();
