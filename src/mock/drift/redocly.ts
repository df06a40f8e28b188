// Schema drift comes from Redocly CLI's `redocly drift` (a dependency of the mock package, at the version the project
// pins), run as a child process from its installed bin with telemetry and update checks off, in a folder of its own (so
// no redocly.yaml of the caller's is read), over the masked recording. Its findings are read from its JSON report and
// counted as the report counts its own.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { DriftDocument } from "./document.ts";
import type { Findings, Severity } from "./findings.ts";

/** Redocly CLI could not be found or did not make its report: the message says which and what to do. */
export class DriftToolError extends Error {
  override name = "DriftToolError";
}

/** One problem of `redocly drift --format json` (the fields the report reads). */
export interface RedoclyProblem {
  occurrences?: number;
  ruleId: string;
  severity: string;
  message: string;
  operationId?: string;
  target?: string;
  dataPath?: string;
  method?: string;
  path?: string;
  details?: { parameter?: { name?: string; in?: string } };
}

/** The entry script of the installed Redocly CLI. */
export function redoclyBin(): string {
  try {
    const manifest = createRequire(import.meta.url).resolve("@redocly/cli/package.json");
    const bin = path.join(path.dirname(manifest), "bin/cli.js");
    if (existsSync(bin)) return bin;
  } catch {
    // Not installed: said below.
  }
  throw new DriftToolError(
    "Redocly CLI (@redocly/cli) is not installed beside fo-mock: the report's schema check is its `redocly drift`. " +
      "Install the mock package with its dependencies (npm install --save-dev financial-operations-api-mock).",
  );
}

/** How long `redocly drift` may take before it is stopped (a recording of tens of thousands of exchanges takes minutes). */
export const REDOCLY_TIMEOUT_MS = 10 * 60_000;

/**
 * `redocly drift HAR --api DOCUMENT --match-mode basepath --format json` in `dir`; resolves with its problems. It is
 * stopped after `timeoutMs`, and when this process is stopped by SIGINT, SIGTERM or SIGHUP (which then goes on to end
 * this process as it would have, `dir`, which holds the masked recording, removed first).
 * @throws DriftToolError when it cannot start, takes too long or makes no report.
 */
export function runRedoclyDrift(
  har: string,
  document: string,
  dir: string,
  timeoutMs = REDOCLY_TIMEOUT_MS,
): Promise<RedoclyProblem[]> {
  const bin = redoclyBin();
  const out = path.join(dir, "redocly-drift.json");
  const args = [bin, "drift", har, "--api", document, "--match-mode", "basepath", "--format", "json", "-o", out];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: dir,
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: "off",
        REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
        NO_COLOR: "1",
        DO_NOT_TRACK: "1",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let said = "";
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
    const onSignal = (signal: NodeJS.Signals) => {
      child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
      for (const s of signals) process.off(s, onSignal);
      process.kill(process.pid, signal);
    };
    for (const s of signals) process.once(s, onSignal);
    const settled = () => {
      clearTimeout(timer);
      for (const s of signals) process.off(s, onSignal);
    };
    child.stderr.on("data", (d: Buffer) => (said = (said + d.toString()).slice(-4000)));
    child.once("error", (err) => {
      settled();
      reject(new DriftToolError(`redocly drift did not start: ${err.message}`));
    });
    child.once("close", (code, signal) => {
      settled();
      if (timedOut)
        return reject(new DriftToolError(`redocly drift made no report within ${timeoutMs / 1000} s and was stopped`));
      // It exits 1 when it found an error: its report is what counts.
      let report: { problems?: RedoclyProblem[] } | undefined;
      try {
        report = JSON.parse(readFileSync(out, "utf8"));
      } catch {
        report = undefined;
      }
      if (report && Array.isArray(report.problems)) return resolve(report.problems);
      const ended = signal ? `was stopped by ${signal}` : `ended with exit code ${code}`;
      reject(
        new DriftToolError(
          `redocly drift ${ended} without a report:\n${said.trim().split("\n").slice(-12).join("\n")}`,
        ),
      );
    });
  });
}

const SEVERITY: Record<string, Severity> = { error: "error", warning: "warning", warn: "warning", info: "info" };

/** A field path with its item indices as `*`, so the same place in every item is one place. */
const anyItem = (pointer: string) => pointer.replace(/(^|\/)\d+(?=\/|$)/g, "$1*");

/** Where in the exchange a problem is: a header, a parameter, a place in the body, the path or the credentials. */
function placeOf(p: RedoclyProblem, header: string | undefined): string {
  if (header) return `header ${header}`;
  const query = /^Undocumented query parameter in traffic: "(.+)"$/.exec(p.message)?.[1];
  if (query) return `query ${query}`;
  const missing = /^Missing required (\w+) parameter: "(.+)"$/.exec(p.message);
  if (missing) return `${missing[1]} ${missing[2]}`;
  const parameter = p.details?.parameter;
  if (parameter?.name) return `${parameter.in} ${parameter.name}`;
  if (p.dataPath) return `body ${anyItem(p.dataPath)}`;
  if (p.ruleId === "undocumented-endpoint") return "path";
  if (p.ruleId === "security-baseline") return "header Authorization";
  return "body";
}

/**
 * Adds Redocly's problems to the findings: the operation (or the method and the path's shape), the place (a
 * parameter, a header, a body pointer with items as `*`). A header the document's security schemes name (X-SVC-Date,
 * which Redocly 2.77 reads only as an apiKey scheme and so calls undocumented) is left out: it is documented.
 */
export function addRedoclyProblems(problems: RedoclyProblem[], doc: DriftDocument, findings: Findings): void {
  for (const p of problems) {
    const header = /^Undocumented header in traffic: "(.+)"$/.exec(p.message)?.[1];
    if (header && doc.credentialHeaders.has(header.toLowerCase())) continue;
    const at = placeOf(p, header);
    const operation = p.operationId ?? `${(p.method ?? "").toUpperCase()} ${doc.shape(p.path ?? "/")}`;
    // Where to edit: the operation's answers or the operation, or the paths an endpoint would join.
    const op = p.operationId ? doc.operation(p.operationId) : undefined;
    const document = op
      ? `${op.pointer}${p.target === "response" ? "/responses" : ""}`
      : p.ruleId === "undocumented-endpoint"
        ? "/paths"
        : undefined;
    findings.add(
      {
        severity: SEVERITY[p.severity] ?? "error",
        kind: p.ruleId,
        source: "redocly drift",
        operation,
        in: p.target === "response" ? "answer" : "request",
        at,
        ...(document ? { document } : {}),
        // Its messages name field paths with item indices, and an undocumented endpoint's whole path.
        message:
          p.ruleId === "undocumented-endpoint"
            ? `Undocumented endpoint: ${operation}`
            : p.message.replace(/(field|at) "([^"]*)"/g, (_, word, field: string) => `${word} "${anyItem(field)}"`),
      },
      { count: p.occurrences ?? 1 },
    );
  }
}
