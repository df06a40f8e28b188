// The recording proxy and the drift report on traffic with known departures (./departures.ts): `fo-sign proxy --record`
// in front of a local upstream, a client's calls through it (each twice), then `fo-mock drift`'s report of the file.
// Every departure is reported once, at its operation and place, counted over both exchanges; the conforming calls give
// no finding; the client got the upstream's bytes unchanged; and no secret, signature, token or banking value is in
// the recording or the report.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runProxy } from "../../src/cli/proxy.ts";
import type { Terminal } from "../../src/cli/terminal.ts";
import { driftReport } from "../../src/mock/drift/command.ts";
import type { Report } from "../../src/mock/drift/report.ts";
import { reportMarkdown } from "../../src/mock/drift/report.ts";
import { keys } from "../proxy/support.ts";
import { BANKING, CALLS, IDEMPOTENCY_KEY, PORTFOLIO_TOKEN, sendCalls, startUpstream } from "./departures.ts";
import { runDrift } from "./support.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "drift-known-"));
const recording = path.join(dir, "traffic.har");
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let got: Awaited<ReturnType<typeof sendCalls>>;
let report: Report;
let proxyOutput = "";

beforeAll(async () => {
  upstream = await startUpstream();
  const signals = new Map<string, () => void>();
  let exited: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (exited = resolve));
  const terminal: Terminal = {
    env: { FO_ACCESS_KEY: keys.accessKey, FO_SECRET_KEY: keys.secretKey },
    stdout: { write: (text: string) => (proxyOutput += text), on: () => {} },
    stderr: { write: (text: string) => (proxyOutput += text) },
    exit: () => exited(),
    once: (signal, listener) => signals.set(signal, listener),
  };
  await runProxy(["--upstream", upstream.url, "--port", "0", "--record", recording], terminal);
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(proxyOutput)?.[1];
  expect(url, proxyOutput).toBeDefined();
  try {
    got = await sendCalls(url!);
  } finally {
    signals.get("SIGTERM")!();
    await stopped;
  }
  report = await driftReport(recording, "traffic.har");
}, 60_000);
afterAll(async () => {
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The findings as rows: severity, kind, operation, where, what, how many exchanges. */
const rows = () =>
  report.findings.map((f) => [f.severity, f.kind, f.operation, `${f.in} ${f.at}`, f.message, f.exchanges]);

describe("the report of traffic with known departures", () => {
  test("every exchange was recorded and routed", () => {
    expect(report.exchanges).toEqual({ total: CALLS.length * 2, matched: (CALLS.length - 1) * 2, skipped: 0 });
  });

  test("each departure once, at its operation and place, with both exchanges counted; nothing else", () => {
    expect(rows()).toEqual([
      [
        "error",
        "undocumented-status",
        "createExternalAccount",
        "answer status",
        "answered 422 (application/json), which the operation does not list (it lists 400, 401, 409, 429, 2XX)",
        2,
      ],
      [
        "error",
        "undocumented-endpoint",
        "GET /v1/customers/{customer_id}/transactions",
        "request path",
        "Undocumented endpoint: GET /v1/customers/{customer_id}/transactions",
        2,
      ],
      [
        "error",
        "schema-consistency",
        "getConversion",
        "answer body /quote_id",
        'Response field "quote_id" does not match format "uuid".',
        2,
      ],
      [
        "warning",
        "undocumented-status",
        "getPortfolioHedge",
        "answer status",
        "answered 502 (text/html), which the operation does not list (it lists 200, 400, 401, 403, 404, 429, 500, 503)",
        2,
      ],
      ["info", "gap", "executeQuote", "answer body /order_status", 'shows value "COMPLETED"', 2],
      [
        "info",
        "gap",
        "getConversion",
        "answer body /order_status",
        'a member the reference does not show: string "COMPLETED"',
        2,
      ],
      [
        "info",
        "gap",
        "listRfiCases",
        "answer body /list/*/risk_score",
        "a member the reference does not show: integer",
        2,
      ],
      ["info", "gap", "listRfiCases", "answer status", "shows 200 (documented as 2XX)", 2],
    ]);
  });

  test("each gap names the document's text and its place in the bundled document", () => {
    const gaps = report.findings.filter((f) => f.kind === "gap").map((f) => [f.operation, f.document, f.gap]);
    expect(gaps).toEqual([
      ["executeQuote", "/components/schemas/OrderStatus", "Other order_status values and their transitions."],
      ["getConversion", "/components/schemas/Conversion", "Response body of the conversion read beyond quote_id."],
      [
        "listRfiCases",
        "/components/schemas/RfiCase",
        "Fields beyond those listed (the reference does not say the list is final).",
      ],
      [
        "listRfiCases",
        "/paths/~1v1~1customers~1{customer_id}~1rfi-cases/get",
        "Exact success status code, and the path of the single-case read.",
      ],
    ]);
  });

  test("the conforming calls give no finding", () => {
    const conforming = CALLS.filter((c) => c.name.startsWith("conforms:"));
    expect(conforming).toHaveLength(3);
    expect(report.findings.map((f) => f.operation)).not.toContain("createPortfolioQuote");
    // Execute Quote and Get Conversion appear only with the departures their other calls carry.
    expect(report.findings.filter((f) => f.operation === "executeQuote").map((f) => f.message)).toEqual([
      'shows value "COMPLETED"',
    ]);
  });

  test("the client got the upstream's status and bytes unchanged", () => {
    expect(got).toHaveLength(CALLS.length * 2);
    for (const { call, status, body } of got)
      expect([call.name, status, body]).toEqual([call.name, call.answer.status, call.answer.body]);
  });

  test("no secret, signature, token or banking value in the recording or the report", async () => {
    const signatures = upstream.authorizations
      .filter((a) => a.startsWith("Service-HMAC"))
      .map((a) => a.split(":").at(-1)!);
    expect(signatures.length).toBeGreaterThan(0);
    const markdown = reportMarkdown(report);
    const json = JSON.stringify(report);
    const har = readFileSync(recording, "utf8");
    const secrets = [keys.secretKey, PORTFOLIO_TOKEN, IDEMPOTENCY_KEY, ...signatures, ...Object.values(BANKING)];
    for (const [name, text] of Object.entries({ har, markdown, json }))
      expect(
        secrets.filter((secret) => text.includes(secret)),
        name,
      ).toEqual([]);
    // The masked members are there, as placeholders of their shape.
    type Request = { url: string; headers: { name: string; value: string }[]; postData: { text: string } };
    const entries = (JSON.parse(har) as { log: { entries: { request: Request }[] } }).log.entries;
    const account = entries.find((e) => e.request.url.endsWith("/external-accounts"))!;
    expect(JSON.parse(account.request.postData.text)).toMatchObject({
      account_number: "111111111111",
      institution_id: "111111111",
    });
    const portfolio = entries.find((e) => e.request.url.includes("/v1/portfolios/"))!;
    expect(portfolio.request.headers).toContainEqual({
      name: "Authorization",
      value: "Bearer aaaaaaaaa-aaaaa-1Aa1Aa1",
    });
  });

  test("fo-mock drift exits 1 on the errors (the default --fail-on error), 0 with --fail-on never", async () => {
    const run = (args: string[]) => runDrift([recording, ...args], dir);
    const markdown = await run([]);
    expect(markdown.code).toBe(1);
    expect(markdown.out).toContain("Findings: 3 errors, 1 warning, 4 information.");
    expect((await run(["--fail-on", "never"])).code).toBe(0);
  }, 30_000);
});
