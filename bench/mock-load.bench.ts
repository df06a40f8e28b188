// Load through the mock as `npm run mock` serves it: 200 keep-alive connections for 20 s each, straight to
// Prism, through the front in sandbox mode and through the front in production mode (every request signed
// afresh with its own body, so replay refusal stays on), one after another in one run on 127.0.0.1.
// Prints requests/s, latency p50/p99/max, errors and the RSS of the front and Prism before and after.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
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
  prismUrl: string;
  prismPid: number;
}

async function startMock(auth: "sandbox" | "production"): Promise<Mock> {
  const port = await freePort();
  const env = { ...process.env, FO_ACCESS_KEY: creds.accessKey, FO_SECRET_KEY: creds.secretKey };
  const child = spawn(process.execPath, [script, "--port", String(port), "--auth", auth], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const prismPort = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mock did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d;
      const m = /-> Prism on 127\.0\.0\.1:(\d+)/.exec(out);
      if (m) (clearTimeout(timer), resolve(Number(m[1])));
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
  });
  const prismPid = Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim().split(/\s+/).find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("prism")));
  return { child, url: `http://127.0.0.1:${port}`, prismUrl: `http://127.0.0.1:${prismPort}`, prismPid };
}

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

function run(url: string, signed: boolean): Promise<any> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 10,
    requests: [
      {
        method: "POST",
        path: target,
        setupRequest: (req) => {
          const body = JSON.stringify({ quote_id: randomUUID() });
          const auth = signed ? signRequest({ ...creds, method: "POST", path: target, body, time: new Date() }).headers : { Authorization: "Bearer sandbox-token" };
          return { ...req, body, headers: { "Content-Type": "application/json", ...auth } };
        },
      },
    ],
  });
}

const sandbox = await startMock("sandbox");
const production = await startMock("production");
const rows: Array<Record<string, string | number>> = [];
try {
  const cases = [
    { name: "Prism alone", url: sandbox.prismUrl, signed: false, pids: [sandbox.prismPid] },
    { name: "front, sandbox auth", url: sandbox.url, signed: false, pids: [sandbox.child.pid!, sandbox.prismPid] },
    { name: "front, production auth", url: production.url, signed: true, pids: [production.child.pid!, production.prismPid] },
  ];
  for (const c of cases) {
    const before = c.pids.map(rssMiB);
    const r = await run(c.url, c.signed);
    const after = c.pids.map(rssMiB);
    rows.push({
      case: c.name,
      "req/s": Math.round(r.requests.average),
      requests: r.requests.total,
      "p50 ms": r.latency.p50,
      "p99 ms": r.latency.p99,
      "max ms": r.latency.max,
      errors: r.errors + r.timeouts + r.non2xx,
      "RSS MiB front": c.pids.length > 1 ? `${before[0]!.toFixed(0)} -> ${after[0]!.toFixed(0)}` : "-",
      "RSS MiB Prism": `${before.at(-1)!.toFixed(0)} -> ${after.at(-1)!.toFixed(0)}`,
    });
  }
} finally {
  await stopChild(sandbox.child);
  await stopChild(production.child);
}
console.log(`${CONNECTIONS} keep-alive connections, ${SECONDS} s each, POST Execute Quote (a fresh quote_id per request):`);
console.table(rows);
const prismP99 = Number(rows[0]!["p99 ms"]);
for (const row of rows.slice(1)) {
  const ratio = Number(row["p99 ms"]) / prismP99;
  console.log(`${row.case}: p99 ${ratio.toFixed(2)}x Prism's (target <= 1.5), max ${row["max ms"]} ms (target: none past 5000), errors ${row.errors}`);
}
