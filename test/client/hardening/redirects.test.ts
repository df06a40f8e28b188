// Redirects are never followed by signed requests. Once: signed requests followed redirects. A 301-303 on Execute
// Quote became a GET to another origin whose body came back as "created"; a 307/308 failed with "detached
// ArrayBuffer". The client now never follows one: RedirectError, and on Execute Quote OutcomeUnknownError.
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  createClient,
  executeQuote,
  isOutcomeUnknownError,
  OutcomeUnknownError,
  RedirectError,
} from "../../../src/index.ts";
import { CUSTOMER, HMAC } from "../helpers.ts";
import { issuedQuote } from "./quote.ts";
import { hostileServer } from "./server.ts";

let elsewhere: Awaited<ReturnType<typeof hostileServer>>;
let server: Awaited<ReturnType<typeof hostileServer>>;
let status = 302;

beforeAll(async () => {
  elsewhere = await hostileServer((_req, res) =>
    res
      .writeHead(201, { "Content-Type": "application/json" })
      .end('{"transaction_id":"from-another-origin","order_status":"PENDING"}'),
  );
  server = await hostileServer((req, res) =>
    res.writeHead(status, { Location: `${elsewhere.url}/steal${req.url}` }).end(),
  );
});
afterAll(() => Promise.all([server.close(), elsewhere.close()]));

const client = () => createClient({ baseUrl: server.url, credentials: HMAC, timeout: 5_000 });

test.each([301, 302, 303, 307, 308])("%i on Execute Quote is an unknown outcome", async (code) => {
  status = code;
  const error = await client()
    .POST("/v1/customers/{customer_id}/conversions/hedge", {
      params: { path: { customer_id: CUSTOMER } },
      body: { quote_id: "q1" },
    })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(OutcomeUnknownError);
  expect((error as Error).cause).toBeInstanceOf(RedirectError);
  expect(((error as Error).cause as RedirectError).status).toBe(code);
  expect(elsewhere.received).toHaveLength(0);
});

test("executeQuote reports a redirect as unknown", async () => {
  status = 302;
  const result = await executeQuote(client(), issuedQuote());
  expect(result.outcome).toBe("unknown");
  expect(isOutcomeUnknownError((result as { cause: unknown }).cause)).toBe(true);
  expect(elsewhere.received).toHaveLength(0);
});

test("a 301 to a read is a RedirectError", async () => {
  status = 301;
  const before = server.received.length;
  const error = await client()
    .GET("/v1/customers/{customer_id}/rfi-cases", { params: { path: { customer_id: CUSTOMER } } })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RedirectError);
  expect((error as RedirectError).location).toBe(`${elsewhere.url}/steal/v1/customers/${CUSTOMER}/rfi-cases`);
  expect((error as Error).message).toMatch(/301 redirect to .* not followed/);
  expect(server.received.length - before).toBe(1);
  expect(elsewhere.received).toHaveLength(0);
});

test.each([307, 308])("a %i to an upload is a RedirectError", async (code) => {
  status = code;
  const error = await client()
    .PUT("/v2/accounts/{main_account_id}/individuals/{sub_account_id}/documents/{document_type}", {
      params: {
        path: { main_account_id: "m", sub_account_id: "s", document_type: "PASSPORT" },
        header: { "Content-Disposition": 'attachment; filename="a.pdf"' },
      },
      headers: { "Content-Type": "application/pdf" },
      body: new Uint8Array([37, 80, 68, 70]),
    })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RedirectError);
  expect(elsewhere.received).toHaveLength(0);
});
