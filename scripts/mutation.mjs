// Mutation testing (`npm run mutation`): runs StrykerJS (stryker.config.mjs) within a time bound, then reads
// its JSON report and prints the score of each mutated file and of each group, failing when a group is under
// its target. See docs/mutation.md.
// Usage: npm run mutation [-- --mutate <file or glob>] [--minutes 25] [--report out/mutation/mutation.json]
import { readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseOrExit, refuse } from "./args.mjs";
import { globsOf, inGroup, groups as mutationGroups, outside } from "./mutation-set.mjs";
import { start } from "./run.mjs";
import { packageInfo, root } from "./tools.mjs";

const require = createRequire(import.meta.url);
const strykerBin = path.join(path.dirname(require.resolve("@stryker-mutator/core/package.json")), "bin/stryker.js");

/** Where stryker.config.mjs writes its JSON report (mutation-testing-report-schema). */
export const defaultReport = "out/mutation/mutation.json";

/**
 * StrykerJS's JSON report, as far as it is read here.
 * @typedef {{ files?: Record<string, { mutants: Array<{ status: string }> }> }} Report
 */

/** The groups of scripts/mutation-set.mjs, as judged here: their globs shown, their files told apart. */
export const groups = mutationGroups.map((g) => ({
  name: g.name,
  files: globsOf(g).join(", "),
  target: g.target,
  test: (f) => inGroup(g, f),
}));

const STATUSES = ["Killed", "Survived", "NoCoverage", "Timeout", "Ignored", "CompileError", "RuntimeError"];

/** Counts of each mutant status, for a list of mutants. */
export function countStatuses(mutants) {
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0]));
  for (const m of mutants) counts[m.status] = (counts[m.status] ?? 0) + 1;
  return counts;
}

/**
 * Stryker's "mutation score" (not the one "of covered code"): detected (killed + timeout) over valid mutants,
 * that is all of them less the ignored ones and those that did not compile or run. Null when none is valid.
 */
export function score(counts) {
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  return valid === 0 ? null : (100 * detected) / valid;
}

const add = (a, b) => Object.fromEntries(STATUSES.map((s) => [s, (a[s] ?? 0) + (b[s] ?? 0)]));

/**
 * One row per mutated file of the report: its counts and score, files in path order.
 * @param {Report} report
 */
export function fileRows(report) {
  return Object.entries(report.files ?? {})
    .map(([file, { mutants }]) => {
      const counts = countStatuses(mutants);
      return { file: file.split(path.sep).join("/"), counts, score: score(counts) };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** Each group's totals and verdict; a group with no file in the report (a run on one file) is `run: false`. */
export function groupResults(rows, groupList = groups) {
  return groupList.map((g) => {
    const mine = rows.filter((r) => g.test(r.file));
    const counts = mine.reduce((sum, r) => add(sum, r.counts), countStatuses([]));
    const s = score(counts);
    return { name: g.name, files: g.files, target: g.target, run: mine.length > 0, counts, score: s };
  });
}

/**
 * A group that was run and scores under its target (a group with no valid mutant has nothing to miss).
 * @param {ReturnType<typeof groupResults>} results
 */
export const missed = (results) => results.filter((g) => g.run && g.score !== null && g.score < g.target);

const pct = (s) => (s === null ? "n/a" : `${s.toFixed(1)}%`);

/** The per-file table and the group lines, as printed. */
export function formatResults(rows, results) {
  const header = ["file", "killed", "survived", "no cov", "timeout", "ignored", "score"];
  const body = rows.map((r) => [
    r.file,
    r.counts.Killed,
    r.counts.Survived,
    r.counts.NoCoverage,
    r.counts.Timeout,
    r.counts.Ignored,
    pct(r.score),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => String(line[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  const groupLines = results.map((g) =>
    g.run
      ? `${g.name} (${g.files}): ${pct(g.score)}, target ${g.target}%: ${
          g.score === null || g.score >= g.target ? "met" : "MISSED"
        }`
      : `${g.name} (${g.files}): not in this run`,
  );
  return [line(header), ...body.map(line), "", ...groupLines].join("\n");
}

/**
 * Runs StrykerJS in its own process group and resolves with its exit code; past `minutes` the whole group is
 * stopped by PID (TERM, then KILL) and the promise resolves with `timedOut: true`.
 */
export async function runStryker(args, minutes) {
  const stryker = start(process.execPath, [strykerBin, "run", ...args], {
    output: "inherit",
    group: true,
    timeoutMs: minutes * 60_000,
    check: false,
    name: "StrykerJS",
  });
  // The group is not the terminal's: pass an interrupt on to it.
  const onSignal = (signal) => stryker.stop(signal);
  process.once("SIGINT", onSignal).once("SIGTERM", onSignal);
  try {
    const { code, signal, timedOut } = await stryker.result;
    return { code, signal, timedOut, pid: stryker.pid };
  } finally {
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
  }
}

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "mutation",
  usage: `npm run mutation [-- options]
  Runs StrykerJS on the files of stryker.config.mjs, prints the score per file and per group, and exits 1
  when a group is under its target (95%, the client's transport 90%; the groups are in
  scripts/mutation-set.mjs).
  --mutate <glob>      mutate only these files (repeatable; Stryker's form, e.g. src/signing/secret.ts or
                       src/mock/auth/*.ts:10-20); groups with no file in the run are not judged
  --minutes <n>        stop StrykerJS past this many minutes (default 25)
  --force              test every mutant, not only those whose code or tests changed since
                       reports/stryker-incremental.json (which the run then rewrites)
  --report <file>      only read an existing JSON report and judge it (no run)`,
  options: {
    mutate: { type: "string", multiple: true },
    minutes: { type: "string" },
    force: { type: "boolean" },
    report: { type: "string" },
  },
};

async function main() {
  const { values } = parseOrExit(command, process.argv.slice(2), packageInfo);
  const minutes = values.minutes === undefined ? 25 : Number(values.minutes);
  if (!(minutes > 0) || !Number.isFinite(minutes))
    refuse(command, `invalid --minutes ${JSON.stringify(values.minutes)}: give a number of minutes above 0`);
  if (values.report && values.mutate) refuse(command, "--report reads a finished run: it takes no --mutate");
  const reportFile = path.resolve(root, values.report ?? defaultReport);
  if (!values.report) {
    // A report left by an earlier run must not be read as this run's.
    rmSync(reportFile, { force: true });
    // A --mutate on the command line replaces the configured set: the files left out of it stay out.
    const args = values.mutate
      ? ["--mutate", [...values.mutate, ...Object.keys(outside).map((f) => `!${f}`)].join(",")]
      : [];
    if (values.force) args.push("--force");
    // A run of some files writes a report of those files alone: it goes beside the build output, so the committed
    // report (all files) stays whole.
    if (values.mutate) args.push("--incrementalFile", "out/mutation/stryker-incremental-part.json");
    const started = Date.now();
    const run = await runStryker(args, minutes);
    const took = `${Math.round((Date.now() - started) / 1000)} s`;
    if (run.timedOut) {
      console.error(
        `mutation: StrykerJS did not finish within ${minutes} minutes and was stopped (PID ${run.pid}); ` +
          "run fewer files with --mutate, or give more time with --minutes.",
      );
      process.exit(1);
    }
    if (run.code !== 0) {
      console.error(`mutation: StrykerJS failed (exit ${run.code ?? run.signal}) after ${took}; its output is above.`);
      process.exit(1);
    }
    console.log(`\nmutation: StrykerJS finished in ${took}.`);
  }
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, "utf8"));
  } catch (err) {
    console.error(`mutation: cannot read the report ${path.relative(root, reportFile)}: ${err.code ?? err.message}`);
    process.exit(1);
  }
  const rows = fileRows(report);
  const results = groupResults(rows);
  console.log(`\n${formatResults(rows, results)}`);
  const under = missed(results);
  if (under.length > 0) {
    console.error(`\nmutation: under target: ${under.map((g) => g.name).join(", ")} (see docs/mutation.md).`);
    process.exit(1);
  }
}

if (import.meta.main) await main();
