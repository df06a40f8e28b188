// Schemathesis against the mock as startMock (and fo-mock) serves it, in sandbox and in production auth (every request
// signed by fuzz/fo_auth.py), all its checks, a bounded number of examples per operation and a fixed seed.
// Fails on any 5xx, crash, hang or response that does not conform to the document, except the failures
// recorded in fuzz/baseline.json (Prism's own gaps, each reviewed), which may hold no server error.
// The Python side lives in fuzz/: this test creates fuzz/.venv (git-ignored) and installs the pinned version.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { signRequest } from "../../src/signing/index.ts";
import { type RunningMock, startMock as start } from "../../src/mock/index.ts";
import { stopChild } from "../helpers/processes.ts";
import { ensureVenv, fuzz, python } from "../helpers/schemathesis.ts";
import { isAlive } from "./hardening/raw.ts";

const root = path.resolve(import.meta.dirname, "../..");
const MAX_EXAMPLES = 25;
const creds = { accessKey: "AK-fuzz", secretKey: randomBytes(32).toString("base64url") };
/** The only token portfolio routes take in this run, so a wrong or missing one must be refused. */
const portfolioToken = randomBytes(16).toString("hex");
const started: ChildProcess[] = [];
const mocks: RunningMock[] = [];
afterAll(async () => {
  await Promise.all([...started.map(stopChild), ...mocks.map((m) => m.close())]);
});

async function startMock(auth: "sandbox" | "production", stateful = false) {
  // Schemathesis repeats requests on purpose (shrinking, checks that resend): replays are allowed for the run.
  // Both modes know the run's key (sandbox: as its bearer token) and portfolio token, so wrong ones are refused.
  const mock = await start({
    auth,
    keys: { [creds.accessKey]: creds.secretKey },
    portfolioTokens: [portfolioToken],
    ...(auth === "production" ? { replay: "allow" as const } : {}),
    stateful,
  });
  mocks.push(mock);
  return mock;
}

/**
 * Accepted failures: Prism's and the document's gaps; with --stateful also the stateful mode's documented
 * refusals of schema-valid requests.
 */
const baselineOf = (stateful: boolean) => path.join(fuzz, stateful ? "baseline.stateful.json" : "baseline.json");

function runSchemathesis(url: string, auth: string, stateful = false): Promise<{ code: number | null; out: string }> {
  const args = [
    "-m",
    "schemathesis.cli",
    "--no-color",
    "run",
    path.join(root, "generated/openapi.json"),
    "--url",
    url,
    "--checks",
    "all",
    "--max-examples",
    String(MAX_EXAMPLES),
    "--seed",
    "1",
    "--request-timeout",
    "10",
    "--max-response-time",
    "5",
    "--generation-database",
    "none",
    "--baseline",
    baselineOf(stateful),
  ];
  const env = {
    ...process.env,
    SCHEMATHESIS_HOOKS: "fo_auth",
    PYTHONPATH: fuzz,
    FO_FUZZ_AUTH: auth,
    FO_BASE_URL: url,
    FO_ACCESS_KEY: creds.accessKey,
    FO_SECRET_KEY: creds.secretKey,
    FO_PORTFOLIO_TOKEN: portfolioToken,
  };
  return new Promise((resolve) => {
    const child = spawn(python, args, { cwd: fuzz, env, stdio: ["ignore", "pipe", "pipe"] });
    started.push(child);
    let out = "";
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 360_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe("Schemathesis against the mock", () => {
  test("the pinned Schemathesis signs as the project's signer", () => {
    ensureVenv();
    const version = execFileSync(python, ["-c", "import importlib.metadata as m; print(m.version('schemathesis'))"], {
      encoding: "utf8",
    }).trim();
    expect(readFileSync(path.join(fuzz, "requirements.txt"), "utf8")).toContain(`schemathesis==${version}`);
    const body = '{"quote_id":"3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69"}';
    const time = new Date("2026-11-21T09:30:00Z");
    const expected = signRequest({
      ...creds,
      method: "POST",
      path: "/v1/customers/c1/conversions/hedge",
      body,
      time,
    }).signature;
    const script = [
      "import datetime, fo_auth, requests, sys",
      "at = datetime.datetime(2026, 11, 21, 9, 30, tzinfo=datetime.timezone.utc)",
      `auth = fo_auth.MockAuth("production", "http://127.0.0.1", "${creds.accessKey}", sys.argv[1], "t", ` +
        `clock=lambda: at)`,
      'sent = auth(requests.Request("post", "http://127.0.0.1/v1/customers/c1/conversions/hedge", ' +
        "data=sys.argv[2]).prepare())",
      'print(sent.headers["Authorization"].rsplit(":", 1)[1])',
    ].join("\n");
    const got = execFileSync(python, ["-c", script, creds.secretKey, body], { cwd: fuzz, encoding: "utf8" }).trim();
    expect(got).toBe(expected);
  }, 300_000);

  test.each([false, true])("the accepted baseline (stateful: %s) holds no server error", (stateful) => {
    const baseline = JSON.parse(readFileSync(baselineOf(stateful), "utf8")) as {
      entries: Array<{ check: string; signature: string; operation: string }>;
    };
    const forbidden = baseline.entries.filter(
      (e) =>
        /server_error|response_schema|content_type|response_headers|max_response_time/.test(e.check) ||
        /^5/.test(e.signature),
    );
    expect(forbidden).toEqual([]);
  });

  test.each([
    ["sandbox", false],
    ["production", false],
    ["production", true],
  ] as const)(
    "%s auth (stateful: %s): nothing beyond the baseline",
    async (auth, stateful) => {
      ensureVenv();
      const mock = await startMock(auth, stateful);
      const started = Date.now();
      const { code, out } = await runSchemathesis(mock.url, auth, stateful);
      const summary = out.slice(out.lastIndexOf("SUMMARY"));
      const cases = /Test cases:\s*\n\s*(.+)/.exec(summary)?.[1];
      console.log(
        `Schemathesis (${auth}${stateful ? ", stateful" : ""}): ${cases}; ` +
          `${Math.round((Date.now() - started) / 1000)} s\n${summary.slice(0, 1500)}`,
      );
      expect(code, out.slice(-6000)).toBe(0);
      expect(out).not.toMatch(/Server error|ST100|Network Error|Timed out/);
      expect(isAlive(mock.pid), mock.output().slice(-3000)).toBe(true);
      expect(
        (
          await fetch(`${mock.url}/v1/customers/c1/rfi-cases`, {
            headers: { Authorization: `Bearer ${creds.accessKey}` },
          })
        ).status,
      ).toBeLessThan(500);
    },
    420_000,
  );
});
