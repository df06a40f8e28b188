// Load through the mock as `npm run mock` serves it: 200 keep-alive connections for 20 s each, to Prism
// alone (`npm run mock -- --bare`), through the front in sandbox mode and through the front in production mode
// (every request signed afresh with its own body, so replay refusal stays on), one after another in one run on
// 127.0.0.1.
// Prints requests/s, latency p50/p99/max, errors and the RSS of the Prism process (the front runs inside it)
// before and after.
import type { ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { start } from "../scripts/run.mjs";
import { signRequest } from "../src/signing/index.ts";
import { freePort, stopChild } from "../test/helpers/prism.ts";

const CONNECTIONS = 200;
const SECONDS = 20;
const creds = { accessKey: "AK-LOAD", secretKey: randomBytes(32).toString("base64url") };
const target = "/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/hedge";
const script = path.resolve(import.meta.dirname, "../scripts/mock.mjs");

interface Mock {
  child: ChildProcess;
  url: string;
  /** The Prism process the script started: with the front, the front runs in it. */
  prismPid: number;
}

async function startMock(args: string[]): Promise<Mock> {
  const port = await freePort();
  const env = { ...process.env, FO_ACCESS_KEY: creds.accessKey, FO_SECRET_KEY: creds.secretKey };
  // "pipe": read here until it listens, then drained unread (holding it would load the machine under test).
  const { child } = start(process.execPath, [script, "--port", String(port), ...args], {
    env,
    output: "pipe",
    check: false,
  });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mock did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d;
      if (!/\(Ctrl-C stops (both|it)\)/.test(out)) return;
      clearTimeout(timer);
      // From here the output is drained unread: collecting it would load the machine the load runs on.
      for (const stream of [child.stdout!, child.stderr!]) stream.off("data", onData).resume();
      resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
  });
  // --bare announces itself before Prism listens: wait for the port to answer.
  for (let i = 0; i < 600; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const prismPid = Number(
    readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("prism")),
  );
  return { child, url: `http://127.0.0.1:${port}`, prismPid };
}

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

function run(url: string, signed: boolean, connections = CONNECTIONS, seconds = SECONDS): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: "POST",
        path: target,
        setupRequest: (req) => {
          const body = JSON.stringify({ quote_id: randomUUID() });
          const auth = signed
            ? signRequest({ ...creds, method: "POST", path: target, body, time: new Date() }).headers
            : { Authorization: "Bearer sandbox-token" };
          return { ...req, body, headers: { "Content-Type": "application/json", ...auth } };
        },
      },
    ],
  });
}

const bare = await startMock(["--bare"]);
const sandbox = await startMock(["--auth", "sandbox"]);
const production = await startMock(["--auth", "production"]);
const rows: Array<Record<string, string | number>> = [];
try {
  const cases = [
    { name: "Prism alone", url: bare.url, signed: false, pid: bare.prismPid },
    { name: "front, sandbox auth", url: sandbox.url, signed: false, pid: sandbox.prismPid },
    { name: "front, production auth", url: production.url, signed: true, pid: production.prismPid },
  ];
  // Each process warm first (Prism compiles its validators on first use), so the load meets none cold.
  for (const c of cases) await run(c.url, c.signed, 10, 2);
  for (const c of cases) {
    const before = rssMiB(c.pid);
    const r = await run(c.url, c.signed);
    const after = rssMiB(c.pid);
    rows.push({
      case: c.name,
      "req/s": Math.round(r.requests.average),
      requests: r.requests.total,
      "p50 ms": r.latency.p50,
      "p99 ms": r.latency.p99,
      "max ms": r.latency.max,
      errors: r.errors + r.timeouts + r.non2xx,
      "RSS MiB Prism (+ front)": `${before.toFixed(0)} -> ${after.toFixed(0)}`,
    });
  }
} finally {
  await stopChild(bare.child);
  await stopChild(sandbox.child);
  await stopChild(production.child);
}
console.log(
  `${CONNECTIONS} keep-alive connections, ${SECONDS} s each, POST Execute Quote (a fresh quote_id per request):`,
);
console.table(rows);
const prismP99 = Number(rows[0]!["p99 ms"]);
for (const row of rows.slice(1)) {
  const ratio = Number(row["p99 ms"]) / prismP99;
  console.log(
    `${row.case}: p99 ${ratio.toFixed(2)}x Prism's (target <= 1.5), ` +
      `max ${row["max ms"]} ms (target: none past 5000), errors ${row.errors}`,
  );
}
