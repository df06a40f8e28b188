// Load through the mock as startMock (and fo-mock) serves it: 200 keep-alive connections for 20 s each, to Prism
// alone (`bare`), through the front in sandbox mode and through the front in production mode
// (every request signed afresh with its own body, so replay refusal stays on), one after another in one run on
// 127.0.0.1.
// Prints requests/s, latency p50/p99/max, errors and the RSS of the Prism process (the front runs inside it)
// before and after.
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { type StartOptions, startMock } from "../src/mock/index.ts";
import { signRequest } from "../src/signing/index.ts";

const CONNECTIONS = 200;
const SECONDS = 20;
const creds = { accessKey: "AK-LOAD", secretKey: randomBytes(32).toString("base64url") };
const target = "/v1/customers/c0ffee00-0000-4000-8000-000000000001/conversions/hedge";

/** The mock as a test suite starts it; its output drained unread (collecting it would load the machine under test). */
const start = (options: StartOptions) => startMock({ ...options, log: "ignore" });

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

const bare = await start({ bare: true });
const sandbox = await start({ auth: "sandbox", stateful: false });
const production = await start({ auth: "production", keys: { [creds.accessKey]: creds.secretKey }, stateful: false });
const rows: Array<Record<string, string | number>> = [];
try {
  const cases = [
    { name: "Prism alone", url: bare.url, signed: false, pid: bare.pid },
    { name: "front, sandbox auth", url: sandbox.url, signed: false, pid: sandbox.pid },
    { name: "front, production auth", url: production.url, signed: true, pid: production.pid },
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
  await Promise.all([bare.close(), sandbox.close(), production.close()]);
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
