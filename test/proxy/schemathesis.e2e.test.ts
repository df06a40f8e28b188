// Schemathesis through fo-sign proxy against the mock in production auth (its default replay rule), with no auth hook
// of its own: the proxy signs every customer request. A bounded run (a few examples per operation, fixed seed) whose
// every exchange is read back from Schemathesis's HAR report: no 5xx anywhere, and no 401 on a signed route (each
// signature the proxy made was accepted, repeats included). Only `not_a_server_error` is checked (the direct run in
// test/mock/schemathesis.e2e.test.ts runs them all, `ignored_auth` among them, which a signing proxy defeats by design),
// and the coverage phase is left out: its boundary cases send one request many times over, and the proxy holds each
// identical repeat back to the next second so that no signature goes twice (a 300 s run measured).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { isPortfolioPath } from "../../src/proxy/server.ts";
import { startMock } from "../../src/mock/index.ts";
import { stopChild } from "../helpers/processes.ts";
import { ensureVenv, fuzz, python } from "../helpers/schemathesis.ts";
import { keys, proxyFor } from "./support.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "proxy-fuzz-"));
const started: ChildProcess[] = [];
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all([...started.map(stopChild), ...closers.map((close) => close())]);
  rmSync(dir, { recursive: true, force: true });
});

interface Har {
  log: { entries: Array<{ request: { method: string; url: string }; response: { status: number } }> };
}

test("no 5xx and no refused signature through the proxy", async () => {
  ensureVenv();
  // The mock as a user starts it, knowing the keys the proxy signs with.
  const mock = await startMock({ auth: "production", keys: { [keys.accessKey]: keys.secretKey }, stateful: false });
  closers.push(() => mock.close());
  const proxy = await proxyFor(mock.url);
  const har = path.join(dir, "run.har");
  const child = spawn(
    python,
    [
      "-m",
      "schemathesis.cli",
      "--no-color",
      "run",
      path.join(root, "generated/openapi.json"),
      "--url",
      proxy.url,
      "--checks",
      "not_a_server_error",
      "--phases",
      "examples,fuzzing",
      "--max-examples",
      "10",
      "--seed",
      "1",
      "--request-timeout",
      "10",
      "--generation-database",
      "none",
      "--report",
      "har",
      "--report-har-path",
      har,
    ],
    { cwd: fuzz, env: { PATH: process.env.PATH, HOME: process.env.HOME }, stdio: ["ignore", "pipe", "pipe"] },
  );
  started.push(child);
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), 300_000);
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  clearTimeout(timer);
  await proxy.close();
  const entries = (JSON.parse(readFileSync(har, "utf8")) as Har).log.entries;
  const exchanges = entries.map((e) => ({
    method: e.request.method,
    path: new URL(e.request.url).pathname,
    status: e.response.status,
  }));
  console.log(`Schemathesis through fo-sign proxy: ${exchanges.length} requests, exit ${code}`);
  expect(exchanges.length, out.slice(-3000)).toBeGreaterThan(150);
  expect(
    exchanges.filter((e) => e.status >= 500),
    out.slice(-3000),
  ).toEqual([]);
  expect(exchanges.filter((e) => e.status === 401 && !isPortfolioPath(e.path))).toEqual([]);
  // Signed requests were served, not only refused before reaching the mock.
  expect(exchanges.filter((e) => e.status < 300 && !isPortfolioPath(e.path)).length).toBeGreaterThan(20);
  expect(code, out.slice(-3000)).toBe(0);
}, 360_000);
