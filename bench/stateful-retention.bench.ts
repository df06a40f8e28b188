// Memory of the stateful mock over a long run of Create Quote: resident set size (after a full GC) once
// 10k, 100k and 1M quotes were made. In process, not over HTTP (which takes far too long for a million):
// by default each quote is Create Quote's handler on the mock's own store, after the store's sweep, which
// is all `handle` does to memory per request (openapi-backend's routing and validation hold nothing);
// `VIA=handle` sends each through the mock's `handle` instead (with the request log; about 10x slower).
// A warm-up of 500k quotes, then a reset, comes first: under this allocation rate V8 grows its young
// generation (to about 128 MiB) and the allocator its arenas once, for about the first 500k quotes, and
// RSS then stays put (seen flat from 500k to 3M); a plain Map of 3,300 entries in a loop grows the same way.
// `heap used` is what the store holds. Two runs, each in a fresh process:
//   paced: the virtual clock moves 100 ms per quote (a client making 10 quotes a second), so quotes
//          leave by retention (30 s of life + 300 s expired);
//   flood: the clock stands still, so nothing ages out and only the ceiling (maxRecords, 100,000) holds.
// Target: RSS flat from 10k to 1M paced, and from 100k to 1M in the flood (the ceiling is reached at 100k).
// `QUOTES=100000` shortens a run.
import { randomUUID } from "node:crypto";
import { createQuote } from "../src/mock/stateful/conversions.ts";
import { runSync } from "../scripts/run.mjs";
import { createStatefulMock } from "../src/mock/stateful/index.ts";

const CHECKPOINTS = (
  process.env.CHECKPOINTS ? process.env.CHECKPOINTS.split(",").map(Number) : [10_000, 100_000, 1_000_000]
).filter((n) => n <= Number(process.env.QUOTES ?? 1_000_000));
const PACE_MS = 100;
const WARM_UP = Number(process.env.WARM_UP ?? 500_000);
const VIA_HANDLE = process.env.VIA === "handle";
const customer = "/v1/customers/c0ffee00-0000-4000-8000-000000000001";
const body = Buffer.from(
  JSON.stringify({ from_asset: { asset: "USDC" }, to_asset: { asset: "EUR" }, pay_amount: "100" }),
);
const headers = { authorization: "Bearer bench", "content-type": "application/json" };
const MiB = 1024 * 1024;

async function run(mode: "paced" | "flood"): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("Run with --expose-gc (npm run bench does).");
  let now = Date.UTC(2026, 10, 21, 9, 30, 0);
  const mock = await createStatefulMock({ now: () => now });
  const env = { store: mock.store, clock: mock.clock, options: mock.options, newId: randomUUID };
  const input = {
    path: `${customer}/conversions/quote`,
    params: { customer_id: customer.split("/")[3]! },
    query: {},
    headers,
    body: JSON.parse(body.toString()),
  };
  const quote = async () => {
    if (VIA_HANDLE)
      return mock.handle({ method: "POST", path: `${customer}/conversions/quote`, query: "", headers, body });
    mock.store.sweep(mock.clock.now());
    return createQuote.handle({ ...input, body: { ...input.body } }, env);
  };
  gc();
  const cold = process.memoryUsage().rss;
  for (let i = 0; i < WARM_UP; i++) {
    if (mode === "paced") now += PACE_MS;
    await quote();
  }
  mock.reset();
  gc();
  console.log(
    `  ${mode}: RSS ${(cold / MiB).toFixed(1)} MiB before a warm-up of ${WARM_UP} quotes, ` +
      `${(process.memoryUsage().rss / MiB).toFixed(1)} MiB after`,
  );
  const base = process.memoryUsage();
  console.log(`  ${mode}: start RSS ${(base.rss / MiB).toFixed(1)} MiB, heap ${(base.heapUsed / MiB).toFixed(1)} MiB`);
  const started = performance.now();
  let made = 0;
  for (const checkpoint of CHECKPOINTS) {
    for (; made < checkpoint; made++) {
      if (mode === "paced") now += PACE_MS;
      const r = await quote();
      if (r === undefined || r === "drop" || r.status !== 201) throw new Error(`quote ${made}: ${JSON.stringify(r)}`);
    }
    gc();
    const m = process.memoryUsage();
    const line = [
      `${String(checkpoint).padStart(9)} quotes`,
      `RSS ${(m.rss / MiB).toFixed(1).padStart(6)} MiB (+${((m.rss - base.rss) / MiB).toFixed(1)})`,
      `heap used ${(m.heapUsed / MiB).toFixed(1).padStart(6)} MiB ` +
        `(+${((m.heapUsed - base.heapUsed) / MiB).toFixed(1)}) of ${(m.heapTotal / MiB).toFixed(1)}`,
      `records held ${mock.store.recordCount}`,
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
    ];
    console.log(`  ${mode}: ${line.join("   ")}`);
  }
}

const mode = process.argv[2];
if (mode === "paced" || mode === "flood") {
  await run(mode);
} else {
  console.log(
    `Create Quote in process ${VIA_HANDLE ? "through handle" : "(handler and store)"}, RSS after a full GC ` +
      `(paced: ${PACE_MS} ms of virtual time per quote; flood: none):`,
  );
  for (const m of ["paced", "flood"]) {
    const child = runSync(process.execPath, [...process.execArgv, import.meta.filename, m], {
      output: "inherit",
      env: process.env,
      check: false,
    });
    if (!child.ok) process.exit(child.code ?? 1);
  }
}
