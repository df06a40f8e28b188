// The built mock package (packages/mock: `fo-mock` and `startMock()`, what a consumer runs) against Prism's own CLI
// (`prism mock -v warn`) on the same bundled document, on 127.0.0.1:
// - rfi: the RFI list (GET, 10 connections) through fo-mock in sandbox auth (bearer) and in production auth (a signed
//   GET), each mode started afresh STARTS times (how well V8 compiles Prism's hot code differs from one process to the
//   next by more than the mock's own cost) and ROUNDS rounds per start, modes interleaved: throughput, mean latency and
//   the server's CPU per request; after the last round of each start, the resident memory of every process of each.
// - start: `startMock()` with its defaults until its promise resolves, against Prism's CLI from its start to its first
//   answer, interleaved, ROUNDS rounds.
// - post: Execute Quote (a POST, signed afresh each time in production auth) at 1, 10 and 50 connections (CONNS).
// PART=rfi|start|post runs one part. The figures are printed with their targets, never asserted. Output of the mocks
// goes to /dev/null; every mock is stopped by PID at the end.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import autocannon from "autocannon";
import { signRequest } from "../src/signing/index.ts";
import { freePort, stopChild } from "../test/helpers/processes.ts";
import { run } from "../scripts/run.mjs";
import { median, quantile, ratioLine, rotate } from "./stats.ts";

const root = path.resolve(import.meta.dirname, "..");
const builtMock = path.join(root, "packages/mock/dist");
const prismBin = createRequire(import.meta.url).resolve("@stoplight/prism-cli/dist/index.js");
const bundle = path.join(root, "generated/openapi.json");

const SECONDS = 3;
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const STARTS = Number(process.env.STARTS ?? 3);
const CONNECTIONS = (process.env.CONNS ?? "1,10,50").split(",").map(Number);
const PART = process.env.PART ?? "";
/** Requests prepared per second of a POST run: above the highest rate measured here (about 2,000 a second). */
const PREPARED_PER_SECOND = 5_000;

const creds = { accessKey: "AK-BENCH", secretKey: randomBytes(32).toString("base64url") };
const rfiPath = "/v1/customers/c0ffee00-0000-4000-8000-000000000001/rfi-cases";
const quotePath = "/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/hedge";

interface Mode {
  label: string;
  /** Node's arguments for the port. */
  argv: (port: number) => string[];
  signed: boolean;
}
const prism: Mode = {
  label: "Prism's CLI (prism mock -v warn)",
  argv: (port) => [prismBin, "mock", "--host", "127.0.0.1", "--port", String(port), "-v", "warn", bundle],
  signed: false,
};
const sandbox: Mode = {
  label: "fo-mock, sandbox auth",
  argv: (port) => [path.join(builtMock, "fo-mock.mjs"), "--port", String(port)],
  signed: false,
};
const production: Mode = {
  label: "fo-mock --auth production (signed)",
  argv: (port) => [path.join(builtMock, "fo-mock.mjs"), "--auth", "production", "--port", String(port)],
  signed: true,
};

interface Running {
  url: string;
  child: ChildProcess;
}

/** Starts a mode on a free port; resolves once it answers HTTP. */
async function start(mode: Mode): Promise<Running> {
  const port = await freePort();
  // stdout to /dev/null, not a pipe this process would have to drain while it measures.
  const child = spawn(process.execPath, mode.argv(port), {
    cwd: root,
    env: {
      ...process.env,
      FO_ACCESS_KEY: creds.accessKey,
      FO_SECRET_KEY: creds.secretKey,
      SCARF_ANALYTICS: "false",
      DO_NOT_TRACK: "1",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${mode.label} exited with ${child.exitCode}: ${stderr}`);
    try {
      await (await fetch(`${url}${rfiPath}`, { headers: { Authorization: "Bearer t" } })).arrayBuffer();
      return { url, child };
    } catch {
      if (Date.now() > deadline) throw new Error(`${mode.label} did not answer within 60 s: ${stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** The process and all its descendants. */
function tree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {}
  return [pid, ...children.flatMap(tree)];
}
const statOf = (pid: number) => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
/** CPU seconds (user + system) of a process tree: robust to a loaded machine, unlike rates. */
const cpuSeconds = (pid: number) =>
  tree(pid).reduce((s, p) => s + (Number(statOf(p)[11]) + Number(statOf(p)[12])) / 100, 0);
/** Resident memory of a process tree, in MB. */
const rssMb = (pid: number) =>
  tree(pid).reduce(
    (s, p) => s + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))![1]) / 1024,
    0,
  );

interface Run {
  count: number;
  seconds: number;
  latencies: number[];
  bad: number;
}

/** The runs of one mode pooled: requests/s over all their seconds, mean and p99 over all their latencies. */
function pooled(rs: Run[]) {
  const all = rs.flatMap((x) => x.latencies);
  return {
    requests: all.length,
    rps: rs.reduce((a, x) => a + x.count, 0) / rs.reduce((a, x) => a + x.seconds, 0),
    mean: all.reduce((a, b) => a + b, 0) / Math.max(1, all.length),
    p99: quantile(all, 0.99),
    bad: rs.reduce((a, x) => a + x.bad, 0),
  };
}

/** A signature made now for a GET (a GET may repeat it inside its window), or the sandbox token. */
function getHeaders(signed: boolean): Record<string, string> {
  return signed
    ? signRequest({ ...creds, method: "GET", path: rfiPath, body: "", time: new Date() }).headers
    : { Authorization: "Bearer sandbox-token" };
}

/** One autocannon run; latencies are kept per response (ms, below the millisecond), not in its 1 ms histogram. */
function load(url: string, connections: number, requests: autocannon.Request[], ok: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let bad = 0;
    const started = performance.now();
    const instance = autocannon({ url, requests, connections, duration: SECONDS }, (err) => {
      if (err) return reject(err);
      resolve({ count: latencies.length, seconds: (performance.now() - started) / 1000, latencies, bad });
    });
    instance.on("response", (_c: unknown, status: number, _b: number, ms: number) =>
      status === ok ? latencies.push(ms) : bad++,
    );
  });
}
const getLoad = (r: Running, mode: Mode, connections = 10) =>
  load(r.url, connections, [{ method: "GET", path: rfiPath, headers: getHeaders(mode.signed) }], 200);

const ms = (x: number) => `${x.toFixed(2).padStart(7)} ms`;

async function rfiPart() {
  const modes = [prism, sandbox, production];
  const runs = new Map<Mode, Run[]>(modes.map((m) => [m, []]));
  const cpu = new Map<Mode, number>(modes.map((m) => [m, 0]));
  const rss = new Map<Mode, number[]>(modes.map((m) => [m, []]));
  for (let s = 0; s < STARTS; s++) {
    const running = new Map<Mode, Running>();
    try {
      for (const mode of modes) running.set(mode, await start(mode));
      for (const mode of modes) await getLoad(running.get(mode)!, mode); // warm-up
      for (let r = 0; r < ROUNDS; r++) {
        for (const mode of rotate(modes, r + s)) {
          const pid = running.get(mode)!.child.pid!;
          const before = cpuSeconds(pid);
          runs.get(mode)!.push(await getLoad(running.get(mode)!, mode));
          cpu.set(mode, cpu.get(mode)! + cpuSeconds(pid) - before);
        }
      }
      for (const mode of modes) rss.get(mode)!.push(rssMb(running.get(mode)!.child.pid!));
    } finally {
      for (const r of running.values()) await stopChild(r.child);
    }
  }
  console.log(
    `GET ${rfiPath} (the RFI list), 10 connections, ${STARTS} starts per mode x ${ROUNDS} rounds x ${SECONDS} s, ` +
      "interleaved:",
  );
  const stats = new Map(
    modes.map((mode) => {
      const pool = pooled(runs.get(mode)!);
      const cpuUs = (cpu.get(mode)! / Math.max(1, pool.requests)) * 1e6;
      return [mode, { ...pool, cpuUs, rss: median(rss.get(mode)!) }];
    }),
  );
  for (const [mode, s] of stats)
    console.log(
      `  ${mode.label.padEnd(38)} ${s.rps.toFixed(0).padStart(6)} req/s   mean ${ms(s.mean)}   p99 ${ms(s.p99)}   ` +
        `CPU ${s.cpuUs.toFixed(0).padStart(5)} us/request   RSS ${s.rss.toFixed(0)} MB${s.bad ? `   ${s.bad} not 200` : ""}`,
    );
  const p = stats.get(prism)!;
  for (const [mode, floor] of [
    [sandbox, 1.0],
    [production, 0.95],
  ] as const) {
    const m = stats.get(mode)!;
    ratioLine(`${mode.label}: throughput / Prism CLI's`, m.rps / p.rps, undefined, floor, true);
    ratioLine(`${mode.label}: mean latency / Prism CLI's`, m.mean / p.mean, undefined, 1.0);
    // On a shared machine rates move by tens of percent between runs; CPU per request moves less.
    ratioLine(`${mode.label}: CPU-bound throughput (CPU/request)`, p.cpuUs / m.cpuUs, undefined, floor, true);
    ratioLine(`${mode.label}: resident memory / Prism CLI's`, m.rss / p.rss, undefined, 1.1);
  }
}

/** Prism's CLI from its start to its first answer, in ms. */
async function prismFirstAnswer(): Promise<number> {
  const started = performance.now();
  const running = await start(prism);
  const took = performance.now() - started;
  await stopChild(running.child);
  return took;
}

/** `startMock()` with its defaults until its promise resolves, in ms, in a fresh Node process (as a test suite). */
async function startMockReady(): Promise<number> {
  const script = `
    const { startMock } = await import(${JSON.stringify(path.join(builtMock, "index.mjs"))});
    const started = performance.now();
    const mock = await startMock();
    const took = performance.now() - started;
    await mock.close();
    console.log(took);`;
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
    cwd: root,
    name: "startMock",
  });
  return Number(stdout.trim());
}

async function startPart() {
  const times = { prism: [] as number[], startMock: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    for (const which of rotate(["prism", "startMock"] as const, r)) {
      times[which].push(which === "prism" ? await prismFirstAnswer() : await startMockReady());
    }
  }
  const p = median(times.prism);
  const m = median(times.startMock);
  console.log(`Start, ${ROUNDS} rounds, interleaved (medians):`);
  console.log(
    `  Prism's CLI, start to its first answer     ${ms(p)}   (${times.prism.map((t) => t.toFixed(0)).join(", ")})`,
  );
  console.log(
    `  startMock() with its defaults, to ready    ${ms(m)}   (${times.startMock.map((t) => t.toFixed(0)).join(", ")})`,
  );
  ratioLine("startMock() ready / Prism CLI's first answer", m / p, undefined, 0.6);
}

async function postPart() {
  const modes = [prism, sandbox, production];
  const fresh = () => JSON.stringify({ quote_id: randomUUID() });
  // Every request executes another quote: the mock refuses a signature it has seen on a write, so each is signed
  // afresh, before the run, so the load generator's own signing is not timed.
  const prepared = (mode: Mode) =>
    Array.from({ length: PREPARED_PER_SECOND * SECONDS }, () => {
      const body = fresh();
      const auth = mode.signed
        ? signRequest({ ...creds, method: "POST", path: quotePath, body, time: new Date() }).headers
        : { Authorization: "Bearer sandbox-token" };
      return { body, headers: { "Content-Type": "application/json", ...auth } };
    });
  const running = new Map<Mode, Running>();
  try {
    for (const mode of modes) running.set(mode, await start(mode));
    console.log(`POST Execute Quote (a new quote_id each), ${ROUNDS} rounds x ${SECONDS} s per mode and connections:`);
    for (const connections of CONNECTIONS) {
      const runs = new Map<Mode, Run[]>(modes.map((m) => [m, []]));
      for (let r = 0; r < ROUNDS; r++) {
        for (const mode of rotate(modes, r)) {
          const ready = prepared(mode);
          let next = 0;
          const requests = [
            { method: "POST" as const, path: quotePath, setupRequest: (req: object) => ({ ...req, ...ready[next++] }) },
          ];
          runs.get(mode)!.push(await load(running.get(mode)!.url, connections, requests, 201));
        }
      }
      const stats = new Map(modes.map((mode) => [mode, pooled(runs.get(mode)!)]));
      console.log(`${connections} connection${connections > 1 ? "s" : ""}:`);
      for (const [mode, s] of stats)
        console.log(`  ${mode.label.padEnd(38)} ${s.rps.toFixed(0).padStart(6)} req/s   p99 ${ms(s.p99)}`);
      const p = stats.get(prism)!;
      for (const mode of [sandbox, production]) {
        ratioLine(`${mode.label}: throughput / Prism CLI's`, stats.get(mode)!.rps / p.rps, undefined, 1.0, true);
        ratioLine(`${mode.label}: p99 / Prism CLI's`, stats.get(mode)!.p99 / p.p99, undefined, 1.2);
      }
    }
  } finally {
    for (const r of running.values()) await stopChild(r.child);
  }
}

// The package as a consumer gets it: built from this checkout's source first.
if (!existsSync(path.join(builtMock, "fo-mock.mjs")) || process.env.REBUILD !== "0")
  await run(process.execPath, [path.join(root, "scripts/build-package.mjs")], { cwd: root, name: "build-package" });
if (PART === "" || PART === "rfi") await rfiPart();
if (PART === "" || PART === "start") await startPart();
if (PART === "" || PART === "post") await postPart();
