// Execute Quote: any failure after sending is an unknown outcome. Once: once Execute Quote's headers arrived, a
// truncated or non-JSON 201 or a reset mid-body surfaced as a bare SyntaxError or "TypeError: terminated", though an
// order may exist. Every failure after the request was sent is now an OutcomeUnknownError.
import { afterAll, beforeAll, expect, test } from "vitest";
import { createClient, executeQuote, OutcomeUnknownError } from "../../../src/index.ts";
import { CUSTOMER, HMAC } from "../helpers.ts";
import { issuedQuote } from "./quote.ts";
import { hostileServer } from "./server.ts";

let server: Awaited<ReturnType<typeof hostileServer>>;

beforeAll(async () => {
  server = await hostileServer((req, res) => {
    const kind = req.headers["x-test"];
    if (kind === "truncated") {
      res.writeHead(201, { "Content-Type": "application/json", "Content-Length": "200" });
      res.write('{"transaction_id":"t');
      setTimeout(() => res.destroy(), 20);
    } else if (kind === "reset") {
      res.writeHead(201, { "Content-Type": "application/json" });
      res.write('{"transaction_id":');
      setTimeout(() => res.socket?.resetAndDestroy(), 20);
    } else if (kind === "html") {
      res.writeHead(201, { "Content-Type": "application/json" }).end("<html>proxy page</html>");
    } else {
      res
        .writeHead(201, { "Content-Type": "application/json" })
        .end('{"transaction_id":"t1","order_status":"PENDING"}');
    }
  });
});
afterAll(() => server.close());

const client = (kind: string) => createClient({ baseUrl: server.url, credentials: HMAC, headers: { "X-Test": kind } });
const execute = (kind: string) =>
  client(kind)
    .POST("/v1/customers/{customer_id}/conversions/hedge", {
      params: { path: { customer_id: CUSTOMER } },
      body: { quote_id: "q1" },
    })
    .catch((e: unknown) => e);

test.each(["truncated", "reset", "html"])("a %s 201 is an unknown outcome", async (kind) => {
  const error = await execute(kind);
  expect(error).toBeInstanceOf(OutcomeUnknownError);
  expect((error as OutcomeUnknownError).quoteId).toBe("q1");
  expect((error as Error).cause).toBeInstanceOf(Error);
});

test.each(["truncated", "reset", "html"])("executeQuote reports a %s 201 as unknown", async (kind) => {
  const result = await executeQuote(client(kind), issuedQuote(`quote-${kind}`));
  expect(result.outcome).toBe("unknown");
});

test("a whole JSON 201 is still created", async () => {
  const result = await executeQuote(client("ok"), issuedQuote("quote-ok"));
  expect(result.outcome).toBe("created");
});

test("Execute Quote is sent once", async () => {
  const before = server.received.length;
  await execute("reset");
  expect(server.received.length - before).toBe(1);
});
