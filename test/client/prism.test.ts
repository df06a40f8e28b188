// The client against the Prism mock of the bundled document: a read, a JSON POST and an upload.
import { afterAll, beforeAll, expect, test } from "vitest";
import { createClient, normalizeError } from "../../src/index.ts";
import { type RunningServer, startPrism } from "../helpers/prism.ts";
import { bankAccount, CUSTOMER, HMAC } from "./helpers.ts";

let prism: RunningServer;
beforeAll(async () => {
  prism = await startPrism();
});
afterAll(async () => {
  await prism?.stop();
});

const sandbox = () =>
  createClient({
    baseUrl: prism.url,
    credentials: { bearerToken: "sandbox-token" },
    portfolioToken: "pf-token",
    retry: false,
  });

test("a read answers the documented list", async () => {
  const { data, error, response } = await sandbox().GET("/v1/customers/{customer_id}/rfi-cases", {
    params: {
      path: { customer_id: CUSTOMER },
      query: { rfi_status: ["ACTION_REQUIRED", "PENDING_REVIEW"], page: 1, size: 10 },
    },
  });
  expect(error, response.headers.get("sl-violations") ?? "").toBeUndefined();
  expect(response.status).toBe(200);
  expect(Array.isArray(data!.list)).toBe(true);
  expect(typeof data!.total).toBe("number");
});

test("a signed read is accepted as production auth", async () => {
  const client = createClient({ baseUrl: prism.url, credentials: HMAC, retry: false });
  const { response } = await client.GET("/v1/customers/{customer_id}/conversions/order", {
    params: { path: { customer_id: CUSTOMER }, query: { transaction_id: "8d7c6b5a" } },
  });
  expect(response.status).toBe(200);
});

test("a keyed POST creates an account", async () => {
  const { data, error, response } = await sandbox().POST("/v1/customers/{customer_id}/external-accounts", {
    params: { path: { customer_id: CUSTOMER } },
    body: bankAccount,
  });
  expect(error, response.headers.get("sl-violations") ?? "").toBeUndefined();
  expect(response.status).toBeGreaterThanOrEqual(200);
  expect(response.status).toBeLessThan(300);
  expect(typeof data!.institution_name).toBe("string");
});

test("an upload sends raw bytes, typed", async () => {
  const { error, response } = await sandbox().PUT(
    "/v2/accounts/{main_account_id}/businesses/{sub_account_id}/documents/{document_type}",
    {
      params: {
        path: { main_account_id: "acc-main-1", sub_account_id: "sub-1", document_type: "MEMORANDUM_OF_ASSOCIATION" },
        header: { "Content-Disposition": 'attachment; filename="memorandum.pdf"' },
      },
      headers: { "Content-Type": "application/pdf" },
      body: new TextEncoder().encode("%PDF-1.7 sample"),
    },
  );
  expect(error, response.headers.get("sl-violations") ?? "").toBeUndefined();
  expect(response.ok).toBe(true);
});

test("a documented error normalizes", async () => {
  const result = await sandbox().POST("/v1/portfolios/{portfolio_id}/conversions/hedge", {
    params: { path: { portfolio_id: "pf-1" } },
    headers: { Prefer: "code=409" },
    body: { quote_id: "6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d" },
  });
  expect(result.response.status).toBe(409);
  const e = normalizeError(result);
  expect(e.envelope).toBe("portfolio");
  expect(["QUOTE_EXPIRED", "QUOTE_ALREADY_HEDGED"]).toContain(e.code);
  expect(e.message).toMatch(/^\[POST\] "http:\/\/127\.0\.0\.1:\d+\/v1\/portfolios\/pf-1\/conversions\/hedge": 409/);
});
