// Customer-scoped conversions in the stateful mock: the quote's 30 s single use, ownership, the order
// read back with its quote_id, and each refusal with the reference's code.
import { describe, expect, test } from "vitest";
import { C, OTHER_CUSTOMER, answer, call, newQuote, quoteBody, testMock } from "./support.ts";

const OTHER = `/v1/customers/${OTHER_CUSTOMER}`;

describe("create quote", () => {
  test("answers 201, valid for 30 s", async () => {
    const { mock, time } = await testMock();
    const r = await answer(mock, "POST", `${C}/conversions/quote`, { body: quoteBody({ receive_amount: 5 }) });
    expect(r.status).toBe(201);
    expect(r.body.quote_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(r.body.expire_time)).toBe(time.ms + 30_000);
    expect(r.body.valid_until_timestamp).toBe(r.body.expire_time);
  });

  test.each([
    ["both amounts", { pay_amount: "1", receive_amount: "2" }, /both/],
    ["neither amount", {}, /neither/],
  ])("refuses %s with 400 00000001", async (_name, amount, detail) => {
    const { mock } = await testMock();
    const r = await answer(mock, "POST", `${C}/conversions/quote`, { body: quoteBody(amount) });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "00000001", status: 400, instance: `${C}/conversions/quote` });
    expect(r.body.detail).toMatch(detail);
  });

  test("takes amount field names as an option", async () => {
    const { mock } = await testMock({ amountFields: ["from_amount", "to_amount"] });
    expect((await answer(mock, "POST", `${C}/conversions/quote`, { body: quoteBody({ to_amount: "3" }) })).status).toBe(
      201,
    );
    expect(
      (await answer(mock, "POST", `${C}/conversions/quote`, { body: quoteBody({ pay_amount: "3" }) })).body.code,
    ).toBe("00000001");
  });

  test("refuses a bad or missing asset with 00000002", async () => {
    const { mock } = await testMock();
    for (const body of [{ ...quoteBody(), from_asset: "USDC" }, { to_asset: {}, pay_amount: "1" }, [1]]) {
      const r = await answer(mock, "POST", `${C}/conversions/quote`, { body });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("00000002");
    }
  });
});

describe("execute quote", () => {
  test("creates a PENDING order read back by quote_id", async () => {
    const { mock } = await testMock();
    const quoteId = await newQuote(mock);
    const r = await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId } });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ transaction_id: expect.any(String), order_status: "PENDING" });
    const read = await answer(mock, "GET", `${C}/conversions/order`, {
      query: `transaction_id=${r.body.transaction_id}`,
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ quote_id: quoteId, order_status: "PENDING" });
  });

  test("a second execute is 409 00000006", async () => {
    const { mock, time } = await testMock();
    const quoteId = await newQuote(mock);
    expect((await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId } })).status).toBe(201);
    const again = await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("00000006");
    time.ms += 60_000;
    expect((await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId } })).body.code).toBe(
      "00000006",
    );
    expect(mock.store.orders.size).toBe(1);
  });

  // At 29.999 s it executes, at 30 s it is 400 00020001.
  test("a quote expires at exactly 30 s", async () => {
    const { mock, time } = await testMock();
    const late = await newQuote(mock);
    const inTime = await newQuote(mock);
    time.ms += 29_999;
    expect((await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: inTime } })).status).toBe(201);
    time.ms += 1;
    const r = await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: late } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("00020001");
    expect(r.body.detail).toMatch(/expired/);
  });

  test("the virtual clock expires a quote", async () => {
    const { mock } = await testMock({ now: Date.now });
    const quoteId = await newQuote(mock);
    mock.clock.advance(30_000);
    expect((await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId } })).body.code).toBe(
      "00020001",
    );
  });

  // Refused exactly like an unknown one (400 00020001), and still usable by its owner.
  test("another customer's quote is as unknown", async () => {
    const { mock } = await testMock();
    const quoteId = await newQuote(mock);
    const theirs = await answer(mock, "POST", `${OTHER}/conversions/hedge`, { body: { quote_id: quoteId } });
    const unknown = await answer(mock, "POST", `${OTHER}/conversions/hedge`, {
      body: { quote_id: "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69" },
    });
    expect([theirs.status, theirs.body.code]).toEqual([400, "00020001"]);
    expect(theirs.body.detail.replace(quoteId, "ID")).toBe(
      unknown.body.detail.replace("3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69", "ID"),
    );
    expect((await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId } })).status).toBe(201);
  });

  test.each([
    ["a quote_id that is not a UUID", { quote_id: "q-1" }],
    ["no quote_id", {}],
    ["a quote_id that is a number", { quote_id: 7 }],
  ])("refuses %s with 400 00000010", async (_name, body) => {
    const { mock } = await testMock();
    const r = await answer(mock, "POST", `${C}/conversions/hedge`, { body });
    expect([r.status, r.body.code]).toEqual([400, "00000010"]);
  });

  // The same key again is still a second execute (409).
  test("ignores the Idempotency-Key: no replay", async () => {
    const { mock } = await testMock();
    const quoteId = await newQuote(mock);
    const headers = { "Idempotency-Key": "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d" };
    expect(
      (await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId }, headers })).status,
    ).toBe(201);
    expect(
      (await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId }, headers })).status,
    ).toBe(409);
  });
});

describe("get conversion", () => {
  test("another customer's conversion is 404", async () => {
    const { mock } = await testMock();
    const order = await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: await newQuote(mock) } });
    const r = await answer(mock, "GET", `${OTHER}/conversions/order`, {
      query: `transaction_id=${order.body.transaction_id}`,
    });
    expect([r.status, r.body.code]).toEqual([404, "00000005"]);
  });

  test("an unknown transaction_id is 404", async () => {
    const { mock } = await testMock();
    const r = await answer(mock, "GET", `${C}/conversions/order`, {
      query: "transaction_id=8d7c6b5a-4f3e-4d2c-8b1a-0f9e8d7c6b5a",
    });
    expect([r.status, r.body.code]).toEqual([404, "00000005"]);
  });

  test.each([
    ["missing", ""],
    ["empty", "transaction_id="],
    [
      "repeated",
      "transaction_id=8d7c6b5a-4f3e-4d2c-8b1a-0f9e8d7c6b5a&transaction_id=8d7c6b5a-4f3e-4d2c-8b1a-0f9e8d7c6b5b",
    ],
    ["not of the form the mock issues", "transaction_id=tx-1"],
  ])("a %s transaction_id is 400 00000002", async (_name, query) => {
    const { mock } = await testMock();
    const r = await answer(mock, "GET", `${C}/conversions/order`, { query });
    expect([r.status, r.body.code]).toEqual([400, "00000002"]);
  });

  test("transactionIdPattern null takes any id", async () => {
    const { mock } = await testMock({ transactionIdPattern: null });
    expect((await answer(mock, "GET", `${C}/conversions/order`, { query: "transaction_id=tx-1" })).body.code).toBe(
      "00000005",
    );
  });

  test("errors carry the full envelope, virtual time", async () => {
    const { mock, time } = await testMock();
    mock.clock.advance(3_600_000);
    const r = await answer(mock, "GET", `${C}/conversions/order`, {
      query: "transaction_id=8d7c6b5a-4f3e-4d2c-8b1a-0f9e8d7c6b5a",
    });
    expect(r.body).toEqual({
      code: "00000005",
      status: 404,
      detail: expect.any(String),
      instance: `${C}/conversions/order`,
      trace_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      time: new Date(time.ms + 3_600_000).toISOString().replace(/\.000Z$/, "Z"),
    });
  });
});

test("leaves an unauthenticated request to Prism", async () => {
  const { mock } = await testMock();
  expect(
    await call(mock, "POST", `${C}/conversions/quote`, { body: quoteBody(), headers: { authorization: "" } }),
  ).toBeUndefined();
  expect(await call(mock, "GET", `${C}/deposit_instructions`)).toBeUndefined();
  expect(await call(mock, "DELETE", `${C}/conversions/hedge`)).toBeUndefined();
});
