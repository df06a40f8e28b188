#!/usr/bin/env node
// `npm test`: the lint, then vitest and the Python/Go clients step side by side, the journey table once the clients
// step has built the SDKs it drives, then the generator matrix.
// The clients step spends much of its time waiting (Maven, pip, the JVM's start, the Go toolchain, the mock it
// starts), so it overlaps vitest instead of following it. vitest prints as it runs; the clients step's output is held
// and printed whole once it ends, so the two never interleave. Arguments are vitest's file filters
// (`npm test -- test/client` runs those files, and the clients step still runs); each must match a test file,
// checked before the lint starts. vitest's own options go after a second `--` (`npm test -- -- -t name`).
import { readdirSync } from "node:fs";
import path from "node:path";
import { parseOrExit, refuse } from "./args.mjs";
import { runNode } from "./run.mjs";
import { packageInfo, root } from "./tools.mjs";

const command = {
  name: "test",
  usage: "npm test [-- FILTER...] [-- VITEST OPTIONS]   (a FILTER is part of a test file's path, as vitest takes it)",
  positionals: { max: Infinity },
};

/** Runs `node script args`; resolves with its exit code and, when `hold` is set, what it printed. */
function node(script, args, hold = false) {
  return runNode(path.join(root, script), args, { output: hold ? "hold" : "inherit", check: false }).then(
    ({ code, output }) => ({ code: code ?? 1, output }),
    (err) => ({ code: 1, output: `${err.message}\n` }),
  );
}

async function main() {
  const dashes = process.argv.indexOf("--", 2);
  const own = dashes < 0 ? process.argv.slice(2) : process.argv.slice(2, dashes);
  const vitestOptions = dashes < 0 ? [] : process.argv.slice(dashes + 1);
  const filters = parseOrExit(command, own, packageInfo).positionals;
  const testFiles = readdirSync(path.join(root, "test"), { recursive: true })
    .map((f) => path.join("test", f))
    .filter((f) => f.endsWith(".test.ts") && !f.includes("node_modules"));
  for (const filter of filters)
    if (!testFiles.some((f) => f.includes(filter))) refuse(command, `no test file matches ${JSON.stringify(filter)}`);

  const lint = await node("scripts/lint.mjs", []);
  if (lint.code !== 0) process.exit(lint.code);
  const clients = node("scripts/clients.mjs", ["test"], true);
  const vitest = await node("node_modules/vitest/vitest.mjs", ["run", ...filters, ...vitestOptions]);
  // The journey table (docs/journeys.md) drives the wheel and go/foapi the clients step builds: it starts when that
  // step and vitest have ended, whatever their outcome (a column whose SDK was not built says so), so that no test's
  // servers and processes come and go beside the mock every client walks against.
  const journeys = clients.then(() => node("scripts/journeys.mjs", [], true));
  // The generator matrix (docs/generator-matrix.md) after the journeys, not beside vitest: its compilers keep both
  // cores busy.
  const matrix = journeys.then(() => node("scripts/generators.mjs", [], true));
  console.log("\n# Python and Go clients (npm run clients -- test), run beside vitest:");
  const { code, output } = await clients;
  process.stdout.write(output);
  console.log("\n# Journey x client (npm run journeys), after the clients step and vitest:");
  const walked = await journeys;
  process.stdout.write(walked.output);
  console.log("\n# Generator matrix (npm run generators):");
  const generators = await matrix;
  process.stdout.write(generators.output);
  if (vitest.code !== 0 || code !== 0 || walked.code !== 0 || generators.code !== 0) {
    const failed = { vitest: vitest.code, clients: code, journeys: walked.code, generators: generators.code };
    const which = Object.keys(failed).filter((step) => failed[step] !== 0);
    console.error(`npm test failed: ${which.join(" ")}`);
    process.exit(1);
  }
}

if (import.meta.main) await main();
