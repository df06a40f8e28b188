// `fo-mock drift FILE`: a recording of traffic (HAR, as `fo-sign proxy --record` writes it) against the API's document
// the mock package ships. Schema drift from Redocly CLI's `redocly drift`; beside it what only this project knows (an
// answer status the operation does not list, what the traffic shows of the `x-not-shown` gaps, members the schemas
// allow but do not name). Exit 1 when a finding at or above --fail-on exists, so a CI job can hold on it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { type Command, parseCommandLine, UsageError, usageText } from "../../cli/args.ts";
import type { Terminal } from "../../cli/terminal.ts";
import { files } from "../files.ts";
import { loadDocument } from "./document.ts";
import { readExchange } from "./exchanges.ts";
import { atOrAbove, createFindings, SEVERITIES, type Severity } from "./findings.ts";
import { readRecording, RecordingError } from "./har.ts";
import { addRedoclyProblems, DriftToolError, runRedoclyDrift } from "./redocly.ts";
import { type Report, reportJson, reportMarkdown } from "./report.ts";

export const driftCommand = {
  name: "fo-mock drift",
  usage: `fo-mock drift FILE [--format markdown|json] [--output FILE] [--fail-on error|warning|never]
  FILE               a HAR recording of traffic (fo-sign proxy --record FILE makes one, masked)
  --format F         markdown (default) or json
  --output FILE      write the report to FILE instead of standard output
  --fail-on S        exit 1 when a finding of severity S or above exists: error (default), warning, or never
  Compares the traffic with the API's document that fo-mock serves: schema drift from Redocly CLI's redocly drift,
  answer statuses the operations do not list, what the traffic shows of the document's x-not-shown gaps and members
  its schemas allow but do not name. Exit code 2: no report (wrong input, a file it cannot read, Redocly CLI missing).`,
  options: {
    format: { type: "string", choices: ["markdown", "json"] },
    output: { type: "string" },
    "fail-on": { type: "string", choices: ["error", "warning", "never"] },
  },
  positionals: { min: 1, max: 1, names: "the recording FILE" },
} satisfies Command;

/** Redocly CLI's name and version, for the report's head. */
function redoclyName(): string {
  try {
    const manifest = createRequire(import.meta.url).resolve("@redocly/cli/package.json");
    return `redocly drift (Redocly CLI ${(JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version})`;
  } catch {
    return "redocly drift";
  }
}

/** Makes the report of the recording at `file`; `shown` is how the report names it. */
export async function driftReport(file: string, shown = file): Promise<Report> {
  const recording = readRecording(file);
  const doc = await loadDocument(files.document);
  const findings = createFindings();
  // Redocly reads the masked copy, in a folder only this user can read, gone once it has answered. It refuses a
  // recording with no exchange, which has nothing to report anyway.
  if (recording.exchanges.length > 0) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "fo-mock-drift-"));
    try {
      const har = path.join(dir, "recording.har");
      writeFileSync(har, JSON.stringify(recording.har), { mode: 0o600 });
      addRedoclyProblems(await runRedoclyDrift(har, files.document, dir), doc, findings);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  let matched = 0;
  for (const exchange of recording.exchanges) {
    if (doc.route(exchange.method, exchange.path)) matched++;
    readExchange(doc, exchange, findings.add);
  }
  const list = findings.list();
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, list.filter((f) => f.severity === s).length])) as Record<
    Severity,
    number
  >;
  return {
    recording: shown,
    document: { title: doc.title, version: doc.version },
    redocly: redoclyName(),
    exchanges: { total: recording.exchanges.length, matched, skipped: recording.skipped },
    counts,
    findings: list,
  };
}

/**
 * Runs `fo-mock drift` with `argv` (after `drift`); relative files are read from `from`. Exit codes: 0 no finding at or
 * above --fail-on, 1 one or more, 2 no report.
 */
export async function driftMain(argv: string[], terminal: Terminal, from: string, version: string): Promise<void> {
  const refuse = (problem: string, usage = false) => {
    terminal.stderr.write(`fo-mock drift: ${problem}\n${usage ? `\n${usageText(driftCommand)}\n` : ""}`);
    terminal.exitCode = 2;
  };
  let values: Record<string, unknown>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseCommandLine(driftCommand, argv));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return refuse(err.message, true);
  }
  if (values.help) return void terminal.stdout.write(`${usageText(driftCommand)}\n`);
  if (values.version) return void terminal.stdout.write(`fo-mock ${version}\n`);
  const file = positionals[0]!;
  const output = typeof values.output === "string" ? path.resolve(from, values.output) : undefined;
  const failOn = (values["fail-on"] as Severity | "never" | undefined) ?? "error";
  let report: Report;
  try {
    report = await driftReport(path.resolve(from, file), file);
  } catch (err) {
    if (err instanceof RecordingError || err instanceof DriftToolError) return refuse(err.message);
    throw err;
  }
  const text = values.format === "json" ? reportJson(report) : reportMarkdown(report);
  if (output) {
    try {
      writeFileSync(output, text);
    } catch (err) {
      return refuse(`cannot write ${values.output as string} (${(err as NodeJS.ErrnoException).code ?? "error"})`);
    }
    const { error, warning, info } = report.counts;
    const counts = `${error} error(s), ${warning} warning(s), ${info} information`;
    terminal.stdout.write(`fo-mock drift: wrote ${values.output as string}: ${counts}\n`);
  } else terminal.stdout.write(text);
  if (report.findings.some((f) => atOrAbove(f.severity, failOn))) terminal.exitCode = 1;
}
