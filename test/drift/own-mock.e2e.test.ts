// The project's own mock held to its document: the journey table (`bash scripts/dev.sh journeys -- --record FILE`,
// every client's driver) and the Arazzo workflows (`redocly respect` through
// `fo-sign proxy --record FILE`), each run through the recording proxy against the stateful mock in production auth,
// and `fo-mock drift` on each recording finds no error. What it does find (the faults the journeys inject, the gaps
// the mock's answers reach) stays below error; the reports are written to DRIFT_REPORTS when that is set.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { driftReport } from "../../src/mock/drift/command.ts";
import { type Report, reportMarkdown } from "../../src/mock/drift/report.ts";
import { freshKeys, runRespect } from "../arazzo/respect.ts";
import { controlToken, startProxyProcess, startStatefulMock, testKeys } from "../arazzo/servers.ts";
import { stopChild } from "../helpers/processes.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "drift-own-"));
const started: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map(stopChild));
  rmSync(dir, { recursive: true, force: true });
});

/** Keeps a report for a reader (the closing note of a change) when DRIFT_REPORTS names a folder. */
function keep(name: string, report: Report) {
  const folder = process.env.DRIFT_REPORTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, `${name}.md`), reportMarkdown(report));
}

const errors = (report: Report) => report.findings.filter((f) => f.severity === "error");

describe("the mock's answers against the document", () => {
  test("the journey table through the recording proxy: every journey ends as the table says, no error finding", async () => {
    const file = path.join(dir, "journeys.har");
    const child = spawn(process.execPath, ["scripts/journeys.mjs", "--record", file], {
      cwd: root,
      env: { ...process.env, INIT_CWD: root },
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.push(child);
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code, out).toBe(0);
    expect(out).toMatch(/Recorded \d+ exchanges \(\d+ bytes\) to /);
    const report = await driftReport(file, "journeys.har");
    keep("journeys", report);
    expect(report.exchanges.total).toBeGreaterThan(50);
    expect(report.exchanges.matched).toBe(report.exchanges.total);
    expect(errors(report), reportMarkdown(report)).toEqual([]);
  }, 300_000);

  test("the Arazzo workflows through the recording proxy: every workflow passes, no error finding", async () => {
    const token = controlToken();
    const keys = testKeys(dir);
    const mock = await startStatefulMock(started, token, ["--auth", "production", "--keys", keys.file]);
    const file = path.join(dir, "workflows.har");
    const proxy = await startProxyProcess(started, mock.url, keys, ["--record", file]);
    const run = await runRespect({ api: proxy.url, mock: mock.url }, { control_token: token, ...freshKeys() });
    await stopChild(proxy.child);
    expect(run.code, run.output).toBe(0);
    const report = await driftReport(file, "workflows.har");
    keep("workflows", report);
    expect(report.exchanges.total).toBeGreaterThan(20);
    expect(errors(report), reportMarkdown(report)).toEqual([]);
  }, 300_000);
});
