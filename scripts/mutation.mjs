// Mutation testing (`npm run mutation`): runs StrykerJS (stryker.config.mjs) within a time bound, then reads
// its JSON report and prints the score of each mutated file and of each group, failing when a group is under
// its target or a file under the floor every file must reach on its own (FILE_FLOOR). The incremental report it
// leaves (reports/stryker-incremental.json, committed) is made portable: no path of the machine that ran it.
// See docs/mutation.md.
// Usage: npm run mutation [-- --mutate <file or glob>] [--minutes 25] [--report out/mutation/mutation.json]
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseOrExit, refuse } from "./args.mjs";
import { FILE_FLOOR, globsOf, inGroup, groups as mutationGroups, outside } from "./mutation-set.mjs";
import strykerConfig from "../stryker.config.mjs";
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
  test: (/** @type {string} */ f) => inGroup(g, f),
}));

const STATUSES = ["Killed", "Survived", "NoCoverage", "Timeout", "Ignored", "CompileError", "RuntimeError"];

/**
 * @typedef {Record<string, number> & { Killed: number, Survived: number, NoCoverage: number, Timeout: number,
 *   Ignored: number }} Counts how many mutants have each status
 * @typedef {{ file: string, counts: Counts, score: number | null }} Row
 */

/**
 * Counts of each mutant status, for a list of mutants.
 * @param {Array<{ status: string }>} mutants
 * @returns {Counts}
 */
export function countStatuses(mutants) {
  const counts = /** @type {Counts} */ (Object.fromEntries(STATUSES.map((s) => [s, 0])));
  for (const m of mutants) counts[m.status] = (counts[m.status] ?? 0) + 1;
  return counts;
}

/**
 * Stryker's "mutation score" (not the one "of covered code"): detected (killed + timeout) over valid mutants,
 * that is all of them less the ignored ones and those that did not compile or run. Null when none is valid.
 * @param {Counts} counts
 */
export function score(counts) {
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  return valid === 0 ? null : (100 * detected) / valid;
}

const add = (/** @type {Counts} */ a, /** @type {Counts} */ b) =>
  /** @type {Counts} */ (Object.fromEntries(STATUSES.map((s) => [s, (a[s] ?? 0) + (b[s] ?? 0)])));

/**
 * One row per mutated file of the report: its counts and score, files in path order.
 * @param {Report} report
 * @returns {Row[]}
 */
export function fileRows(report) {
  return Object.entries(report.files ?? {})
    .map(([file, { mutants }]) => {
      const counts = countStatuses(mutants);
      return { file: file.split(path.sep).join("/"), counts, score: score(counts) };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * Each group's totals and verdict; a group with no file in the report (a run on one file) is `run: false`.
 * @param {Row[]} rows @param {typeof groups} [groupList]
 */
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

/**
 * The files of a group that score under FILE_FLOOR on their own (a file with no valid mutant has nothing to miss;
 * a file outside every group is not judged).
 * @param {Row[]} rows @param {typeof groups} [groupList]
 */
export const underFloor = (rows, groupList = groups) =>
  rows.filter((r) => r.score !== null && r.score < FILE_FLOOR && groupList.some((g) => g.test(r.file)));

const pct = (/** @type {number | null} */ s) => (s === null ? "n/a" : `${s.toFixed(1)}%`);

/**
 * The per-file table and the group lines, as printed.
 * @param {Row[]} rows @param {ReturnType<typeof groupResults>} results
 */
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
  const line = (/** @type {(string | number)[]} */ cells) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i] ?? 0) : String(c).padStart(widths[i] ?? 0))).join("  ");
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
 * @param {string[]} args @param {number} minutes
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
  const onSignal = (/** @type {NodeJS.Signals} */ signal) => stryker.stop(signal);
  process.once("SIGINT", onSignal).once("SIGTERM", onSignal);
  try {
    const { code, signal, timedOut } = await stryker.result;
    return { code, signal, timedOut, pid: stryker.pid };
  } finally {
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
  }
}

/**
 * Drops what ties StrykerJS's incremental report to the machine that wrote it: `projectRoot`, the absolute folder
 * of the run (StrykerJS writes it and never reads it back; the files in the report are named relative to the root),
 * and that folder where a message names a file by it.
 * Written back as StrykerJS writes it (JSON, two spaces). Returns whether the file changed.
 * @param {string} file
 */
export function portableReport(file) {
  const text = readFileSync(file, "utf8");
  const report = JSON.parse(text);
  // The messages StrykerJS keeps (a mutant's statusReason) can name a file by its absolute path, in its sandbox or
  // in the checkout: each becomes the path from the project's root.
  const roots = [...new Set([report.projectRoot, root].filter((r) => typeof r === "string" && r.length > 1))];
  delete report.projectRoot;
  let portable = JSON.stringify(report, null, 2);
  for (const r of roots)
    portable = portable.replace(
      new RegExp(`${r.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/(?:out/stryker-tmp/sandbox-[^/"\\s]+/)?`, "g"),
      "",
    );
  if (portable === text) return false;
  writeFileSync(file, portable);
  return true;
}

/** @satisfies {import("../src/cli/args.ts").Command} */
export const command = {
  name: "mutation",
  usage: `npm run mutation [-- options]
  Runs StrykerJS on the files of stryker.config.mjs, prints the score per file and per group, and exits 1
  when a group is under its target (95%, the client's transport 90%) or a file under 95% on its own (the
  groups and the floor are in scripts/mutation-set.mjs).
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
    // One report per set of files, so that a run of one file neither reuses nor judges another's earlier results.
    const part = values.mutate && createHash("sha256").update(values.mutate.join("\n")).digest("hex").slice(0, 12);
    const incrementalFile = part
      ? `out/mutation/stryker-incremental-${part}.json`
      : String(strykerConfig.incrementalFile);
    if (values.mutate) args.push("--incrementalFile", incrementalFile);
    const started = Date.now();
    const run = await runStryker(args, minutes);
    // Also after a failed or stopped run: StrykerJS saves a partial report on an interrupt.
    if (existsSync(path.join(root, incrementalFile))) portableReport(path.join(root, incrementalFile));
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
    const { code, message } = /** @type {NodeJS.ErrnoException} */ (err);
    console.error(`mutation: cannot read the report ${path.relative(root, reportFile)}: ${code ?? message}`);
    process.exit(1);
  }
  const rows = fileRows(report);
  const results = groupResults(rows);
  console.log(`\n${formatResults(rows, results)}`);
  const under = missed(results);
  const weak = underFloor(rows);
  if (under.length > 0)
    console.error(`\nmutation: under target: ${under.map((g) => g.name).join(", ")} (see docs/mutation.md).`);
  if (weak.length > 0)
    console.error(
      `\nmutation: under the floor of ${FILE_FLOOR}% that every file must reach on its own: ` +
        `${weak.map((r) => `${r.file} ${pct(r.score)}`).join(", ")} (see docs/mutation.md).`,
    );
  if (under.length > 0 || weak.length > 0) process.exit(1);
}

if (import.meta.main) await main();
