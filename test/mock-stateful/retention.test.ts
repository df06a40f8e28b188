// Bounded memory: every record the stateful mock keeps leaves once its retention ends (the reference's 24 h
// for portfolio hedge keys, the documented settings otherwise), the store never holds more than its ceiling
// of one kind, and the request log only its size. Lookups honour the retention to the millisecond.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { DEFAULTS, HEDGE_KEY_RETENTION_MS } from "../../src/mock/stateful/options.ts";
import { Retained } from "../../src/mock/stateful/retained.ts";
import { C, KEY, P, answer, bankAccount, call, ctl, newQuote, quoteBody, testMock } from "./support.ts";

const SEED = 20261125;
const DAY = 86_400_000;
const LIFETIME = 30_000;
const EXPIRED = DEFAULTS.expiredQuoteRetentionSeconds * 1000;
const CONVERSION = DEFAULTS.conversionRetentionSeconds * 1000;

describe("retention", () => {
  // The outside run's finding.
  test("drops a quote unused for 400 days", async () => {
    const { mock, time } = await testMock();
    await newQuote(mock);
    time.ms += 400 * DAY;
    await call(mock, "GET", `${C}/rfi-cases`);
    expect(mock.store.recordCount).toBe(0);
  });

  // Its order and a second execute: 409 while the order is kept, then unknown; the held records follow.
  test("an executed quote is 409, then unknown", async () => {
    const { mock, time } = await testMock();
    const origin = time.ms;
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: -2, max: 2 }),
        async (execute, which, jitter) => {
          mock.reset();
          time.ms = origin;
          const quoteId = await newQuote(mock);
          const start = time.ms;
          if (execute)
            expect((await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId } })).status).toBe(
              201,
            );
          // Around the boundaries that matter: expiry, end of the expired quote's retention, end of the order's.
          const boundary = [LIFETIME, LIFETIME + EXPIRED, CONVERSION, LIFETIME + CONVERSION][which]!;
          time.ms = start + Math.max(0, boundary + jitter);
          const r = await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId } });
          const elapsed = time.ms - start;
          if (execute) {
            // The consumed quote is kept as long as its order, counted from the quote's expiry.
            const kept = elapsed < LIFETIME + CONVERSION;
            expect([r.status, r.body.code]).toEqual(kept ? [409, "00000006"] : [400, "00020001"]);
            expect(mock.store.orders.size).toBe(elapsed < CONVERSION ? 1 : 0);
          } else if (elapsed < LIFETIME) {
            expect(r.status).toBe(201);
          } else {
            expect([r.status, r.body.code]).toEqual([400, "00020001"]);
            expect(r.body.detail).toMatch(elapsed < LIFETIME + EXPIRED ? /expired at/ : /No quote/);
          }
        },
      ),
      { seed: SEED, numRuns: 100 },
    );
  });

  test("keeps a hedge key 24 h, then drops it", async () => {
    const { mock, time } = await testMock({ portfolioQuoteLifetimeSeconds: 3 * 86_400 });
    const quote = await answer(mock, "POST", `${P}/conversions/quote`, { body: quoteBody() });
    const hedge = () =>
      answer(mock, "POST", `${P}/conversions/hedge`, {
        body: { quote_id: quote.body.quote_id },
        headers: { "Idempotency-Key": KEY },
      });
    expect((await hedge()).status).toBe(201);
    time.ms += HEDGE_KEY_RETENTION_MS - 1;
    expect((await hedge()).status).toBe(201);
    expect(mock.store.hedgeKeys.size).toBe(1);
    time.ms += 1;
    await call(mock, "GET", `${C}/rfi-cases`);
    expect(mock.store.hedgeKeys.size).toBe(0);
  });

  test("drops an external account after retention", async () => {
    const { mock, time } = await testMock({ externalAccountRetentionSeconds: 60 });
    const made = await answer(mock, "POST", `${C}/external-accounts`, {
      body: bankAccount,
      headers: { "Idempotency-Key": KEY },
    });
    expect(made.status).toBe(201);
    time.ms += 59_999;
    expect((await answer(mock, "GET", `${C}/external-accounts`)).body.total).toBe(1);
    time.ms += 1;
    expect((await answer(mock, "GET", `${C}/external-accounts`)).body.total).toBe(0);
    expect(mock.store.externalAccounts.size).toBe(0);
    expect(
      (await answer(mock, "POST", `${C}/external-accounts`, { body: bankAccount, headers: { "Idempotency-Key": KEY } }))
        .status,
    ).toBe(201);
  });
});

describe("ceilings", () => {
  test("keeps maxRecords, oldest out first", async () => {
    const { mock } = await testMock({ maxRecords: 50 });
    const ids = [];
    for (let i = 0; i < 200; i++) ids.push(await newQuote(mock));
    expect(mock.store.quotes.size).toBe(50);
    expect((await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: ids[0] } })).body.detail).toMatch(
      /No quote/,
    );
    expect((await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: ids[199] } })).status).toBe(201);
  });

  test("the log keeps the newest requestLogSize", async () => {
    const { mock } = await testMock({ requestLogSize: 10 });
    for (let i = 0; i < 95; i++) await call(mock, "GET", `${C}/rfi-cases`, { query: `page=${i + 1}` });
    const log = ctl(mock, "GET", "/requests").body.requests;
    expect(log).toHaveLength(10);
    expect(log.at(-1).outcome).toBe(200);
    await call(mock, "GET", `/v1/${"x".repeat(10_000)}`);
    expect(ctl(mock, "GET", "/requests").body.requests.at(-1).path).toHaveLength(2048 + 3);
  });

  test("refuses settings out of range, named", async () => {
    for (const bad of [
      { maxRecords: 0 },
      { requestLogSize: 1e9 },
      { conversionRetentionSeconds: -1 },
      { expiredQuoteRetentionSeconds: 1e12 },
    ]) {
      await expect(testMock(bad)).rejects.toThrow(Object.keys(bad)[0]!);
    }
  });
});

describe("UUIDs compare case-insensitively (RFC 9562)", () => {
  /** The same UUID with each letter's case chosen by `mask`. */
  const recase = (uuid: string, mask: boolean[]) =>
    [...uuid].map((ch, i) => (mask[i % mask.length] ? ch.toUpperCase() : ch.toLowerCase())).join("");
  const masks = fc.array(fc.boolean(), { minLength: 1, maxLength: 36 });

  test("an Idempotency-Key in another case is the same", async () => {
    const { mock } = await testMock({ portfolioQuoteLifetimeSeconds: 600 });
    await fc.assert(
      fc.asyncProperty(fc.uuid({ version: 4 }), masks, masks, async (uuid, first, second) => {
        mock.reset();
        const account = await answer(mock, "POST", `${C}/external-accounts`, {
          body: bankAccount,
          headers: { "Idempotency-Key": recase(uuid, first) },
        });
        expect(account.status).toBe(201);
        const again = await answer(mock, "POST", `${C}/external-accounts`, {
          body: { ...bankAccount, account_number: "999" },
          headers: { "Idempotency-Key": recase(uuid, second) },
        });
        expect(again.status).toBe(409);
        const read = await answer(mock, "GET", `${C}/external-accounts`, {
          query: `idempotency_key=${recase(uuid, second)}`,
        });
        expect(read.body.total).toBe(1);
        const quote = await answer(mock, "POST", `${P}/conversions/quote`, { body: quoteBody() });
        const hedge = (key: string) =>
          answer(mock, "POST", `${P}/conversions/hedge`, {
            body: { quote_id: quote.body.quote_id },
            headers: { "Idempotency-Key": key },
          });
        const made = await hedge(recase(uuid, first));
        const replay = await hedge(recase(uuid, second));
        expect([replay.status, replay.body]).toEqual([made.status, made.body]);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  test("a quote_id in upper case is the quote", async () => {
    const { mock } = await testMock();
    const quoteId = await newQuote(mock);
    expect(
      (await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId.toUpperCase() } })).status,
    ).toBe(201);
  });
});

describe("Retained, against a plain model", () => {
  // Lookups honour deadlines exactly, the ceiling holds, and a sweep leaves only live records.
  test("matches the model under random operations", () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant("set" as const),
        key: fc.integer({ min: 0, max: 15 }),
        dt: fc.integer({ min: 0, max: 5 }),
      }),
      fc.record({
        kind: fc.constant("get" as const),
        key: fc.integer({ min: 0, max: 15 }),
        dt: fc.integer({ min: 0, max: 5 }),
      }),
      fc.record({ kind: fc.constant("sweep" as const), key: fc.constant(0), dt: fc.integer({ min: 0, max: 5 }) }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 10 }),
        fc.array(op, { maxLength: 60 }),
        (max, retention, ops) => {
          const evicted: number[] = [];
          const kept = new Retained<number, string>(max, (k) => evicted.push(k));
          const model = new Map<number, { value: string; until: number }>();
          let now = 0;
          for (const { kind, key, dt } of ops) {
            now += dt;
            if (kind === "set") {
              model.delete(key);
              if (model.size >= max) model.delete(model.keys().next().value!);
              model.set(key, { value: `v${now}`, until: now + retention });
              kept.set(key, `v${now}`, now + retention);
            } else if (kind === "get") {
              const m = model.get(key);
              expect(kept.get(key, now)).toBe(m && now < m.until ? m.value : undefined);
            } else {
              kept.sweep(now);
              for (const [k, m] of model) if (now >= m.until) model.delete(k);
              expect([...kept.values()]).toEqual([...model.values()].map((m) => m.value));
            }
            expect(kept.size).toBeLessThanOrEqual(max);
          }
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});
