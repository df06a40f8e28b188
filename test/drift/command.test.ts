// `fo-mock drift` on the command line: wrong input is exit 2 with the reason (and the usage where the command line was
// wrong), a file that is not HAR says so, --format json and --output write where asked, and a recording made by another
// tool (a browser's export: cookies, a bearer token, banking values, its own extra fields) is masked before Redocly or
// the report reads it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { Terminal } from "../../src/cli/terminal.ts";
import { main } from "../../src/mock/cli.ts";
import { readRecording } from "../../src/mock/drift/har.ts";
import { DriftToolError, runRedoclyDrift } from "../../src/mock/drift/redocly.ts";
import { runDrift } from "./support.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "drift-command-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const drift = (args: string[]) => runDrift(args, dir);

const write = (name: string, content: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return name;
};

/** A browser's export of one exchange: nothing masked, and fields of its own. */
const BROWSER_EXPORT = {
  log: {
    version: "1.2",
    creator: { name: "WebInspector", version: "537.36" },
    pages: [{ id: "page_1", title: "Sandbox console" }],
    entries: [
      {
        _initiator: { type: "script", url: "https://console.example/app.js?token=t0ps3cr3t" },
        startedDateTime: "2026-12-01T10:00:00.000Z",
        time: 12,
        request: {
          method: "POST",
          url: "https://sandbox.example/v1/customers/c0ffee00-0000-4000-8000-000000000001/external-accounts?idempotency_key=0f8e2a51-6c3d-4b7e-9a12-5d4c3b2a1f09",
          httpVersion: "HTTP/2",
          headers: [
            { name: "authorization", value: "Bearer sandbox-key-Zq81" },
            { name: "cookie", value: "session=s3ss10n" },
            { name: "content-type", value: "application/json" },
          ],
          cookies: [{ name: "session", value: "s3ss10n" }],
          queryString: [{ name: "idempotency_key", value: "0f8e2a51-6c3d-4b7e-9a12-5d4c3b2a1f09" }],
          postData: {
            mimeType: "application/json",
            text: JSON.stringify({
              network: "US_ACH",
              account_holder_name: "Jane Q Public",
              currency: "USD",
              country_code: "USA",
              account_number: "123456789012",
              institution_id: "021000021",
            }),
          },
          headersSize: -1,
          bodySize: 150,
        },
        response: {
          status: 201,
          statusText: "Created",
          httpVersion: "HTTP/2",
          headers: [
            { name: "content-type", value: "application/json" },
            { name: "set-cookie", value: "session=n3w53ss10n" },
          ],
          cookies: [{ name: "session", value: "n3w53ss10n" }],
          content: {
            size: 90,
            mimeType: "application/json",
            text: JSON.stringify({ institution_name: "Example Bank", iban: "DE89370400440532013000", holder: "JANE" }),
          },
          redirectURL: "",
          headersSize: -1,
          bodySize: 90,
        },
        cache: {},
        timings: { send: 1, wait: 10, receive: 1 },
      },
      // A request that never got an answer (status 0): left out.
      { request: { method: "GET", url: "https://sandbox.example/v1/x" }, response: { status: 0 } },
    ],
  },
};
const SECRETS = [
  "t0ps3cr3t",
  "sandbox-key-Zq81",
  "s3ss10n",
  "n3w53ss10n",
  "Jane",
  "123456789012",
  "021000021",
  "0f8e2a51",
  "DE89",
  "JANE",
];

describe("wrong input: exit 2 and the reason", () => {
  test.each([
    [[], "missing argument: fo-mock drift needs the recording FILE"],
    [["a.har", "b.har"], 'unexpected argument "b.har": fo-mock drift takes at most 1 argument(s)'],
    [["a.har", "--format", "xml"], 'option "--format" takes markdown or json, not "xml"'],
    [["a.har", "--fail-on", "info"], 'option "--fail-on" takes error or warning or never, not "info"'],
    [["a.har", "--colour"], 'unknown option "--colour"'],
  ])("%j", async (args, reason) => {
    const run = await drift(args);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(
      new RegExp(`^fo-mock drift: ${reason.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\n\nUsage: fo-mock drift FILE`),
    );
    expect(run.out).toBe("");
  });

  test.each([
    ["missing.har", undefined, "cannot read missing.har (ENOENT)"],
    ["page.html", "<html></html>", "page.html is not JSON, so not a HAR recording"],
    ["other.json", { log: { version: "1.2" } }, "other.json is not a HAR recording: it has no log.entries list"],
  ])("%s: no report, the reason alone", async (name, content, reason) => {
    if (content !== undefined) write(name, content);
    const run = await drift([name]);
    expect(run).toEqual({ code: 2, out: "", err: `fo-mock drift: ${reason.replace(name, path.join(dir, name))}\n` });
  });

  test("Redocly CLI that takes longer than its bound is stopped and said so", async () => {
    await expect(runRedoclyDrift(path.join(dir, "absent.har"), path.join(dir, "absent.json"), dir, 1)).rejects.toThrow(
      "redocly drift made no report within 0.001 s and was stopped",
    );
  });

  test("stopped by SIGTERM while Redocly runs, it stops Redocly and removes the masked recording's folder", async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), "drift-signal-"));
    const script = path.join(dir, "signal.mts");
    writeFileSync(
      script,
      `import { runRedoclyDrift } from ${JSON.stringify(path.resolve("src/mock/drift/redocly.ts"))};\n` +
        `await runRedoclyDrift("absent.har", ${JSON.stringify(path.resolve("generated/openapi.json"))}, process.env.WORK);\n`,
    );
    const child = spawn(process.execPath, ["--import", "tsx", script], { env: { ...process.env, WORK: work } });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_, signal) => resolve(signal)));
    const redocly = () => spawnSync("pgrep", ["-f", path.join(work, "redocly-drift.json")], { encoding: "utf8" });
    for (let i = 0; i < 200 && redocly().stdout.trim() === ""; i++) await new Promise((r) => setTimeout(r, 50));
    expect(redocly().stdout.trim()).not.toBe("");
    child.kill("SIGTERM");
    expect(await ended).toBe("SIGTERM");
    expect(existsSync(work)).toBe(false);
    expect(redocly().stdout.trim()).toBe("");
  });

  test("Redocly CLI that makes no report is named with what it said", async () => {
    await expect(runRedoclyDrift(path.join(dir, "absent.har"), path.join(dir, "absent.json"), dir)).rejects.toThrow(
      DriftToolError,
    );
  });
});

describe("where the report goes", () => {
  test("--help lists every option; fo-mock --help names the command", async () => {
    const run = await drift(["--help"]);
    for (const option of ["--format", "--output", "--fail-on"]) expect(run.out).toContain(option);
    let out = "";
    await main(["--help"], {
      env: {},
      stdout: { write: (t: string) => (out += t), on: () => {} },
      stderr: { write: () => {} },
      exit: () => {},
      once: () => {},
    } as Terminal);
    expect(out).toContain(
      "fo-mock drift FILE [--format markdown|json] [--output FILE] [--fail-on error|warning|never]",
    );
  });

  test("an empty recording: no finding, exit 0; --format json --output writes the JSON there and says so", async () => {
    const name = write("empty.har", { log: { version: "1.2", creator: { name: "x", version: "1" }, entries: [] } });
    const run = await drift([name, "--format", "json", "--output", "report.json"]);
    expect(run).toEqual({
      code: 0,
      out: "fo-mock drift: wrote report.json: 0 error(s), 0 warning(s), 0 information\n",
      err: "",
    });
    const report = JSON.parse(readFileSync(path.join(dir, "report.json"), "utf8"));
    expect(report).toMatchObject({
      recording: name,
      document: { title: "Financial Operations API" },
      exchanges: { total: 0, matched: 0, skipped: 0 },
      counts: { error: 0, warning: 0, info: 0 },
      findings: [],
    });
    expect((await drift([name])).out).toContain("No finding: every exchange conforms to the document.");
  });
});

describe("a recording made by another tool", () => {
  test("is masked before anything reads it: cookies, the token, banking values, the tool's own fields", () => {
    const name = write("browser.har", BROWSER_EXPORT);
    const recording = readRecording(path.join(dir, name));
    expect(recording.skipped).toBe(1);
    const masked = JSON.stringify(recording.har) + JSON.stringify(recording.exchanges);
    expect(SECRETS.filter((s) => masked.includes(s))).toEqual([]);
    expect(recording.exchanges[0]).toMatchObject({
      method: "POST",
      path: "/v1/customers/c0ffee00-0000-4000-8000-000000000001/external-accounts",
      requestHeaders: [
        { name: "authorization", value: "Bearer aaaaaaa-aaa-Aa11" },
        { name: "cookie", value: "aaaaaaa=a1aa11a" },
        { name: "content-type", value: "application/json" },
      ],
      status: 201,
    });
  });

  test("its report shows names and types where the values are masked, and holds no secret", async () => {
    const run = await drift([write("browser2.har", BROWSER_EXPORT), "--format", "json"]);
    expect(run.err).toBe("");
    expect(SECRETS.filter((s) => run.out.includes(s))).toEqual([]);
    const findings = (JSON.parse(run.out) as { findings: { at: string; message: string }[] }).findings;
    expect(findings.map((f) => [f.at, f.message])).toEqual(
      expect.arrayContaining([
        ["body /iban", "a member the reference does not show: string"],
        ["body /holder", "a member the reference does not show: string"],
      ]),
    );
  });
});
