// The control API, faults and settings of the stateful mock, called in process.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { DROP } from "../../src/mock/stateful/index.ts";
import { DEFAULTS, StatefulOptionsError, loadOptionsFile, resolveOptions } from "../../src/mock/stateful/options.ts";
import { C, CUSTOMER, answer, call, ctl, type Logged, newQuote, testMock } from "./support.ts";

const dir = mkdtempSync(path.join(tmpdir(), "stateful-options-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("control API", () => {
  test("only paths under the prefix are control paths", async () => {
    const { mock } = await testMock({ controlPrefix: "/__ctl" });
    expect(mock.isControlPath("/__ctl")).toBe(true);
    expect(mock.isControlPath("/__ctl/reset")).toBe(true);
    expect(mock.isControlPath("/__ctlx")).toBe(false);
    expect(mock.isControlPath("/v1/customers/x/rfi-cases")).toBe(false);
  });

  test("clock advances and says the virtual time", async () => {
    const { mock, time } = await testMock();
    expect(ctl(mock, "POST", "/clock", { advance_seconds: 31 }).body.now).toBe(
      new Date(time.ms + 31_000).toISOString(),
    );
    expect(ctl(mock, "POST", "/clock", { advance_ms: 500 }).body.now).toBe(new Date(time.ms + 31_500).toISOString());
    expect(ctl(mock, "GET", "/clock").body.now).toBe(new Date(time.ms + 31_500).toISOString());
  });

  test("clock refuses to go back, and a body that is no object", async () => {
    const { mock, time } = await testMock();
    expect(ctl(mock, "POST", "/clock", { advance_seconds: -1 }).status).toBe(400);
    expect(ctl(mock, "POST", "/clock", "soon").status).toBe(400);
    expect(ctl(mock, "GET", "/clock").body.now).toBe(new Date(time.ms).toISOString());
  });

  // Records, faults, log, clock and RFI cases.
  test("reset restores the starting state", async () => {
    const { mock } = await testMock();
    await newQuote(mock);
    ctl(mock, "POST", "/clock", { advance_seconds: 100 });
    ctl(mock, "POST", "/faults", { kind: "drop-before" });
    const caseId = mock.store.rfiCases.get(CUSTOMER)![0]!.case_id;
    ctl(mock, "PATCH", `/customers/${CUSTOMER}/rfi-cases/${caseId}`, { rfi_status: "CLOSED" });
    expect(ctl(mock, "POST", "/reset").status).toBe(204);
    expect(mock.store.quotes.size).toBe(0);
    expect(ctl(mock, "GET", "/faults").body.faults).toEqual([]);
    expect(ctl(mock, "GET", "/requests").body.requests).toEqual([]);
    expect(mock.clock.now()).toBe(Date.UTC(2026, 10, 21, 9, 30, 0));
    expect(mock.store.rfiCases.get(CUSTOMER)![0]!.rfi_status).toBe("ACTION_REQUIRED");
  });

  test("PATCH of an RFI case stamps the virtual time", async () => {
    const { mock, time } = await testMock();
    const target = mock.store.rfiCases.get(CUSTOMER)![2]!;
    const patched = ctl(mock, "PATCH", `/customers/${CUSTOMER}/rfi-cases/${target.case_id}`, { rfi_status: "CLOSED" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      case_id: target.case_id,
      rfi_status: "CLOSED",
      updated_at: new Date(time.ms).toISOString(),
    });
  });

  test("PUT of an RFI case adds it, updated now", async () => {
    const { mock, time } = await testMock();
    const target = mock.store.rfiCases.get(CUSTOMER)![2]!;
    const fresh = { ...target, case_id: "new-case", rfi_status: "ACTION_REQUIRED" };
    delete (fresh as Record<string, unknown>).updated_at;
    expect(ctl(mock, "PUT", `/customers/${CUSTOMER}/rfi-cases/new-case`, fresh).status).toBe(201);
    const listed = await answer(mock, "GET", `${C}/rfi-cases`, { query: "case_id=new-case" });
    expect(listed.body.list[0].updated_at).toBe(new Date(time.ms).toISOString());
  });

  test("PATCH refuses an unknown status or case", async () => {
    const { mock } = await testMock();
    const target = mock.store.rfiCases.get(CUSTOMER)![2]!;
    expect(
      ctl(mock, "PATCH", `/customers/${CUSTOMER}/rfi-cases/${target.case_id}`, { rfi_status: "OPEN" }).status,
    ).toBe(400);
    expect(ctl(mock, "PATCH", `/customers/${CUSTOMER}/rfi-cases/none`, { rfi_status: "CLOSED" }).status).toBe(404);
  });

  /** Three executed conversions a minute apart, from 09:30 virtual time. */
  async function threeOrders() {
    const { mock, time } = await testMock();
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        (await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: await newQuote(mock) } })).body
          .transaction_id,
      );
      time.ms += 60_000;
    }
    return { mock, made };
  }
  const window =
    `customer_id=${CUSTOMER}&transaction_action=CONVERSION` +
    "&created_after=2026-11-21T09:31:00Z&created_before=2026-11-21T09:32:00Z";

  test("PATCH of an order sets its order_status", async () => {
    const { mock, made } = await threeOrders();
    expect(ctl(mock, "PATCH", `/orders/${made[0]}`, { order_status: "COMPLETED" }).body.order_status).toBe("COMPLETED");
    expect(
      (await answer(mock, "GET", `${C}/conversions/order`, { query: `transaction_id=${made[0]}` })).body.order_status,
    ).toBe("COMPLETED");
  });

  test("transactions lists a window of conversions", async () => {
    const { mock, made } = await threeOrders();
    const page = ctl(mock, "GET", "/transactions", undefined, `${window}&size=1`);
    expect(page.body).toEqual({
      list: [{ transaction_id: made[1], transaction_action: "CONVERSION", created_at: "2026-11-21T09:31:00.000Z" }],
      total: 2,
      page: 1,
      size: 1,
    });
    expect(ctl(mock, "GET", "/transactions", undefined, `${window}&size=1&page=2`).body.list[0].transaction_id).toBe(
      made[2],
    );
  });

  test("transactions of another customer are none", async () => {
    const { mock } = await threeOrders();
    expect(ctl(mock, "GET", "/transactions", undefined, "customer_id=someone-else").body.total).toBe(0);
  });

  test("transactions refuses a bad query", async () => {
    const { mock } = await testMock();
    expect(ctl(mock, "GET", "/transactions", undefined, "").status).toBe(400);
    expect(ctl(mock, "GET", "/transactions", undefined, `customer_id=${CUSTOMER}&created_after=noon`).status).toBe(400);
  });

  test("an unknown route is 404", async () => {
    const { mock } = await testMock();
    expect(ctl(mock, "GET", "/nothing").status).toBe(404);
  });

  test("another method is 405 with Allow", async () => {
    const { mock } = await testMock();
    const wrong = ctl(mock, "GET", "/reset");
    expect([wrong.status, wrong.headers?.Allow]).toEqual([405, "POST"]);
  });

  test("a body that is not JSON is 400", async () => {
    const { mock } = await testMock();
    expect(ctl(mock, "POST", "/faults", "{", "", { raw: "1" }).status).toBe(400);
  });
});

describe("faults", () => {
  test("drop-before drops the next match, unrecorded", async () => {
    const { mock } = await testMock();
    ctl(mock, "POST", "/faults", { kind: "drop-before", operation_id: "createQuote" });
    expect(
      await call(mock, "POST", `${C}/conversions/quote`, { body: { from_asset: {}, to_asset: {}, pay_amount: "1" } }),
    ).toBe(DROP);
    expect(mock.store.quotes.size).toBe(0);
    expect(
      (
        await answer(mock, "POST", `${C}/conversions/quote`, {
          body: { from_asset: {}, to_asset: {}, pay_amount: "1" },
        })
      ).status,
    ).toBe(201);
  });

  test("drop-after records the change, then drops the answer", async () => {
    const { mock } = await testMock();
    const quoteId = await newQuote(mock);
    ctl(mock, "POST", "/faults", { kind: "drop-after", operation_id: "executeQuote" });
    expect(await call(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId } })).toBe(DROP);
    expect([...mock.store.orders.values()].map((o) => o.quoteId)).toEqual([quoteId]);
  });

  test("status at after records the change, then answers the status (an execute timeout to branch on)", async () => {
    const { mock } = await testMock();
    const quoteId = await newQuote(mock);
    const added = ctl(mock, "POST", "/faults", {
      kind: "status",
      status: 504,
      at: "after",
      operation_id: "executeQuote",
    });
    expect(added.body).toMatchObject({ kind: "status", status: 504, at: "after", operation_id: "executeQuote" });
    const r = await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId } });
    expect(r.status).toBe(504);
    expect(r.body.transaction_id).toBeUndefined();
    // The order was made: reconciliation finds it, and the quote is spent.
    expect([...mock.store.orders.values()].map((o) => o.quoteId)).toEqual([quoteId]);
    expect((await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId } })).status).toBe(409);
    expect(
      ctl(mock, "GET", "/requests")
        .body.requests.filter((l: Logged) => l.operation_id === "executeQuote")
        .map((l: Logged) => [l.outcome, l.fault]),
    ).toEqual([
      [504, "status"],
      [409, undefined],
    ]);
  });

  test("status at before (the default) answers without handling: nothing is recorded", async () => {
    const { mock } = await testMock();
    const quoteId = await newQuote(mock);
    const added = ctl(mock, "POST", "/faults", { kind: "status", status: 504, operation_id: "executeQuote" });
    expect(added.body.at).toBe("before");
    expect((await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId } })).status).toBe(504);
    expect(mock.store.orders.size).toBe(0);
    expect((await answer(mock, "POST", `${C}/conversions/hedge`, { body: { quote_id: quoteId } })).status).toBe(201);
  });

  /** A status fault on the portfolio hedge read, twice. */
  async function hedgeReadFailsTwice() {
    const { mock } = await testMock();
    ctl(mock, "POST", "/faults", {
      kind: "status",
      status: 503,
      retry_after: 2,
      method: "GET",
      path: "/v1/portfolios/pf-1/conversions/hedge",
      times: 2,
    });
    const read = () => answer(mock, "GET", "/v1/portfolios/pf-1/conversions/hedge", { query: "conversion_id=x" });
    return { mock, read };
  }

  test("status answers in the path's envelope with Retry-After", async () => {
    const { read } = await hedgeReadFailsTwice();
    const r = await read();
    expect([r.status, r.headers?.["Retry-After"], r.body.error.code]).toEqual([503, "2", "VENUE_UNAVAILABLE"]);
  });

  test("times counts matching requests only", async () => {
    const { mock, read } = await hedgeReadFailsTwice();
    await answer(mock, "GET", `${C}/rfi-cases`);
    expect((await read()).status).toBe(503);
    expect((await read()).status).toBe(503);
    expect((await read()).status).toBe(400);
  });

  test("status takes the code given for the operation", async () => {
    const { mock } = await testMock();
    ctl(mock, "POST", "/faults", { kind: "status", status: 408, code: "00020000", operation_id: "createQuote" });
    const r = await answer(mock, "POST", `${C}/conversions/quote`, { body: {} });
    expect(r.body).toMatchObject({ code: "00020000", status: 408 });
  });

  test("a fault hits an operation Prism answers", async () => {
    const { mock } = await testMock();
    ctl(mock, "POST", "/faults", { kind: "status", status: 429, operation_id: "listBusinesses" });
    const r = await answer(mock, "GET", "/v2/accounts/acc-1/businesses");
    expect(r.status).toBe(429);
    expect(await call(mock, "GET", "/v2/accounts/acc-1/businesses")).toBeUndefined();
  });

  test("delay waits before answering", async () => {
    const { mock } = await testMock();
    ctl(mock, "POST", "/faults", { kind: "delay", delay_ms: 150, at: "after", operation_id: "listRfiCases" });
    const started = performance.now();
    expect((await answer(mock, "GET", `${C}/rfi-cases`)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  test.each([
    [{}, /kind/],
    [{ kind: "explode" }, /kind/],
    [{ kind: "drop-after" }, /operation_id the stateful mode answers/],
    [{ kind: "drop-after", operation_id: "listBusinesses" }, /operation_id the stateful mode answers/],
    [{ kind: "drop-before", operation_id: "noSuchOperation" }, /not an operationId/],
    [{ kind: "status", status: 200 }, /status/],
    [{ kind: "status", status: 429, retry_after: -1 }, /retry_after/],
    [{ kind: "delay" }, /delay_ms/],
    [{ kind: "delay", delay_ms: 10_000_000 }, /delay_ms/],
    [{ kind: "drop-before", delay_ms: 5 }, /only apply/],
    [{ kind: "drop-before", times: 0 }, /times/],
    [{ kind: "drop-before", colour: "red" }, /Unknown fault fields: colour/],
    [{ kind: "status", status: 504, at: "after" }, /status at after needs an operation_id the stateful mode answers/],
    [
      { kind: "status", status: 504, at: "after", operation_id: "listBusinesses" },
      /status at after needs an operation_id the stateful mode answers/,
    ],
    [{ kind: "status", status: 504, at: "later", operation_id: "executeQuote" }, /at must be "before" or "after"/],
    [{ kind: "drop-before", at: "after" }, /only apply/],
    [{ kind: "status", status: 504, delay_ms: 5 }, /only apply/],
  ])("refuses %j with 400 and why", async (spec, message) => {
    const { mock } = await testMock();
    const r = ctl(mock, "POST", "/faults", spec);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(message);
  });

  test("the log names operation, outcome and fault", async () => {
    const { mock } = await testMock();
    ctl(mock, "POST", "/faults", { kind: "drop-before", operation_id: "listRfiCases" });
    await call(mock, "GET", `${C}/rfi-cases`);
    await call(mock, "GET", `${C}/rfi-cases`);
    await call(mock, "GET", `${C}/deposit_instructions`);
    expect(
      ctl(mock, "GET", "/requests").body.requests.map((r: Logged) => [r.operation_id, r.outcome, r.fault]),
    ).toEqual([
      ["listRfiCases", "drop", "drop-before"],
      ["listRfiCases", 200, undefined],
      ["getDefaultDepositInstruction", "prism", undefined],
    ]);
  });
});

describe("settings", () => {
  test("defaults are the documented ones", () => {
    const o = resolveOptions();
    expect(o.amountFields).toEqual(["pay_amount", "receive_amount"]);
    expect([
      o.controlPrefix,
      o.externalAccountListShape,
      o.hedgeStatus,
      o.rfiOrder,
      o.portfolioQuoteLifetimeSeconds,
    ]).toEqual(["/__mock", "list", 201, "fixture", 30]);
  });

  test.each([
    [{ amountFields: ["a", "a"] }, /amountFields/],
    [{ amountFields: ["from_asset", "b"] }, /amountFields/],
    [{ hedgeStatus: 200 }, /hedgeStatus/],
    [{ controlPrefix: "/v1/mock" }, /controlPrefix/],
    [{ successStatuses: { listRfiCases: 404 } }, /successStatuses/],
    [{ successStatuses: { getThing: 200 } }, /successStatuses/],
    [{ colour: "red" }, /colour: unknown setting/],
    [{ portfolioQuoteLifetimeSeconds: 0 }, /portfolioQuoteLifetimeSeconds/],
  ])("refuses %j, naming the setting", (given, message) => {
    expect(() => resolveOptions(given as never)).toThrow(StatefulOptionsError);
    expect(() => resolveOptions(given as never)).toThrow(message);
  });

  // Any JSON value for any setting is either taken or refused with an error naming that setting: never a TypeError,
  // never a value that later breaks the mock (a taken value is the one given).
  test("any value of any setting is taken as given or refused by name", () => {
    const names = Object.keys(DEFAULTS).filter((n) => n !== "now");
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.jsonValue(), (name, value) => {
        try {
          const o = resolveOptions({ [name]: value } as never);
          if (name !== "successStatuses") expect(o[name as keyof typeof o]).toEqual(value);
        } catch (err) {
          expect(err).toBeInstanceOf(StatefulOptionsError);
          expect((err as Error).message).toMatch(new RegExp(`^Stateful mock option ${name}: give `));
        }
      }),
      { numRuns: 1000 },
    );
  });

  const optionsFile = (text: string) => {
    const file = path.join(dir, "options.json");
    writeFileSync(file, text);
    return file;
  };

  test("an options file takes the same settings", () => {
    const file = optionsFile(
      JSON.stringify({
        amountFields: ["from_amount", "to_amount"],
        transactionIdPattern: "^tx-\\d+$",
        conversionIdPattern: null,
      }),
    );
    const o = resolveOptions(loadOptionsFile(file));
    expect(o.amountFields).toEqual(["from_amount", "to_amount"]);
    expect(o.transactionIdPattern!.test("tx-12")).toBe(true);
    expect(o.conversionIdPattern).toBeNull();
  });

  test("an options file's bad pattern is refused, naming it", () => {
    expect(() => loadOptionsFile(optionsFile(JSON.stringify({ transactionIdPattern: "(" })))).toThrow(
      /transactionIdPattern/,
    );
  });

  test("an options file not in JSON is refused", () => {
    expect(() => loadOptionsFile(optionsFile("{"))).toThrow(/options\.json/);
  });
});
