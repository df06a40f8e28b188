// Which calls are retried, how long the client waits, and that every attempt is signed afresh.
import { describe, expect, test } from "vitest";
import {
  createClient,
  isOutcomeUnknownError,
  isTimeoutError,
  OutcomeUnknownError,
  type RetryOptions,
} from "../../src/index.ts";
import { backoffMs, defaultRetry, retryAfterMs, retryDelay } from "../../src/client/retry.ts";
import { bankAccount, CUSTOMER, fakeClock, HMAC, json, stubFetch } from "./helpers.ts";

const ok = () => json(200, { list: [], total: 0 });
const fail = (status: number, headers: Record<string, string> = {}) =>
  json(status, { code: "00000000", status }, headers);
const networkError = () => new TypeError("fetch failed");

function setup(answers: Parameters<typeof stubFetch>, retry: RetryOptions = {}) {
  const stub = stubFetch(...answers);
  const time = fakeClock();
  const client = createClient({
    baseUrl: "https://svc.example",
    credentials: HMAC,
    portfolioToken: "pf-token",
    fetch: stub.fetch,
    clock: time.clock,
    timeout: false,
    retry: { random: () => 0.5, ...retry },
  });
  return { client, ...stub, ...time };
}

const listCases = (client: ReturnType<typeof setup>["client"]) =>
  client.GET("/v1/customers/{customer_id}/rfi-cases", { params: { path: { customer_id: CUSTOMER } } });
const createAccount = (client: ReturnType<typeof setup>["client"], key?: string) =>
  client.POST("/v1/customers/{customer_id}/external-accounts", {
    params: { path: { customer_id: CUSTOMER }, ...(key ? { header: { "Idempotency-Key": key } } : {}) },
    body: bankAccount,
  });
const executeQuote = (client: ReturnType<typeof setup>["client"]) =>
  client.POST("/v1/customers/{customer_id}/conversions/hedge", {
    params: { path: { customer_id: CUSTOMER } },
    body: { quote_id: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69" },
  });

describe("reads (GET)", () => {
  test.each([408, 429, 500, 502, 503, 504])("retries %i, then succeeds", async (status) => {
    const { client, sent } = setup([fail(status), ok()]);
    const { data, response } = await listCases(client);
    expect(response.status).toBe(200);
    expect(data).toEqual({ list: [], total: 0 });
    expect(sent).toHaveLength(2);
  });

  test.each([400, 401, 403, 404, 405, 409, 422, 501])("does not retry %i", async (status) => {
    const { client, sent } = setup([fail(status), ok()]);
    const { error, response } = await listCases(client);
    expect(response.status).toBe(status);
    expect(error).toEqual({ code: "00000000", status });
    expect(sent).toHaveLength(1);
  });

  test("retries a network error", async () => {
    const { client, sent } = setup([networkError(), ok()]);
    expect((await listCases(client)).response.status).toBe(200);
    expect(sent).toHaveLength(2);
  });

  test("2 retries by default, then the last answer", async () => {
    const { client, sent } = setup([fail(503)]);
    expect((await listCases(client)).response.status).toBe(503);
    expect(sent).toHaveLength(3);
  });

  test("throws the last network error once retries run out", async () => {
    const { client, sent } = setup([networkError()]);
    await expect(listCases(client)).rejects.toThrow("fetch failed");
    expect(sent).toHaveLength(3);
  });

  test("the retry limit and statuses are configurable", async () => {
    const { client, sent } = setup([fail(418)], { limit: 5, statusCodes: [418] });
    expect((await listCases(client)).response.status).toBe(418);
    expect(sent).toHaveLength(6);
  });

  test("retry: false turns retries off", async () => {
    const stub = stubFetch(fail(503), ok());
    const client = createClient({
      baseUrl: "https://svc.example",
      credentials: HMAC,
      fetch: stub.fetch,
      retry: false,
      timeout: false,
    });
    expect((await listCases(client)).response.status).toBe(503);
    expect(stub.sent).toHaveLength(1);
  });
});

describe("backoff", () => {
  test("doubles per retry, with jitter", async () => {
    const { client, waits } = setup([fail(500)], { limit: 4, baseDelay: 100, maxDelay: 1_000 });
    await listCases(client);
    // random 0.5: 3/4 of 100, 200, 400, 800; each followed by the wait for the next whole second, as a retry is
    // signed in a later second than the attempt before (src/signing/ledger.ts; the fake clock starts on a second).
    expect(waits).toEqual([75, 925, 150, 850, 300, 700, 600, 400]);
  });

  test("stays within half to all of the cap", () => {
    const policy = { ...defaultRetry, baseDelay: 100, maxDelay: 1_000 };
    for (let retry = 0; retry < 8; retry++) {
      const ceiling = Math.min(1_000, 100 * 2 ** retry);
      expect(backoffMs({ ...policy, random: () => 0 }, retry)).toBe(ceiling / 2);
      expect(backoffMs({ ...policy, random: () => 0.999999 }, retry)).toBeLessThanOrEqual(ceiling);
      expect(backoffMs({ ...policy, random: () => 0.999999 }, retry)).toBeGreaterThan(ceiling * 0.99);
    }
  });
});

describe("Retry-After", () => {
  test("in seconds is waited for instead of the backoff", async () => {
    const { client, waits, sent } = setup([fail(429, { "Retry-After": "3" }), ok()]);
    expect((await listCases(client)).response.status).toBe(200);
    expect(waits).toEqual([3_000]);
    expect(sent).toHaveLength(2);
  });

  test("as an HTTP date is waited for until that time", async () => {
    const { client, waits, clock } = setup([
      () => fail(503, { "Retry-After": new Date(clock.now() + 7_000).toUTCString() }),
      ok(),
    ]);
    expect((await listCases(client)).response.status).toBe(200);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(6_000);
    expect(waits[0]).toBeLessThanOrEqual(7_000);
  });

  test("a past date: the backoff applies", () => {
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:00 GMT", Date.UTC(2026, 0, 1))).toBeUndefined();
  });

  test("that cannot be read falls back to the backoff", async () => {
    const { client, waits } = setup([fail(503, { "Retry-After": "soon" }), ok()], { baseDelay: 100 });
    await listCases(client);
    // The backoff, then on to the next whole second for the retry's signature.
    expect(waits).toEqual([75, 925]);
  });

  test("beyond maxRetryAfter: not waited for", async () => {
    const { client, sent, waits } = setup([fail(429, { "Retry-After": "120" }), ok()], { maxRetryAfter: 60_000 });
    expect((await listCases(client)).response.status).toBe(429);
    expect(sent).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  test("at exactly maxRetryAfter is waited for", async () => {
    const { client, waits } = setup([fail(503, { "Retry-After": "60" }), ok()], { maxRetryAfter: 60_000 });
    expect((await listCases(client)).response.status).toBe(200);
    expect(waits).toEqual([60_000]);
  });
});

describe("POSTs", () => {
  test("keyed: retried with the same key", async () => {
    const { client, sent } = setup([networkError(), fail(503), json(201, { institution_name: "Bank" })]);
    const { data } = await createAccount(client);
    expect(data).toEqual({ institution_name: "Bank" });
    expect(sent).toHaveLength(3);
    const keys = sent.map((s) => s.headers.get("Idempotency-Key"));
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
  });

  test("keep the caller's key on every attempt", async () => {
    const { client, sent } = setup([fail(500), fail(500), fail(500)]);
    await createAccount(client, "5a0b2c4d-6e8f-4a1b-9c3d-5e7f9a1b3c5d");
    expect(sent.map((s) => s.headers.get("Idempotency-Key"))).toEqual(
      Array(3).fill("5a0b2c4d-6e8f-4a1b-9c3d-5e7f9a1b3c5d"),
    );
  });

  test("portfolio hedge (keyed) is retried with the same key", async () => {
    const { client, sent } = setup([fail(503, { "Retry-After": "1" }), json(201, {})]);
    await client.POST("/v1/portfolios/{portfolio_id}/conversions/hedge", {
      params: { path: { portfolio_id: "pf-1" } },
      body: { quote_id: "q" },
    });
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers.get("Idempotency-Key")).toBe(sent[1]!.headers.get("Idempotency-Key"));
  });

  test("unkeyed: not retried", async () => {
    const { client, sent } = setup([fail(503), json(201, {})]);
    const { response } = await client.POST("/v1/customers/{customer_id}/conversions/quote", {
      params: { path: { customer_id: CUSTOMER } },
      body: { from_asset: {}, to_asset: {} },
    });
    expect(response.status).toBe(503);
    expect(sent).toHaveLength(1);
  });

  test("unkeyed: no retry on a network error", async () => {
    const { client, sent } = setup([networkError(), json(201, {})]);
    await expect(
      client.POST("/v1/customers/{customer_id}/recipients", { params: { path: { customer_id: CUSTOMER } }, body: {} }),
    ).rejects.toThrow("fetch failed");
    expect(sent).toHaveLength(1);
  });

  test("a PUT upload is not retried", async () => {
    const { client, sent } = setup([fail(503), json(200, {})]);
    const { response } = await client.PUT(
      "/v2/accounts/{main_account_id}/businesses/{sub_account_id}/documents/{document_type}",
      {
        params: {
          path: { main_account_id: "m", sub_account_id: "s", document_type: "MEMORANDUM_OF_ASSOCIATION" },
          header: { "Content-Disposition": 'attachment; filename="a.pdf"' },
        },
        headers: { "Content-Type": "application/pdf" },
        body: new Uint8Array([1, 2, 3]),
      },
    );
    expect(response.status).toBe(503);
    expect(sent).toHaveLength(1);
  });
});

describe("Execute Quote", () => {
  test.each([408, 429, 500, 502, 503, 504])("is never retried on %i", async (status) => {
    const { client, sent } = setup([fail(status, { "Retry-After": "1" }), json(201, {})]);
    expect((await executeQuote(client)).response.status).toBe(status);
    expect(sent).toHaveLength(1);
  });

  test("a network error is an unknown outcome", async () => {
    const { client, sent, time } = setup([networkError(), json(201, {})]);
    const sentAt = time();
    const error = await executeQuote(client).catch((e: unknown) => e);
    expect(sent).toHaveLength(1);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(isOutcomeUnknownError(error)).toBe(true);
    const e = error as OutcomeUnknownError;
    expect(e.customerId).toBe(CUSTOMER);
    expect(e.quoteId).toBe("3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69");
    expect(e.requestTime.getTime()).toBe(sentAt);
    expect(e.traceId).toBeUndefined();
    expect((e.cause as Error).message).toBe("fetch failed");
    expect(e.message).toContain(`[POST] "https://svc.example/v1/customers/${CUSTOMER}/conversions/hedge"`);
  });

  test("a timeout becomes OutcomeUnknownError, never retried", async () => {
    const stub = stubFetch("hang", json(201, {}));
    const { clock } = fakeClock();
    const client = createClient({
      baseUrl: "https://svc.example",
      credentials: HMAC,
      fetch: stub.fetch,
      clock,
      timeout: 5_000,
    });
    const error = await executeQuote(client).catch((e: unknown) => e);
    expect(stub.sent).toHaveLength(1);
    expect(isOutcomeUnknownError(error)).toBe(true);
    expect(isTimeoutError((error as Error).cause)).toBe(true);
  });

  test("carries no Idempotency-Key", async () => {
    const { client, sent } = setup([json(201, { transaction_id: "t", order_status: "PENDING" })]);
    await client.POST("/v1/customers/{customer_id}/conversions/hedge", {
      params: { path: { customer_id: CUSTOMER } },
      headers: { "Idempotency-Key": "5a0b2c4d-6e8f-4a1b-9c3d-5e7f9a1b3c5d" },
      body: { quote_id: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69" },
    });
    expect(sent[0]!.headers.has("Idempotency-Key")).toBe(false);
  });
});

describe("re-signing", () => {
  test("every retry is signed afresh", async () => {
    const { client, sent } = setup([
      fail(503, { "Retry-After": "2" }),
      fail(503, { "Retry-After": "2" }),
      json(201, {}),
    ]);
    await createAccount(client);
    const stamps = sent.map((s) => s.headers.get("X-SVC-Date"));
    expect(stamps).toEqual(["20261121T093000Z", "20261121T093002Z", "20261121T093004Z"]);
    const auths = sent.map((s) => s.headers.get("Authorization")!);
    expect(new Set(auths).size).toBe(3);
    for (const [i, a] of auths.entries()) expect(a).toContain(`:${stamps[i]}:`);
    expect(sent.every((s) => Buffer.from(s.body!).equals(Buffer.from(sent[0]!.body!)))).toBe(true);
  });
});

// The policy's functions (src/client/retry.ts) on their own.
describe("policy", () => {
  const now = Date.UTC(2026, 0, 1);
  const policy = { ...defaultRetry, random: () => 0.5 };
  const answer = (status: number, retryAfter?: string) =>
    new Response(null, { status, headers: retryAfter === undefined ? {} : { "Retry-After": retryAfter } });

  test("the defaults", () => {
    expect({ ...defaultRetry, random: undefined }).toEqual({
      limit: 2,
      statusCodes: [408, 429, 500, 502, 503, 504],
      baseDelay: 300,
      maxDelay: 10_000,
      maxRetryAfter: 60_000,
      random: undefined,
    });
    expect(defaultRetry.random).toBe(Math.random);
  });

  test.each([
    ["3", 3_000],
    [" 3 ", 3_000],
    ["0", 0],
  ])("Retry-After %j is %i ms", (value, ms) => {
    expect(retryAfterMs(value, now)).toBe(ms);
  });

  // "12/31/2099" is a date to Date.parse, but not an HTTP date: it names no day or month.
  test.each(["3a", "a3", "3 3", "1e3", "-1", "+1", "12/31/2099"])("Retry-After %j is no delay", (value) => {
    expect(retryAfterMs(value, now)).toBeUndefined();
  });

  test("a date now or past is no delay", () => {
    expect(retryAfterMs(new Date(now).toUTCString(), now)).toBeUndefined();
    expect(retryAfterMs(new Date(now + 1_000).toUTCString(), now)).toBe(1_000);
  });

  test("backoff doubles to the cap", () => {
    const fixed = { ...policy, random: () => 1 };
    expect([0, 1, 2, 10].map((n) => backoffMs(fixed, n))).toEqual([300, 600, 1_200, 10_000]);
    expect(backoffMs({ ...policy, random: () => 0 }, 1)).toBe(300);
  });

  test("no retry at the limit", () => {
    expect(retryDelay(policy, 1, undefined, now)).toBe(450);
    expect(retryDelay(policy, 2, undefined, now)).toBeUndefined();
  });

  test("a status not listed is not retried", () => {
    expect(retryDelay(policy, 0, answer(501), now)).toBeUndefined();
    expect(retryDelay(policy, 0, answer(503), now)).toBe(225);
  });

  test("Retry-After up to the bound is taken", () => {
    expect(retryDelay(policy, 0, answer(503, "60"), now)).toBe(60_000);
    expect(retryDelay(policy, 0, answer(503, "61"), now)).toBeUndefined();
    expect(retryDelay(policy, 0, answer(503, "0"), now)).toBe(0);
  });
});
