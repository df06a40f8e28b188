// The portfolio hedge in the stateful mock: the key replays the original result for 24 hours, other
// parameters are 409, and the documented QUOTE_* / HEDGE_NOT_FOUND refusals in the portfolio error body.
import type { StatefulMock } from "../../src/mock/stateful/index.ts";
import { describe, expect, test } from "vitest";
import { type Body, KEY, P, answer, quoteBody, testMock } from "./support.ts";

const KEY2 = "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed";
const DAY = 24 * 3_600_000;

async function portfolioQuote(mock: StatefulMock, portfolio = P): Promise<string> {
  const r = await answer(mock, "POST", `${portfolio}/conversions/quote`, { body: quoteBody() });
  expect(r.status).toBe(200);
  return r.body.quote_id;
}
const hedge = (mock: StatefulMock, quoteId: unknown, key = KEY, extra: Record<string, unknown> = {}) =>
  answer(mock, "POST", `${P}/conversions/hedge`, {
    body: { quote_id: quoteId, ...extra },
    headers: { "Idempotency-Key": key },
  });
const errorCode = (r: { body: Body }) => r.body.error?.code;

describe("portfolio quote", () => {
  test("answers 200, valid 30 s or as set", async () => {
    const { mock, time } = await testMock({ portfolioQuoteLifetimeSeconds: 45 });
    const r = await answer(mock, "POST", `${P}/conversions/quote`, { body: quoteBody() });
    expect(r.status).toBe(200);
    expect(Date.parse(r.body.valid_until)).toBe(time.ms + 45_000);
  });

  test.each([
    ["both amounts", quoteBody({ pay_amount: "1", receive_amount: "2" }), "VALIDATION_ERROR"],
    ["no amount", quoteBody({}), "MISSING_FIELD"],
    ["no to_asset", { from_asset: { asset: "USDC" }, pay_amount: "1" }, "MISSING_FIELD"],
    ["an asset that is not an object", { ...quoteBody(), from_asset: "USDC" }, "VALIDATION_ERROR"],
  ])("%s is 400 in the portfolio envelope", async (_name, body, code) => {
    const { mock } = await testMock();
    const r = await answer(mock, "POST", `${P}/conversions/quote`, { body });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error: {
        code,
        message: expect.any(String),
        details: {},
        request_id: expect.any(String),
        timestamp: expect.any(String),
      },
    });
  });
});

describe("portfolio hedge", () => {
  // 201 by default, 202 as an option.
  test("creates a hedge read back by conversion_id", async () => {
    for (const hedgeStatus of [201, 202] as const) {
      const { mock } = await testMock({ hedgeStatus });
      const r = await hedge(mock, await portfolioQuote(mock));
      expect(r.status).toBe(hedgeStatus);
      const read = await answer(mock, "GET", `${P}/conversions/hedge`, {
        query: `conversion_id=${r.body.conversion_id}`,
      });
      expect([read.status, read.body]).toEqual([200, r.body]);
    }
  });

  test("a repeat within 24 h replays the result", async () => {
    const { mock, time } = await testMock();
    const quoteId = await portfolioQuote(mock);
    const first = await hedge(mock, quoteId);
    time.ms += DAY - 1;
    const replay = await hedge(mock, quoteId);
    expect([replay.status, replay.body]).toEqual([first.status, first.body]);
    expect(mock.store.hedges.size).toBe(1);
  });

  test("a changed repeat within 24 h is 409", async () => {
    const { mock } = await testMock();
    const quoteId = await portfolioQuote(mock);
    await hedge(mock, quoteId);
    const r = await hedge(mock, await portfolioQuote(mock));
    expect([r.status, errorCode(r)]).toEqual([409, "VALIDATION_ERROR"]);
    expect((await hedge(mock, quoteId, KEY, { note: "x" })).status).toBe(409);
  });

  // The same request is then a new hedge of a hedged quote (409 QUOTE_ALREADY_HEDGED).
  test("after 24 h the key is forgotten", async () => {
    const { mock, time } = await testMock({ portfolioQuoteLifetimeSeconds: 3 * 86_400 });
    const quoteId = await portfolioQuote(mock);
    await hedge(mock, quoteId);
    time.ms += DAY;
    const r = await hedge(mock, quoteId);
    expect([r.status, errorCode(r)]).toEqual([409, "QUOTE_ALREADY_HEDGED"]);
  });

  test("a hedged quote under a new key is 409", async () => {
    const { mock } = await testMock();
    const quoteId = await portfolioQuote(mock);
    await hedge(mock, quoteId);
    const r = await hedge(mock, quoteId, KEY2);
    expect([r.status, errorCode(r)]).toEqual([409, "QUOTE_ALREADY_HEDGED"]);
  });

  test("an expired quote is 409 QUOTE_EXPIRED", async () => {
    const { mock, time } = await testMock();
    const quoteId = await portfolioQuote(mock);
    time.ms += 30_000;
    const r = await hedge(mock, quoteId);
    expect([r.status, errorCode(r)]).toEqual([409, "QUOTE_EXPIRED"]);
  });

  // Also another portfolio's quote; a refusal binds no key by default.
  test("an unknown quote is 404; binds no key", async () => {
    const { mock } = await testMock();
    const elsewhere = await portfolioQuote(mock, "/v1/portfolios/pf-2");
    const r = await hedge(mock, elsewhere);
    expect([r.status, errorCode(r)]).toEqual([404, "QUOTE_NOT_FOUND"]);
    expect((await hedge(mock, await portfolioQuote(mock))).status).toBe(201);
  });

  test("hedgeKeyBindsRefusals replays refusals", async () => {
    const { mock } = await testMock({ hedgeKeyBindsRefusals: true });
    await hedge(mock, "6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d");
    expect(errorCode(await hedge(mock, "6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d"))).toBe("QUOTE_NOT_FOUND");
  });

  test.each([
    ["missing", undefined, "MISSING_FIELD"],
    ["not a UUID", "k-1", "VALIDATION_ERROR"],
    ["a UUID but not v4", "6a5b4c3d-2e1f-1a0b-9c8d-7e6f5a4b3c2d", "VALIDATION_ERROR"],
  ])("a %s Idempotency-Key is 400 %s", async (_name, key, code) => {
    const { mock } = await testMock();
    const quoteId = await portfolioQuote(mock);
    const r = await answer(mock, "POST", `${P}/conversions/hedge`, {
      body: { quote_id: quoteId },
      headers: key === undefined ? {} : { "Idempotency-Key": key },
    });
    expect([r.status, errorCode(r)]).toEqual([400, code]);
    expect(mock.store.hedges.size).toBe(0);
  });

  test("an unknown portfolio is 404", async () => {
    const { mock } = await testMock({ portfolios: ["pf-2"] });
    const r = await answer(mock, "POST", `${P}/conversions/quote`, { body: quoteBody() });
    expect([r.status, errorCode(r)]).toEqual([404, "PORTFOLIO_NOT_FOUND"]);
  });
});

describe("retrieve hedge", () => {
  test("a malformed or missing conversion_id is 400", async () => {
    const { mock } = await testMock();
    const malformed = await answer(mock, "GET", `${P}/conversions/hedge`, { query: "conversion_id=cv-1" });
    expect([malformed.status, errorCode(malformed)]).toEqual([400, "VALIDATION_ERROR"]);
    const missing = await answer(mock, "GET", `${P}/conversions/hedge`);
    expect([missing.status, errorCode(missing)]).toEqual([400, "MISSING_FIELD"]);
  });

  test("an unknown or foreign hedge is 404", async () => {
    const { mock } = await testMock();
    const made = await hedge(mock, await portfolioQuote(mock));
    for (const [portfolio, id] of [
      [P, "8d7c6b5a-4f3e-4d2c-8b1a-0f9e8d7c6b5a"],
      ["/v1/portfolios/pf-2", made.body.conversion_id],
    ]) {
      const r = await answer(mock, "GET", `${portfolio}/conversions/hedge`, { query: `conversion_id=${id}` });
      expect([r.status, errorCode(r)]).toEqual([404, "HEDGE_NOT_FOUND"]);
    }
  });
});
