// Idempotency-Key: made when missing, kept when given, never sent where the document has none.
import { expect, test } from "vitest";
import { createClient } from "../../src/index.ts";
import { bankAccount, CUSTOMER, HMAC, json, stubFetch } from "./helpers.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function setup() {
  const stub = stubFetch(json(201, { institution_name: "Bank" }));
  return {
    client: createClient({
      baseUrl: "https://svc.example",
      credentials: HMAC,
      portfolioToken: "pf",
      fetch: stub.fetch,
    }),
    sent: stub.sent,
  };
}

test("a new UUID v4 per call when the caller gives none", async () => {
  const { client, sent } = setup();
  for (let i = 0; i < 2; i++)
    await client.POST("/v1/customers/{customer_id}/external-accounts", {
      params: { path: { customer_id: CUSTOMER } },
      body: bankAccount,
    });
  const [a, b] = sent.map((s) => s.headers.get("Idempotency-Key"));
  expect(a).toMatch(UUID_V4);
  expect(b).toMatch(UUID_V4);
  expect(a).not.toBe(b);
});

test("the caller's key is used as given", async () => {
  const { client, sent } = setup();
  await client.POST("/v1/portfolios/{portfolio_id}/conversions/hedge", {
    params: { path: { portfolio_id: "pf-1" }, header: { "Idempotency-Key": "my-key-1" } },
    body: { quote_id: "q" },
  });
  await client.POST("/v1/portfolios/{portfolio_id}/conversions/hedge", {
    params: { path: { portfolio_id: "pf-1" } },
    headers: { "idempotency-key": "my-key-2" },
    body: { quote_id: "q" },
  });
  expect(sent.map((s) => s.headers.get("Idempotency-Key"))).toEqual(["my-key-1", "my-key-2"]);
});

test("the caller's params object is not changed", async () => {
  const { client } = setup();
  const params = { path: { customer_id: CUSTOMER } };
  await client.POST("/v1/customers/{customer_id}/external-accounts", { params, body: bankAccount });
  expect(params).toEqual({ path: { customer_id: CUSTOMER } });
});

test.each([
  ["POST", "/v1/customers/{customer_id}/conversions/quote"],
  ["POST", "/v1/customers/{customer_id}/conversions/hedge"],
  ["POST", "/v1/customers/{customer_id}/recipients"],
  ["POST", "/v1/portfolios/{portfolio_id}/conversions/quote"],
  ["GET", "/v1/customers/{customer_id}/external-accounts"],
])("no key on %s %s, which does not take one", async (method, path) => {
  const { client, sent } = setup();
  await (client.request as (...args: unknown[]) => Promise<unknown>)(method, path, {
    params: { path: { customer_id: CUSTOMER, portfolio_id: "pf-1" } },
    ...(method === "POST" ? { body: {} } : {}),
  });
  expect(sent[0]!.headers.has("Idempotency-Key")).toBe(false);
});
