// What startMock() gives a test suite: with no options the mock as the API behaves in production (stateful, production
// auth, the control API, fresh keys and token), and a handle with the control calls a test makes between tests
// (reset, the clock, a fault, the request log) and `await using`. The same contract as Python's start_mock and Go's
// fomock (their own tests).
import { expect, expectTypeOf, test } from "vitest";
import { MockControlError, type RunningMock, startMock } from "../../src/mock/index.ts";
import { operations } from "../fixtures/operations.ts";
import { send, sign, wireOf } from "./support.ts";

// A quote the stateful mode makes (its amount field is the mock's setting, docs/stateful-mock.md); each amount a body
// of its own, so no two requests carry one signature (the mock refuses a replayed one).
const quoteOf = (amount: number) => ({
  ...wireOf(operations.find((o) => o.operationId === "createQuote")!),
  body: JSON.stringify({ from_asset: { asset: "USDC" }, to_asset: { asset: "EUR" }, pay_amount: String(amount) }),
});
const quote = quoteOf(100);

test("with no options: stateful, production auth, the control API behind a fresh token, fresh keys", async () => {
  await using mock = await startMock();
  expectTypeOf(mock.accessKey).toEqualTypeOf<string>();
  expectTypeOf(mock.controlToken).toEqualTypeOf<string>();
  expect(mock.ready.stateful).toMatchObject({ control: "token" });
  expect(mock.ready).toMatchObject({ replay: "reject", keys: 1 });
  expect(mock.accessKey).toMatch(/^mock-/);
  expect(mock.controlToken).toMatch(/^[0-9a-f]{64}$/);
  // Unsigned: refused. Signed with the handle's keys: the stateful mode answers.
  expect((await send(mock.url, quote)).status).toBe(401);
  expect((await send(mock.url, sign(quote, mock))).status).toBe(201);
  expect((await fetch(`${mock.url}/__mock/requests`)).status).toBe(401);
});

test("the control calls: a fault, the log, the clock, and a reset that forgets them all", async () => {
  await using mock = await startMock();
  const fault = await mock.addFault({ kind: "status", status: 503, operation_id: "createQuote" });
  expect(fault).toMatchObject({ kind: "status", status: 503, remaining: 1 });
  expect((await send(mock.url, sign(quote, mock))).status).toBe(503);
  const before = Date.parse(await mock.advanceClock(0));
  expect(Date.parse(await mock.advanceClock(3600)) - before).toBeGreaterThanOrEqual(3_600_000);
  expect((await mock.requests()).map((r) => [r.operation_id, r.outcome])).toEqual([["createQuote", 503]]);

  await mock.reset();
  expect(await mock.requests()).toEqual([]);
  expect(Date.parse(await mock.advanceClock(0)) - before).toBeLessThan(3_600_000);
  // The fault went with the reset.
  expect((await send(mock.url, sign(quoteOf(101), mock))).status).toBe(201);
});

test("a refused control call says why; without state there is no control API", async () => {
  await using mock = await startMock();
  await expect(mock.advanceClock(-1)).rejects.toThrow(/POST \/__mock\/clock: 400 Send \{ "advance_seconds"/);
  await using stateless = await startMock({ stateful: false });
  expectTypeOf(stateless.accessKey).toEqualTypeOf<string>();
  expect(stateless.controlToken).toBeUndefined();
  await expect(stateless.reset()).rejects.toThrow(MockControlError);
  await expect(stateless.requests()).rejects.toThrow(/control API is off/);
});

test("`await using` stops the mock at the end of the block, and frees its port", async () => {
  let port = 0;
  let pid = 0;
  {
    await using mock = await startMock({ auth: "sandbox" });
    expectTypeOf(mock).toEqualTypeOf<RunningMock>();
    ({ port, pid } = mock);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
  }
  expect(() => process.kill(pid, 0)).toThrow();
  await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
});
