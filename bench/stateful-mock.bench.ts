// Latency of the stateful mock beside Prism: small signed requests sent one at a time on 127.0.0.1, to
// Prism alone, to the signature front before Prism, and to the front in stateful mode (answered from
// memory, or passed on to Prism), interleaved in one run. Prism runs in this process, its own server for
// "Prism alone", as a library behind the fronts (as the mock runs it). Bounded by count and by time.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { startFront } from "../src/mock/front.ts";
import { parseKeys } from "../src/mock/auth/keys.ts";
import { statefulFrontOptions } from "../src/mock/stateful/http.ts";
import { createStatefulMock } from "../src/mock/stateful/index.ts";
import { signRequest } from "../src/signing/index.ts";
import { prismInProcess } from "../test/mock/prismInProcess.ts";

const ROUNDS = 2_000;
const WARM_UP = 200;
const MAX_MS = 90_000;

const creds = { accessKey: "AK-BENCH", secretKey: randomBytes(32).toString("base64url") };
const keys = parseKeys({ [creds.accessKey]: creds.secretKey }, "bench keys");
const customer = "/v1/customers/c0ffee00-0000-4000-8000-000000000001";

const prism = await prismInProcess();
// Replays allowed in both fronts: the same Execute Quote body is signed again within a second.
const plain = await startFront({ prism: prism.mocker, keys, replay: "allow" });
const stateful = await startFront({
  prism: prism.mocker,
  keys,
  replay: "allow",
  ...statefulFrontOptions(await createStatefulMock()),
});
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request; the time runs from writing it to the last byte of the answer. */
function once(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ ms: number; status: number; json: Record<string, unknown> | undefined }> {
  const url = new URL(base);
  const bytes = body === undefined ? "" : JSON.stringify(body);
  const signed = signRequest({ ...creds, method, path: path.split("?")[0]!, body: bytes, time: new Date() });
  const headers = {
    ...signed.headers,
    ...(bytes ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(bytes) } : {}),
  };
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const req = http.request({ host: url.hostname, port: url.port, method, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        const text = Buffer.concat(chunks).toString();
        resolve({ ms, status: res.statusCode!, json: text ? JSON.parse(text) : undefined });
      });
    });
    req.on("error", reject);
    req.end(bytes);
  });
}

const quoteBody = { from_asset: { asset: "USDC" }, to_asset: { asset: "EUR" }, pay_amount: "100" };
const executeBody = { quote_id: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69" };
const expect = <R extends { status: number }>(r: R, status: number, what: string): R => {
  if (r.status !== status) throw new Error(`${what}: status ${r.status}, expected ${status}`);
  return r;
};

/** One round: every series once, in an order that rotates so drift of the machine hits all alike. */
const series = {
  "Prism alone: Execute Quote (example answer)": async () =>
    expect(await once(prism.url, "POST", `${customer}/conversions/hedge`, executeBody), 201, "prism").ms,
  "front + Prism: Execute Quote (example answer)": async () =>
    expect(await once(plain.url, "POST", `${customer}/conversions/hedge`, executeBody), 201, "front").ms,
  "stateful: Create Quote": async () =>
    expect(await once(stateful.url, "POST", `${customer}/conversions/quote`, quoteBody), 201, "quote").ms,
  "stateful: Execute Quote (a fresh quote)": async () => {
    const quote = expect(await once(stateful.url, "POST", `${customer}/conversions/quote`, quoteBody), 201, "quote");
    return expect(
      await once(stateful.url, "POST", `${customer}/conversions/hedge`, { quote_id: quote.json?.quote_id }),
      201,
      "execute",
    ).ms;
  },
  "stateful: List RFI Cases (page of 10)": async () =>
    expect(await once(stateful.url, "GET", `${customer}/rfi-cases?size=10`), 200, "rfi").ms,
  "stateful, passed on to Prism: Default Deposit Instruction": async () =>
    expect(await once(stateful.url, "GET", `${customer}/deposit_instructions`), 200, "deposit").ms,
  "front + Prism: Default Deposit Instruction": async () =>
    expect(await once(plain.url, "GET", `${customer}/deposit_instructions`), 200, "deposit").ms,
};

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
try {
  const names = Object.keys(series) as (keyof typeof series)[];
  for (let i = 0; i < WARM_UP; i++) for (const n of names) await series[n]();
  const times = new Map(names.map((n) => [n, [] as number[]]));
  const deadline = Date.now() + MAX_MS;
  let rounds = 0;
  for (; rounds < ROUNDS && Date.now() < deadline; rounds++) {
    for (let k = 0; k < names.length; k++) {
      const n = names[(rounds + k) % names.length]!;
      times.get(n)!.push(await series[n]());
    }
  }
  const prismMedian = pct(times.get(names[0]!)!, 0.5);
  console.log(`Signed requests, sequential, keep-alive, ${rounds} of each (interleaved), milliseconds:`);
  for (const n of names) {
    const xs = times.get(n)!;
    const p50 = pct(xs, 0.5);
    console.log(
      `  ${n.padEnd(58)} median ${p50.toFixed(3)}   p90 ${pct(xs, 0.9).toFixed(3)}   ` +
        `ratio to Prism alone ${(p50 / prismMedian).toFixed(2)}`,
    );
  }
  // The state grows by one quote and order per round: a run of this size stays far from any memory concern.
} finally {
  agent.destroy();
  await stateful.close();
  await plain.close();
  await prism.close();
}
