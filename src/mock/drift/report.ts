// The drift report in the two forms it is written in: JSON for a program, Markdown for a person (a CI job's summary, a
// pull request): the counts, then one table per severity, each finding once with the number of exchanges that showed
// it, and for each gap the traffic reached the document's text and place.
import { type Finding, SEVERITIES, type Severity } from "./findings.ts";

export interface Report {
  /** The recording read, as given on the command line. */
  recording: string;
  /** The document compared with, and the tools. */
  document: { title: string; version: string };
  redocly: string;
  exchanges: { total: number; matched: number; skipped: number };
  counts: Record<Severity, number>;
  findings: Finding[];
}

export const reportJson = (report: Report) => `${JSON.stringify(report, null, 2)}\n`;

/** A table cell: pipes escaped, line breaks flattened, code spans kept whole. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");
const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

const TITLES: Record<Severity, string> = {
  error: "Errors: the traffic departs from the document",
  warning: "Warnings: the traffic shows what the document does not say",
  info: "Information: what the traffic showed of the reference's gaps, and other notes",
};

const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;

export function reportMarkdown(report: Report): string {
  const { exchanges, counts } = report;
  const lines = [
    "# Drift: the traffic against the document",
    "",
    `Recording ${code(report.recording)}: ${plural(exchanges.total, "exchange")}, ${exchanges.matched} of them ` +
      `routed to an operation of ${report.document.title} ${report.document.version}` +
      `${exchanges.skipped ? ` (${plural(exchanges.skipped, "entry", "entries")} without an answer left out)` : ""}. ` +
      `Schema drift by ${report.redocly}; statuses, gaps and unnamed members by fo-mock drift.`,
    "",
    `Findings: ${plural(counts.error, "error")}, ${plural(counts.warning, "warning")}, ${counts.info} information.`,
  ];
  for (const severity of SEVERITIES) {
    const rows = report.findings.filter((f) => f.severity === severity);
    if (rows.length === 0) continue;
    lines.push("", `## ${TITLES[severity]}`, "");
    lines.push(
      "| operation | where | finding | kind | the gap | document | exchanges |",
      "|---|---|---|---|---|---|---|",
    );
    for (const f of rows)
      lines.push(
        `| ${code(f.operation)} | ${cell(`${f.in} ${f.at}`)} | ${cell(f.message)} | ${f.kind} | ` +
          `${cell(f.gap ?? "")} | ` +
          `${f.document ? code(f.document) : ""} | ${f.exchanges} |`,
      );
  }
  if (report.findings.length === 0) lines.push("", "No finding: every exchange conforms to the document.");
  return `${lines.join("\n")}\n`;
}
