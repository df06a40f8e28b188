// The mock as `npm run mock` runs it (the signature front before Prism, in sandbox and production auth)
// against Prism alone as `npm run mock -- --bare` starts it, under load from autocannon at 1, 10 and 50
// connections on 127.0.0.1; then the RFI list (GET, bearer, 10 connections) through `npm run mock` against
// Prism alone started quietly (`prism mock -v warn`, the level the front runs Prism at), so the front's own
// cost is not hidden by the info log of --bare. PART=post or PART=rfi runs one part. The modes take turns in a
// rotating order within each round, so drift of a shared machine hits all alike. Each run is bounded in time;
// output of the mocks goes to /dev/null.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { signRequest } from "../src/signing/index.ts";
import { freePort, stopChild } from "../test/helpers/processes.ts";
import { mockArgv } from "./checkout-mock.ts";
import { quantile, ratioLine, rotate } from "./stats.ts";

// CONNS=1,10 (for example) narrows a run to some connection counts.
const CONNECTIONS = (process.env.CONNS ?? "1,10,50").split(",").map(Number);
const ROUNDS = 3;
const SECONDS = 3;
/** Requests prepared per second of a run: above the highest rate measured here (about 2,000 a second). */
const PREPARED_PER_SECOND = 5_000;
const root = path.resolve(import.meta.dirname, "..");

const creds = { accessKey: "AK-BENCH", secretKey: randomBytes(32).toString("base64url") };
const requestPath = "/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/hedge";
const json = { "Content-Type": "application/json" };
// Every request executes another quote: the front refuses a signature it has seen (a replay), so each one is
// signed afresh; the other modes get the same fresh bodies, with the sandbox token.
const fresh = () => JSON.stringify({ quote_id: randomUUID() });
const bearerRequest = () => {
  const body = fresh();
  return { body, headers: { ...json, Authorization: "Bearer sandbox-token" } };
};
const signedRequest = () => {
  const body = fresh();
  return {
    body,
    headers: {
      ...json,
      ...signRequest({ ...creds, method: "POST", path: requestPath, body, time: new Date() }).headers,
    },
  };
};

interface Mode {
  label: string;
  args: string[];
  request: () => { body: string; headers: Record<string, string> };
  /** Runs this command instead of this checkout's fo-mock (given the port). */
  command?: (port: number) => string[];
}
const modes: Mode[] = [
  { label: "Prism alone (fo-mock --bare)", args: ["--bare"], request: bearerRequest },
  { label: "front, sandbox auth (fo-mock)", args: [], request: bearerRequest },
  { label: "front, production auth (HMAC verified)", args: ["--auth", "production"], request: signedRequest },
];
const BARE = modes[0]!.label;

/** Starts `fo-mock ARGS --port P` and resolves once the port answers HTTP. */
async function startMock(mode: Mode): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // Its own spawn, not scripts/run.mjs: stdout goes to /dev/null, not to a pipe this process would have to drain
  // while it measures (Prism's per-request log; a reader that lags stalls Prism's writes).
  const child = spawn(
    process.execPath,
    mode.command?.(port) ?? [...mockArgv(root), ...mode.args, "--port", String(port)],
    {
      cwd: root,
      env: {
        ...process.env,
        FO_ACCESS_KEY: creds.accessKey,
        FO_SECRET_KEY: creds.secretKey,
        SCARF_ANALYTICS: "false",
        DO_NOT_TRACK: "1",
      },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${mode.label} exited with ${child.exitCode}: ${stderr}`);
    try {
      await fetch(`${url}/`, { signal: AbortSignal.timeout(1_000) });
      return { url, child };
    } catch {
      if (Date.now() > deadline) throw new Error(`${mode.label} did not answer within 60 s: ${stderr}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

interface Run {
  count: number;
  seconds: number;
  latencies: number[];
  bad: number;
}
/** One autocannon run; latencies are kept per response (ms, sub-millisecond), not in its 1 ms histogram. */
function load(url: string, connections: number, seconds: number, request: Mode["request"]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let bad = 0;
    const started = performance.now();
    // Made before the run, so the load generator's own signing (it shares the 2 cores) is not timed as the
    // front's; more than any run can send at this machine's rate, each used once.
    const ready = Array.from({ length: PREPARED_PER_SECOND * seconds }, request);
    let next = 0;
    const requests = [
      {
        method: "POST" as const,
        path: requestPath,
        setupRequest: (req: object) => ({ ...req, ...(ready[next++] ?? request()) }),
      },
    ];
    const instance = autocannon({ url, requests, connections, duration: seconds }, (err) => {
      if (err) return reject(err);
      resolve({ count: latencies.length, seconds: (performance.now() - started) / 1000, latencies, bad });
    });
    instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) =>
      status === 201 ? latencies.push(ms) : bad++,
    );
  });
}

// The RFI-list part (declared before the top-level run below uses them).
const rfiPath = "/v1/customers/c0ffee00-0000-4000-8000-000000000001/rfi-cases";
const RFI_ROUNDS = Number(process.env.ROUNDS ?? 5);
/**
 * Process starts per mode: how well V8 compiles Prism's hot code differs from one process to the next by more than the
 * front costs (one start of the same Prism measured 680 and 810 us of CPU a request), so each mode is started this
 * many times and its figures pooled over all starts.
 */
const STARTS = Number(process.env.STARTS ?? 3);
const prismBin = createRequire(import.meta.url).resolve("@stoplight/prism-cli/dist/index.js");
const bundle = path.join(root, "generated/openapi.json");

const running = new Map<string, { url: string; child: ChildProcess }>();
const PART = process.env.PART ?? "";
try {
  if (PART !== "rfi") await postPart();
  if (PART !== "post") await rfiPart();
} finally {
  for (const { child } of running.values()) await stopChild(child);
}

async function postPart() {
  for (const mode of modes) running.set(mode.label, await startMock(mode));
  for (const mode of modes) await load(running.get(mode.label)!.url, 10, 1, mode.request); // warm-up
  console.log(
    `POST Execute Quote (${fresh().length}-byte JSON, a new quote_id each), autocannon, ` +
      `${ROUNDS} rounds x ${SECONDS} s per mode and connection count:`,
  );
  for (const connections of CONNECTIONS) {
    const runs = new Map<string, Run[]>(modes.map((m) => [m.label, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (const mode of rotate(modes, r))
        runs.get(mode.label)!.push(await load(running.get(mode.label)!.url, connections, SECONDS, mode.request));
    }
    const stats = new Map(
      [...runs].map(([label, rs]) => {
        const all = rs.flatMap((x) => x.latencies);
        const rps = rs.reduce((s, x) => s + x.count, 0) / rs.reduce((s, x) => s + x.seconds, 0);
        return [
          label,
          { rps, p50: quantile(all, 0.5), p99: quantile(all, 0.99), bad: rs.reduce((s, x) => s + x.bad, 0) },
        ];
      }),
    );
    console.log(`${connections} connection${connections > 1 ? "s" : ""}:`);
    for (const [label, s] of stats) {
      const ms = (x: number) => `${x.toFixed(2).padStart(6)} ms`;
      const bad = s.bad ? `   ${s.bad} non-201 answers` : "";
      console.log(
        `  ${label.padEnd(42)} ${s.rps.toFixed(0).padStart(6)} req/s   p50 ${ms(s.p50)}   p99 ${ms(s.p99)}${bad}`,
      );
    }
    const bare = stats.get(BARE)!;
    for (const mode of modes.slice(1)) {
      const s = stats.get(mode.label)!;
      ratioLine(`${mode.label.split(" (")[0]}: throughput / Prism's`, s.rps / bare.rps, undefined, 1.0, true);
      ratioLine(`${mode.label.split(" (")[0]}: p99 / Prism's`, s.p99 / bare.p99, undefined, 1.2);
    }
  }
}

// The RFI list, as issue 23 measures the front's cost: GET, bearer, 10 connections, modes interleaved.

/** The process that serves: Prism itself, or the Prism that the mock command started (the front runs inside it). */
function serverPid(child: ChildProcess): number {
  const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return Number(children.find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("prism")) ?? child.pid);
}
/** CPU seconds (user + system) the process has used: robust to a loaded machine, unlike wall-clock rates. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

/** The RFI list's headers: the sandbox's bearer token, or a signature made now (a GET may repeat it in its window). */
function rfiHeaders(signed: boolean): Record<string, string> {
  return signed
    ? signRequest({ ...creds, method: "GET", path: rfiPath, body: "", time: new Date() }).headers
    : { Authorization: "Bearer sandbox-token" };
}

function loadGet(url: string, connections: number, seconds: number, signed = false): Promise<Run> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let bad = 0;
    const started = performance.now();
    const requests = [{ method: "GET" as const, path: rfiPath, headers: rfiHeaders(signed) }];
    const instance = autocannon({ url, requests, connections, duration: seconds }, (err) => {
      if (err) return reject(err);
      resolve({ count: latencies.length, seconds: (performance.now() - started) / 1000, latencies, bad });
    });
    instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) =>
      status === 200 ? latencies.push(ms) : bad++,
    );
  });
}

async function rfiPart() {
  const quiet: Mode = {
    label: "Prism alone, quiet (prism mock -v warn)",
    args: [],
    request: bearerRequest,
    command: (port) => [prismBin, "mock", "--host", "127.0.0.1", "--port", String(port), "-v", "warn", bundle],
  };
  const sandbox: Mode = { label: "fo-mock (front, sandbox auth)", args: [], request: bearerRequest };
  const production: Mode = {
    label: "fo-mock --auth production (signed GET)",
    args: ["--auth", "production"],
    request: signedRequest,
  };
  // BASELINE=<another checkout> adds that checkout's mock command to the rotation (a before/after run under the
  // same load).
  const baseline = process.env.BASELINE;
  const before: Mode[] = baseline
    ? [
        {
          label: "the mock of BASELINE",
          args: [],
          request: bearerRequest,
          command: (port) => [...mockArgv(baseline), "--port", String(port)],
        },
      ]
    : [];
  const rfiModes = [quiet, sandbox, production, ...before];
  const signed = (mode: Mode) => mode === production;
  const runs = new Map<string, Run[]>(rfiModes.map((m) => [m.label, []]));
  const cpu = new Map<string, number>(rfiModes.map((m) => [m.label, 0]));
  for (let start = 0; start < STARTS; start++) {
    for (const mode of rfiModes) running.set(mode.label, await startMock(mode));
    for (const mode of rfiModes) await loadGet(running.get(mode.label)!.url, 10, 1, signed(mode)); // warm-up
    for (let r = 0; r < RFI_ROUNDS; r++) {
      for (const mode of rotate(rfiModes, r + start)) {
        const pid = serverPid(running.get(mode.label)!.child);
        const before = cpuSeconds(pid);
        runs.get(mode.label)!.push(await loadGet(running.get(mode.label)!.url, 10, SECONDS, signed(mode)));
        cpu.set(mode.label, cpu.get(mode.label)! + cpuSeconds(pid) - before);
      }
    }
    for (const mode of rfiModes) await stopChild(running.get(mode.label)!.child);
    running.clear();
  }
  console.log(
    `GET ${rfiPath} (RFI list), autocannon, 10 connections, ${STARTS} process starts per mode, each ` +
      `${RFI_ROUNDS} rounds x ${SECONDS} s per mode, interleaved:`,
  );
  const stats = new Map(
    [...runs].map(([label, rs]) => {
      const all = rs.flatMap((x) => x.latencies);
      const rps = rs.reduce((s, x) => s + x.count, 0) / rs.reduce((s, x) => s + x.seconds, 0);
      const cpuUs = (cpu.get(label)! / Math.max(1, all.length)) * 1e6;
      return [
        label,
        {
          rps,
          cpuUs,
          mean: all.reduce((a, b) => a + b, 0) / Math.max(1, all.length),
          p99: quantile(all, 0.99),
          bad: rs.reduce((s, x) => s + x.bad, 0),
        },
      ];
    }),
  );
  for (const [label, s] of stats) {
    const ms = (x: number) => `${x.toFixed(2).padStart(6)} ms`;
    const bad = s.bad ? `   ${s.bad} non-200 answers` : "";
    console.log(
      `  ${label.padEnd(42)} ${s.rps.toFixed(0).padStart(6)} req/s   mean ${ms(s.mean)}   p99 ${ms(s.p99)}   ` +
        `server CPU ${s.cpuUs.toFixed(0).padStart(5)} us/request${bad}`,
    );
  }
  const q = stats.get(quiet.label)!;
  // The targets of issue 37: 0.90x Prism's throughput, 1.15x its mean latency, in both auth modes.
  for (const [mode, name] of [
    [sandbox, "npm run mock"],
    [production, "npm run mock -- --auth production"],
    ...before.map((b) => [b, "BASELINE's npm run mock"] as const),
  ] as const) {
    const m = stats.get(mode.label)!;
    ratioLine(`${name}: throughput / quiet Prism's`, m.rps / q.rps, undefined, 0.9, true);
    ratioLine(`${name}: mean latency / quiet Prism's`, m.mean / q.mean, undefined, 1.15);
    // On a machine shared with other work the rates above move by tens of percent between runs; the server's
    // CPU time per request moves less: its inverse is the throughput a dedicated core would give.
    ratioLine(
      `${name}: CPU-bound throughput (quiet Prism's CPU/request over its)`,
      q.cpuUs / m.cpuUs,
      undefined,
      0.9,
      true,
    );
  }
}
