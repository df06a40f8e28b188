// `fo-sign proxy` (the built dist/cli/fo-sign.mjs) with `--record FILE` against the same proxy without it, in front of
// one local upstream (a process of its own answering a list of three external accounts, banking members included, so the recording masks on every
// answer): autocannon, GET through the proxy (signed afresh each time), 10 connections, ROUNDS interleaved rounds of
// SECONDS each after a warm-up; throughput, latency p50 and p99, their ratios, and the recording's bytes per exchange.
// The figures are printed, never asserted. Every process is stopped by PID at the end.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, stopChild } from "../test/helpers/processes.ts";
import { median, quantile, ratioLine, rotate } from "./stats.ts";

const root = path.resolve(import.meta.dirname, "..");
const SECONDS = Number(process.env.SECONDS ?? 3);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CONNECTIONS = 10;
const PATH = "/v1/customers/c0ffee00-0000-4000-8000-000000000001/external-accounts";
const keys = { FO_ACCESS_KEY: "AK-BENCH", FO_SECRET_KEY: randomBytes(32).toString("base64url") };
const dir = mkdtempSync(path.join(os.tmpdir(), "proxy-record-bench-"));
const recording = path.join(dir, "bench.har");
// The built command, as an installed package runs it (not the source through tsx).
const bin = path.join(root, "dist/cli/fo-sign.mjs");
if (!existsSync(bin)) throw new Error(`${path.relative(root, bin)} is missing: run bash scripts/dev.sh build:package.`);

/** The upstream's answer: three external accounts, as a list (about 600 bytes of JSON). */
const ANSWER = JSON.stringify({
  list: [1, 2, 3].map((n) => ({
    network: "US_ACH",
    account_holder_name: `Jane Q Public ${n}`,
    currency: "USD",
    country_code: "USA",
    account_number: `12345678901${n}`,
    institution_id: "021000021",
    institution_name: "Example National Bank",
  })),
  total: 3,
});

/** A process of its own that listens on `port`, until it says so on stdout. */
async function listening(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      out += d;
      if (ready.test(out)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`ended (${code}) before it was ready:\n${out}`)));
  });
  return child;
}

interface Run {
  count: number;
  seconds: number;
  latencies: number[];
  bad: number;
}

function load(url: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let bad = 0;
    const started = performance.now();
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: SECONDS, requests: [{ method: "GET", path: PATH }] },
      (err) =>
        err
          ? reject(err)
          : resolve({ count: latencies.length, seconds: (performance.now() - started) / 1000, latencies, bad }),
    );
    instance.on("response", (_c: unknown, status: number, _b: number, ms: number) =>
      status === 200 ? latencies.push(ms) : bad++,
    );
  });
}

const started: ChildProcess[] = [];
try {
  const upstreamPort = await freePort();
  const answer = `s.writeHead(200, {"Content-Type": "application/json"}).end(${JSON.stringify(ANSWER)})`;
  const server =
    `require("node:http").createServer((q, s) => q.resume().on("end", () => ${answer}))` +
    `.listen(${upstreamPort}, "127.0.0.1", () => console.log("listening"))`;
  started.push(await listening(["-e", server], process.env, /listening/));
  const proxyArgs = [bin, "proxy", "--upstream", `http://127.0.0.1:${upstreamPort}`];
  const variants: { label: string; url: string }[] = [];
  for (const [label, extra] of [
    ["fo-sign proxy", []],
    ["fo-sign proxy --record FILE", ["--record", recording]],
  ] as const) {
    const port = await freePort();
    const child = await listening(
      [...proxyArgs, "--port", String(port), ...extra],
      { ...process.env, ...keys },
      /ready/,
    );
    started.push(child);
    variants.push({ label, url: `http://127.0.0.1:${port}` });
  }
  for (const v of variants) await load(v.url); // warm-up
  const runs = new Map(variants.map((v) => [v, [] as Run[]]));
  for (let r = 0; r < ROUNDS; r++) for (const v of rotate(variants, r)) runs.get(v)!.push(await load(v.url));

  console.log(
    `GET through the proxy, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s, interleaved (medians):`,
  );
  const figures = variants.map((v) => {
    const rs = runs.get(v)!;
    const rate = median(rs.map((x) => x.count / x.seconds));
    const all = rs.flatMap((x) => x.latencies);
    const bad = rs.reduce((a, x) => a + x.bad, 0);
    console.log(
      `  ${v.label.padEnd(30)} ${rate.toFixed(0).padStart(6)} req/s  p50 ${quantile(all, 0.5).toFixed(2)} ms  ` +
        `p99 ${quantile(all, 0.99).toFixed(2)} ms  (${bad} not 200)`,
    );
    return { rate, p50: quantile(all, 0.5), p99: quantile(all, 0.99) };
  });
  const [plain, recorded] = figures as [(typeof figures)[0], (typeof figures)[0]];
  ratioLine("throughput, --record / without", recorded.rate / plain.rate);
  ratioLine("latency p50, --record / without", recorded.p50 / plain.p50);
  ratioLine("latency p99, --record / without", recorded.p99 / plain.p99);
  // The warm-up's exchanges are in the file too: count its entries.
  const bytes = statSync(recording).size;
  const entries = readFileSync(recording, "utf8").split('{"startedDateTime"').length - 1;
  console.log(`  recording: ${entries} exchanges in ${bytes} bytes, ${Math.round(bytes / entries)} bytes an exchange`);
} finally {
  for (const child of started.reverse()) await stopChild(child);
  rmSync(dir, { recursive: true, force: true });
}
