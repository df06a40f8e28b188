// Quote, execute and the execute-timeout procedure over an injected fetch: what a stateless mock
// cannot show (an expired quote, a 409 on re-execute, a timeout reconciled over several pages).
import { describe, expect, test } from "vitest";
import {
  createQuote,
  executeQuote,
  InvalidOptionError,
  InvalidQuoteRequestError,
  QuoteAlreadyExecutedError,
  QuoteExpiredError,
  resolveExecuteOutcome,
  type ConversionTransactionQuery,
  type ListConversionTransactions,
} from "../../src/index.ts";
import { CUSTOMER, fakeClock, json, stubClient } from "./helpers.ts";

const QUOTE_ID = "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69";
const T0 = Date.UTC(2026, 10, 21, 9, 30, 0);
const quoteBody = {
  quote_id: QUOTE_ID,
  expire_time: "2026-11-21T09:30:30Z",
  valid_until_timestamp: "2026-11-21T09:30:30Z",
};
const input = {
  customerId: CUSTOMER,
  from_asset: { asset: "USDC", network: "ETHEREUM" },
  to_asset: { asset: "USD" },
  amountFields: ["from_amount", "to_amount"],
  amount: { from_amount: "1000.00" },
} as const;
const sentJson = (body: Uint8Array | null) => JSON.parse(new TextDecoder().decode(body!));

/** An issued quote, as createQuote makes it, received at T0 and valid until T0 + 30 s. */
async function issued(extra: Parameters<typeof stubClient>[0] = [], options: Parameters<typeof stubClient>[1] = {}) {
  const setup = stubClient([json(201, quoteBody), ...extra], options);
  const quote = await createQuote(setup.client, input, { clock: { now: () => T0 } });
  setup.sent.length = 0;
  return { ...setup, quote };
}

describe("createQuote", () => {
  test("sends the assets and exactly the one amount, under the caller's field name", async () => {
    const { client, sent } = stubClient([json(201, quoteBody)]);
    const quote = await createQuote(client, input, { clock: { now: () => T0 } });
    expect(sent[0]!.url.pathname).toBe(`/v1/customers/${CUSTOMER}/conversions/quote`);
    expect(sentJson(sent[0]!.body)).toEqual({
      from_asset: { asset: "USDC", network: "ETHEREUM" },
      to_asset: { asset: "USD" },
      from_amount: "1000.00",
    });
    expect(sent[0]!.headers.has("Idempotency-Key")).toBe(false);
    expect(quote).toMatchObject({
      quoteId: QUOTE_ID,
      customerId: CUSTOMER,
      amount: { field: "from_amount", value: "1000.00" },
      validitySource: "expire_time",
    });
    expect(quote.validUntil.toISOString()).toBe("2026-11-21T09:30:30.000Z");
  });

  test("takes the earlier of expire_time and valid_until_timestamp", async () => {
    const { client } = stubClient([
      json(201, {
        quote_id: QUOTE_ID,
        expire_time: "2026-11-21T09:30:31Z",
        valid_until_timestamp: "2026-11-21T09:30:29Z",
      }),
    ]);
    const quote = await createQuote(client, input);
    expect([quote.validitySource, quote.validUntil.toISOString()]).toEqual([
      "valid_until_timestamp",
      "2026-11-21T09:30:29.000Z",
    ]);
  });

  test("without either time, the quote is valid until the client clock at receipt + 30 s", async () => {
    const { client } = stubClient([json(201, { quote_id: QUOTE_ID })]);
    const quote = await createQuote(client, input, { clock: { now: () => T0 + 1234 } });
    expect([quote.validitySource, quote.validUntil.getTime()]).toEqual(["client-clock", T0 + 1234 + 30_000]);
  });

  test("both or neither amount is a type error", () => {
    const both = { ...input, amount: { from_amount: "1", to_amount: "2" } };
    const neither = { ...input, amount: {} };
    const undeclared = { ...input, amount: { amount: "1" } };
    const check = (q: Parameters<typeof createQuote<"from_amount", "to_amount">>[1]) => q;
    // @ts-expect-error both amounts
    check(both);
    // @ts-expect-error neither amount
    check(neither);
    // @ts-expect-error a field not declared in amountFields
    check(undeclared);
    expect(check(input).amount).toEqual({ from_amount: "1000.00" });
  });

  test.each([
    ["both-amounts", { amount: { from_amount: "1", to_amount: "2" } }],
    ["no-amount", { amount: {} }],
    ["no-amount", { amount: { from_amount: undefined } }],
    ["no-amount", { amount: undefined }],
    ["bad-amount-fields", { amount: { from_amount: "1", amount: "2" } }],
    ["bad-amount-fields", { amountFields: ["amount", "amount"] }],
    ["bad-amount-fields", { amountFields: ["from_amount"] }],
    ["bad-amount-fields", { amountFields: ["from_asset", "to_amount"] }],
    ["bad-amount-value", { amount: { from_amount: "" } }],
    ["bad-amount-value", { amount: { from_amount: Number.NaN } }],
    ["bad-asset", { from_asset: "USDC" }],
    ["bad-asset", { to_asset: null }],
  ])("refuses %s before any request (%o)", async (reason, change) => {
    const { client, sent } = stubClient([json(201, quoteBody)]);
    const error = await createQuote(client, { ...input, ...change } as never).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidQuoteRequestError);
    expect(error.reason).toBe(reason);
    expect(sent).toHaveLength(0);
  });

  test("an error response is thrown as an ApiError with its code", async () => {
    const { client } = stubClient([json(400, { code: "00020004", status: 400, trace_id: "tr-4" })]);
    await expect(createQuote(client, input)).rejects.toMatchObject({
      name: "ApiError",
      code: "00020004",
      traceId: "tr-4",
    });
  });
});

describe("executeQuote", () => {
  test("created: the order, and a record of what was executed", async () => {
    const { client, sent, quote } = await issued([json(201, { transaction_id: "tx-1", order_status: "PENDING" })]);
    const result = await executeQuote(client, quote, { clock: { now: () => T0 + 5_000 } });
    expect(result).toMatchObject({ outcome: "created", order: { transaction_id: "tx-1", order_status: "PENDING" } });
    expect(sentJson(sent[0]!.body)).toEqual({ quote_id: QUOTE_ID });
    expect(sent[0]!.headers.has("Idempotency-Key")).toBe(false);
  });

  test("refuses a quote past its validity without sending it", async () => {
    const { client, sent, quote } = await issued([json(201, { transaction_id: "tx-1", order_status: "PENDING" })]);
    const error = await executeQuote(client, quote, { clock: { now: () => T0 + 31_000 } }).catch((e) => e);
    expect(error).toBeInstanceOf(QuoteExpiredError);
    expect(error.quoteId).toBe(QUOTE_ID);
    expect(sent).toHaveLength(0);
  });

  test("refuses a quote inside the safety margin (default 2 s, configurable) without sending it", async () => {
    const { client, sent, quote } = await issued([json(201, { transaction_id: "tx-1", order_status: "PENDING" })]);
    await expect(executeQuote(client, quote, { clock: { now: () => T0 + 28_500 } })).rejects.toBeInstanceOf(
      QuoteExpiredError,
    );
    await expect(
      executeQuote(client, quote, { clock: { now: () => T0 + 25_000 }, safetyMarginMs: 6_000 }),
    ).rejects.toBeInstanceOf(QuoteExpiredError);
    expect(sent).toHaveLength(0);
    expect(
      (await executeQuote(client, quote, { clock: { now: () => T0 + 28_500 }, safetyMarginMs: 1_000 })).outcome,
    ).toBe("created");
  });

  test("never sends the same quote twice", async () => {
    const { client, sent, quote } = await issued([json(201, { transaction_id: "tx-1", order_status: "PENDING" })]);
    await executeQuote(client, quote, { clock: { now: () => T0 } });
    await expect(executeQuote(client, quote, { clock: { now: () => T0 } })).rejects.toBeInstanceOf(
      QuoteAlreadyExecutedError,
    );
    // A copy of the quote (say, rebuilt from storage) is the same quote.
    await expect(executeQuote(client, { ...quote }, { clock: { now: () => T0 + 1 } })).rejects.toBeInstanceOf(
      QuoteAlreadyExecutedError,
    );
    expect(sent).toHaveLength(1);
  });

  test("a quote refused as expired was never claimed, and is still refused as expired", async () => {
    const { client, sent, quote } = await issued([json(201, { transaction_id: "tx-1", order_status: "PENDING" })]);
    await expect(executeQuote(client, quote, { clock: { now: () => T0 + 40_000 } })).rejects.toBeInstanceOf(
      QuoteExpiredError,
    );
    await expect(executeQuote(client, quote, { clock: { now: () => T0 + 41_000 } })).rejects.toBeInstanceOf(
      QuoteExpiredError,
    );
    expect(sent).toHaveLength(0);
  });

  test("a 409 on re-execute is its own outcome, not success", async () => {
    const { client, quote } = await issued([json(409, { code: "00000006", status: 409, trace_id: "tr-409" })]);
    const result = await executeQuote(client, quote, { clock: { now: () => T0 } });
    expect(result.outcome).toBe("already-consumed");
    expect(result).not.toHaveProperty("order");
    expect(result.record.traceId).toBe("tr-409");
  });

  test.each([
    [400, "00020001"],
    [400, "00020003"],
    [401, "00010000"],
  ])("%i %s is refused", async (status, code) => {
    const { client, sent, quote } = await issued([json(status, { code, status })]);
    const result = await executeQuote(client, quote, { clock: { now: () => T0 } });
    expect(result).toMatchObject({ outcome: "refused", error: { code } });
    expect(sent).toHaveLength(1);
  });

  test("a timeout is an unknown outcome with the full record, sent once even with retries on", async () => {
    const { client, sent, quote } = await issued(["hang"], { timeout: 10_000, retry: { limit: 5 } });
    const result = await executeQuote(client, quote, { clock: { now: () => T0 + 1_000 } });
    expect(sent).toHaveLength(1);
    if (result.outcome !== "unknown") throw new Error(result.outcome);
    expect(result.record).toEqual({
      customerId: CUSTOMER,
      quoteId: QUOTE_ID,
      requestTime: new Date(T0),
      fromAsset: { asset: "USDC", network: "ETHEREUM" },
      toAsset: { asset: "USD" },
      amount: { field: "from_amount", value: "1000.00" },
      traceId: undefined,
    });
    expect(result.cause).toMatchObject({ name: "OutcomeUnknownError" });
  });

  test.each([500, 502, 503])("%i is an unknown outcome that keeps the trace id, not retried", async (status) => {
    const { client, sent, quote } = await issued([json(status, { code: "00000000", status, trace_id: "tr-5xx" })]);
    const result = await executeQuote(client, quote, { clock: { now: () => T0 } });
    expect(result).toMatchObject({ outcome: "unknown", record: { traceId: "tr-5xx" } });
    expect(sent).toHaveLength(1);
  });

  test("a network error and a 2xx without transaction_id are unknown outcomes too", async () => {
    const a = await issued([new TypeError("fetch failed")]);
    expect((await executeQuote(a.client, a.quote, { clock: { now: () => T0 } })).outcome).toBe("unknown");
    const b = await issued([json(201, { order_status: "PENDING" })]);
    expect((await executeQuote(b.client, b.quote, { clock: { now: () => T0 } })).outcome).toBe("unknown");
  });
});

describe("resolveExecuteOutcome", () => {
  const record = {
    customerId: CUSTOMER,
    quoteId: QUOTE_ID,
    requestTime: new Date(T0),
    fromAsset: { asset: "USDC" },
    toAsset: { asset: "USD" },
    amount: { field: "from_amount", value: "1000.00" },
    traceId: undefined,
  };
  const conversion = (quote_id: string) => json(200, { quote_id });
  /** List Transactions as the caller would supply it: pages of ids behind a numeric cursor. */
  const lister = (pagesPerPass: string[][][]) => {
    const calls: ConversionTransactionQuery<number>[] = [];
    let pass = -1;
    const list: ListConversionTransactions<number> = async (q) => {
      if (q.cursor === undefined) pass++;
      calls.push(q);
      const pages = pagesPerPass[Math.min(pass, pagesPerPass.length - 1)]!;
      const at = q.cursor ?? 0;
      return {
        items: (pages[at] ?? []).map((transaction_id) => ({ transaction_id })),
        next: at + 1 < pages.length ? at + 1 : undefined,
      };
    };
    return { list, calls };
  };
  const answersFor = (quotes: Record<string, string>) => (s: { url: URL }) => {
    const id = s.url.searchParams.get("transaction_id")!;
    return id in quotes ? conversion(quotes[id]!) : json(404, { code: "00000005", status: 404 });
  };

  test("found on the third page: every page read, each candidate compared by quote_id, nothing posted", async () => {
    const { client, sent } = stubClient([
      answersFor({ "tx-1": "q-other-1", "tx-2": "q-other-2", "tx-3": "q-other-3", "tx-4": QUOTE_ID }),
    ]);
    const { list, calls } = lister([[["tx-1", "tx-2"], ["tx-3"], ["tx-4", "tx-5"]]]);
    const result = await resolveExecuteOutcome(client, record, { listTransactions: list });
    expect(result).toMatchObject({
      status: "found",
      transactionId: "tx-4",
      conversion: { quote_id: QUOTE_ID },
      passes: 1,
    });
    expect(calls.map((c) => c.cursor)).toEqual([undefined, 1, 2]);
    expect(calls[0]).toMatchObject({
      customerId: CUSTOMER,
      transaction_action: "CONVERSION",
      created_after: "2026-11-21T09:20:00.000Z",
      created_before: "2026-11-21T09:40:00.000Z",
    });
    expect(sent.map((s) => `${s.method} ${s.url.searchParams.get("transaction_id")}`)).toEqual([
      "GET tx-1",
      "GET tx-2",
      "GET tx-3",
      "GET tx-4",
    ]);
    expect(sent.every((s) => s.url.pathname === `/v1/customers/${CUSTOMER}/conversions/order`)).toBe(true);
  });

  test("no match: reads again with backoff, never re-reads a checked candidate, reports not found yet", async () => {
    const time = fakeClock();
    const { client, sent } = stubClient([answersFor({ "tx-1": "q-other-1", "tx-2": "q-other-2" })]);
    const { list, calls } = lister([[["tx-1"], ["tx-2"]], [[], []], [["tx-1", "tx-2"]]]);
    const result = await resolveExecuteOutcome(client, record, {
      listTransactions: list,
      rounds: 3,
      clock: time.clock,
      random: () => 0.5,
      windowMarginMs: 60_000,
    });
    expect(result).toMatchObject({
      status: "not-found-yet",
      passes: 3,
      checked: ["tx-1", "tx-2"],
      unreadable: [],
      listErrors: [],
    });
    expect(time.waits).toEqual([1_500, 3_000]);
    expect(calls.filter((c) => c.cursor === undefined)).toHaveLength(3);
    expect(calls[0]).toMatchObject({
      created_after: "2026-11-21T09:29:00.000Z",
      created_before: "2026-11-21T09:31:00.000Z",
    });
    expect(sent.map((s) => s.url.searchParams.get("transaction_id"))).toEqual(["tx-1", "tx-2"]);
    expect(sent.every((s) => s.method === "GET")).toBe(true);
  });

  test("an empty first listing is not the end: the order shows up on a later pass", async () => {
    const time = fakeClock();
    const { client } = stubClient([answersFor({ "tx-9": QUOTE_ID })]);
    const { list } = lister([[[]], [["tx-9"]]]);
    const result = await resolveExecuteOutcome(client, record, { listTransactions: list, clock: time.clock });
    expect(result).toMatchObject({ status: "found", transactionId: "tx-9", passes: 2 });
  });

  test("a failing list or an unreadable candidate is retried on the next pass", async () => {
    const time = fakeClock();
    let failures = 0;
    const { client } = stubClient(
      [(s, i) => (i === 0 ? json(500, { code: "00000000", status: 500 }) : answersFor({ "tx-1": QUOTE_ID })(s))],
      { retry: false },
    );
    const list: ListConversionTransactions<never> = async () => {
      if (failures++ === 0) throw new Error("list down");
      return { items: [{ transaction_id: "tx-1" }] };
    };
    const result = await resolveExecuteOutcome(client, record, { listTransactions: list, clock: time.clock });
    expect(result).toMatchObject({ status: "found", transactionId: "tx-1", passes: 3 });
  });

  test("an execute timeout reconciled end to end: unknown outcome, then found across pages, no new quote", async () => {
    const time = fakeClock();
    const { client, sent, quote } = await issued(["hang", answersFor({ "tx-1": "q-other", "tx-2": QUOTE_ID })], {
      timeout: 5_000,
    });
    const executed = await executeQuote(client, quote, { clock: { now: () => T0 + 2_000 } });
    if (executed.outcome !== "unknown") throw new Error(executed.outcome);
    const { list } = lister([[["tx-1"], ["tx-2"]]]);
    const found = await resolveExecuteOutcome(client, executed.record, { listTransactions: list, clock: time.clock });
    expect(found).toMatchObject({ status: "found", transactionId: "tx-2" });
    expect(sent.filter((s) => s.method === "POST").map((s) => s.url.pathname)).toEqual([
      `/v1/customers/${CUSTOMER}/conversions/hedge`,
    ]);
  });

  test("refuses a record without customer, quote or request time", async () => {
    const { client, sent } = stubClient([json(200, {})]);
    const { list } = lister([[["tx-1"]]]);
    await expect(resolveExecuteOutcome(client, { ...record, quoteId: "" }, { listTransactions: list })).rejects.toThrow(
      InvalidOptionError,
    );
    await expect(
      resolveExecuteOutcome(client, { ...record, requestTime: new Date(NaN) }, { listTransactions: list }),
    ).rejects.toThrow(InvalidOptionError);
    expect(sent).toHaveLength(0);
  });
});
