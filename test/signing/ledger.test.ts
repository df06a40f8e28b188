// The signing ledger (src/signing/ledger.ts) on random sequences of requests, clock steps (forward and back) and
// retries: no two state-changing signings share a second and content, a retry always falls in a later second than
// the attempt before, no time handed out is ahead of the clock, and a read that is no retry is never held.
import fc from "fast-check";
import { beforeEach, describe, expect, test } from "vitest";
import { randomUUID } from "node:crypto";
import type { Clock } from "../../src/clock.ts";
import { createClient } from "../../src/index.ts";
import { fresh } from "./fresh.ts";

// The ledger and the system clock it compares against, loaded anew for each test (fresh.ts: its module-level code,
// the set of methods that change nothing, then runs inside a test); both from one module graph, so that the clock
// the test passes is the very systemClock the ledger shares memory on.
let createSigningLedger: typeof import("../../src/signing/ledger.ts").createSigningLedger;
let signWithLedger: typeof import("../../src/signing/ledger.ts").signWithLedger;
let systemClock: Clock;
beforeEach(async () => {
  ({ createSigningLedger, signWithLedger } = await fresh(() => import("../../src/signing/ledger.ts")));
  ({ systemClock } = await import("../../src/clock.ts"));
});
import { signRequest } from "../../src/signing/signRequest.ts";
import { hashBody } from "../../src/signing/stringToSign.ts";

const START = Date.UTC(2026, 10, 24, 9, 0, 0);
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A clock that only moves when told to or when slept on (by exactly the time asked). */
function manualClock(start = START) {
  let now = start;
  const slept: number[] = [];
  return {
    clock: {
      now: () => now,
      sleep: async (ms: number, signal?: AbortSignal) => {
        signal?.throwIfAborted();
        slept.push(ms);
        now += ms;
      },
    },
    step: (ms: number) => {
      now += ms;
    },
    slept,
    time: () => now,
  };
}

const request = fc.record({
  method: fc.constantFrom("GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE", "post"),
  path: fc.constantFrom("/v1/a", "/v1/b", "/api/v1/customers/c/conversions/hedge"),
  body: fc.constantFrom("", "{}", '{"quote_id":"q"}'),
  // Time between two calls: mostly under a second, sometimes a step back (a clock set back).
  step: fc.oneof(fc.integer({ min: 0, max: 1_500 }), fc.integer({ min: -3_000, max: 0 })),
  retries: fc.integer({ min: 0, max: 3 }),
  backoff: fc.integer({ min: 0, max: 1_200 }),
});

describe("on random sequences of calls, clock steps and retries", () => {
  test("state-changing signings never repeat; retries are later; nothing ahead of the clock; reads not held", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 40 }), async (calls) => {
        const { clock, step, slept, time } = manualClock();
        const ledger = createSigningLedger(clock);
        const seen = new Set<string>();
        for (const call of calls) {
          step(call.step);
          const bodyHash = hashBody(call.body);
          let after: number | undefined;
          for (let attempt = 0; attempt <= call.retries; attempt++) {
            if (attempt) step(call.backoff);
            const before = [time(), slept.length] as const;
            const at = await ledger.timeFor({ method: call.method, path: call.path, bodyHash }, { after });
            // Never a forged time: what is handed out is the clock's own reading.
            expect(at).toBe(time());
            const second = Math.floor(at / 1000);
            if (after !== undefined) expect(second).toBeGreaterThan(Math.floor(after / 1000));
            if (!READS.has(call.method.toUpperCase())) {
              const key = `${second} ${call.method.toUpperCase()} ${call.path} ${bodyHash}`;
              expect(seen.has(key)).toBe(false);
              seen.add(key);
            } else if (attempt === 0) {
              // A read that is no retry is signed at once.
              expect([time(), slept.length]).toEqual(before);
            }
            // A wait ends at the start of a second, never later.
            if (slept.length > before[1]) expect(at % 1000).toBe(0);
            after = at;
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  test("concurrent signings of one request get different seconds", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom("POST", "DELETE", "PATCH"),
        async (n, offset, method) => {
          const { clock } = manualClock(START + offset);
          const ledger = createSigningLedger(clock);
          const times = await Promise.all(
            Array.from({ length: n }, () => ledger.timeFor({ method, path: "/v1/x", bodyHash: hashBody("{}") })),
          );
          expect(new Set(times.map((t) => Math.floor(t / 1000))).size).toBe(n);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("examples", () => {
  const bodyHash = hashBody("{}");
  test("the second POST of one body within a second waits for the next whole second", async () => {
    const { clock, step, slept } = manualClock(START + 300);
    const ledger = createSigningLedger(clock);
    expect(await ledger.timeFor({ method: "POST", path: "/v1/x", bodyHash })).toBe(START + 300);
    step(400);
    expect(await ledger.timeFor({ method: "POST", path: "/v1/x", bodyHash })).toBe(START + 1_000);
    expect(slept).toEqual([300]);
  });

  test("pages of a list (one path, one second) are signed at once, each call", async () => {
    const { clock, slept } = manualClock();
    const ledger = createSigningLedger(clock);
    for (let page = 0; page < 10; page++)
      expect(await ledger.timeFor({ method: "GET", path: "/v1/x", bodyHash: hashBody("") })).toBe(START);
    expect(slept).toEqual([]);
  });

  test("a GET retry in the same second waits for the next", async () => {
    const { clock } = manualClock(START + 100);
    const ledger = createSigningLedger(clock);
    const first = await ledger.timeFor({ method: "GET", path: "/v1/x", bodyHash });
    expect(await ledger.timeFor({ method: "GET", path: "/v1/x", bodyHash }, { after: first })).toBe(START + 1_000);
  });

  test("a clock set back waits until it has passed the latest second signed", async () => {
    const { clock, step } = manualClock(START + 5_000);
    const ledger = createSigningLedger(clock);
    await ledger.timeFor({ method: "POST", path: "/v1/x", bodyHash });
    step(-2_500);
    expect(await ledger.timeFor({ method: "POST", path: "/v1/y", bodyHash })).toBe(START + 6_000);
  });

  test("an aborted wait rejects with the signal's reason and records nothing", async () => {
    const { clock } = manualClock();
    const ledger = createSigningLedger(clock);
    await ledger.timeFor({ method: "POST", path: "/v1/x", bodyHash });
    const reason = new Error("stop");
    await expect(
      ledger.timeFor({ method: "POST", path: "/v1/x", bodyHash }, { signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
  });

  test("sign: signRequest at the ledger's time, in one call", async () => {
    const { clock } = manualClock(START + 10);
    const ledger = createSigningLedger(clock);
    const input = {
      accessKey: "AK-TEST",
      secretKey: "c2VjcmV0LWtleS1ieXRlcy1mb3ItdGVzdHM",
      method: "POST",
      path: "/v1/x",
      body: "{}",
    };
    const first = await signWithLedger(ledger, input);
    const second = await signWithLedger(ledger, input);
    expect(first).toEqual(signRequest({ ...input, time: new Date(START + 10) }));
    expect(second).toEqual(signRequest({ ...input, time: new Date(START + 1_000) }));
    expect(second.signature).not.toBe(first.signature);
  });
});

describe("one access key, many signers in a process", () => {
  const bodyHash = hashBody('{"quote_id":"q"}');
  const post = { method: "POST", path: "/v1/customers/c/conversions/hedge", bodyHash };

  test("two ledgers of one key on the system clock never give one POST the same second", async () => {
    const key = `AK-${randomUUID()}`;
    const [a, b] = [createSigningLedger(systemClock, key), createSigningLedger(systemClock, key)];
    const first = await a.timeFor(post);
    const second = await b.timeFor(post);
    expect(Math.floor(second / 1000)).toBeGreaterThan(Math.floor(first / 1000));
  });

  test("ledgers on the system clock without an access key share nothing", async () => {
    // Just after a second starts, so that a wait for the next one would be most of a second.
    while (Date.now() % 1000 > 100) await new Promise((r) => setTimeout(r, 20));
    const before = Date.now();
    await createSigningLedger(systemClock).timeFor(post);
    const again = await createSigningLedger(systemClock).timeFor(post);
    expect(again - before).toBeLessThan(500);
  });

  test("other keys, and ledgers on an injected clock, share nothing with them", async () => {
    const key = `AK-${randomUUID()}`;
    await createSigningLedger(systemClock, key).timeFor(post);
    const { clock, slept } = manualClock(Math.floor(Date.now() / 1000) * 1000 + 10);
    expect(await createSigningLedger(clock, key).timeFor(post)).toBe(clock.now());
    expect(slept).toEqual([]);
  });

  test("two clients made with the same keys send the same execute in different seconds", async () => {
    const secretKey = Buffer.alloc(32, 7).toString("base64url");
    const accessKey = `AK-${randomUUID()}`;
    const dates: string[] = [];
    const fetch = async (_url: string, init: RequestInit) => {
      dates.push(new Headers(init.headers).get("X-SVC-Date")!);
      return new Response(JSON.stringify({ transaction_id: "t", order_status: "PENDING" }), {
        status: 201,
        headers: { "Content-Type": "application/json" },
      });
    };
    for (let i = 0; i < 2; i++)
      await createClient({ baseUrl: "https://svc.example", credentials: { accessKey, secretKey }, fetch }).POST(
        "/v1/customers/{customer_id}/conversions/hedge",
        { params: { path: { customer_id: "c" } }, body: { quote_id: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69" } },
      );
    expect(dates).toHaveLength(2);
    expect(dates[1]! > dates[0]!).toBe(true);
  });
});

describe("what one second holds", () => {
  test("a POST of one body, another, then the first again: the third waits for the next second", async () => {
    const { clock, slept } = manualClock(START + 100);
    const ledger = createSigningLedger(clock);
    const [a, b] = [hashBody('{"a":1}'), hashBody('{"b":2}')];
    expect(await ledger.timeFor({ method: "POST", path: "/v1/x", bodyHash: a })).toBe(START + 100);
    expect(await ledger.timeFor({ method: "POST", path: "/v1/x", bodyHash: b })).toBe(START + 100);
    expect(await ledger.timeFor({ method: "POST", path: "/v1/x", bodyHash: a })).toBe(START + 1_000);
    expect(slept).toEqual([900]);
  });

  test("signWithLedger keys each signing by its method, path and body: two bodies in one second, no wait", async () => {
    const { clock, slept } = manualClock(START + 10);
    const ledger = createSigningLedger(clock);
    const input = { accessKey: "AK-TEST", secretKey: "c2VjcmV0LWtleS1ieXRlcy1mb3ItdGVzdHM", method: "POST" };
    const first = await signWithLedger(ledger, { ...input, path: "/v1/x", body: "{}" });
    const other = await signWithLedger(ledger, { ...input, path: "/v1/x", body: '{"b":2}' });
    const read = await signWithLedger(ledger, { ...input, method: "GET", path: "/v1/y" });
    const readAgain = await signWithLedger(ledger, { ...input, method: "GET", path: "/v1/y" });
    expect([first.timestamp, other.timestamp, read.timestamp, readAgain.timestamp]).toEqual(
      Array(4).fill(first.timestamp),
    );
    expect(slept).toEqual([]);
  });

  test.each(["GET", "HEAD", "OPTIONS"])("%s is a read: the same one twice in a second is not held", async (method) => {
    const { clock, slept } = manualClock(START + 10);
    const ledger = createSigningLedger(clock);
    const request = { method, path: "/v1/x", bodyHash: hashBody("") };
    expect(await ledger.timeFor(request)).toBe(START + 10);
    expect(await ledger.timeFor(request)).toBe(START + 10);
    expect(slept).toEqual([]);
  });
});
