// fo-sign proxy in front of the mock's signature front in production auth, with the stateful mode and its default
// replay rule (a signature seen twice is refused): signed requests are accepted, and the documented answers come
// back, the second execute of one quote (sent within the same second) included.
import { afterAll, beforeAll, expect, test } from "vitest";
import { type RunningFront, startFront } from "../../src/mock/front.ts";
import { statefulFrontOptions } from "../../src/mock/stateful/http.ts";
import { createStatefulMock } from "../../src/mock/stateful/index.ts";
import { type PrismInProcess, prismInProcess } from "../mock/prismInProcess.ts";
import { keyStore, proxyFor } from "./support.ts";

const CUSTOMER = "c0ffee00-0000-4000-8000-000000000001";
let prism: PrismInProcess;
let front: RunningFront;
let proxy: Awaited<ReturnType<typeof proxyFor>>;

beforeAll(async () => {
  const stateful = await createStatefulMock({ control: true });
  prism = await prismInProcess();
  front = await startFront({
    prism: prism.mocker,
    auth: "production",
    keys: keyStore(),
    ...statefulFrontOptions(stateful),
  });
  proxy = await proxyFor(front.url);
});
afterAll(async () => {
  await proxy?.close();
  await front?.close();
  await prism?.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${proxy.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

test("quote, execute, execute again, read: each answer the reference gives, none refused as unsigned or replayed", async () => {
  const quote = await post(`/v1/customers/${CUSTOMER}/conversions/quote`, {
    from_asset: {},
    to_asset: {},
    pay_amount: "5",
  });
  expect(quote.status).toBe(201);
  const { quote_id } = (await quote.json()) as { quote_id: string };
  const [first, second] = await Promise.all([
    post(`/v1/customers/${CUSTOMER}/conversions/hedge`, { quote_id }),
    post(`/v1/customers/${CUSTOMER}/conversions/hedge`, { quote_id }),
  ]);
  expect([first.status, second.status].sort()).toEqual([201, 409]);
  const refused = (await (first.status === 409 ? first : second).json()) as { code: string };
  expect(refused.code).toBe("00000006");
  const order = (await (first.status === 201 ? first : second).json()) as { transaction_id: string };
  const read = await fetch(
    `${proxy.url}/v1/customers/${CUSTOMER}/conversions/order?transaction_id=${order.transaction_id}`,
  );
  expect(read.status).toBe(200);
  expect(((await read.json()) as { quote_id: string }).quote_id).toBe(quote_id);
});

test("a portfolio route keeps the caller's bearer token; without one the mock refuses it, not the proxy", async () => {
  const body = { from_asset: { asset: "USDC" }, to_asset: { asset: "EUR" }, pay_amount: "1" };
  const withToken = await post("/v1/portfolios/pf-1/conversions/quote", body, {
    Authorization: "Bearer portfolio-token",
  });
  expect(withToken.status).toBe(200);
  const without = await post("/v1/portfolios/pf-1/conversions/quote", body);
  expect(without.status).toBe(401);
  expect(((await without.json()) as { error: { code: string } }).error.code).toBe("AUTHENTICATION_FAILED");
});
