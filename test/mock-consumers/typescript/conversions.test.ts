// A quote, its execution, the same quote executed again, and a read through a fault, against the mock.
import {
  createClient,
  createQuote,
  executeQuote,
  isQuoteAlreadyExecutedError,
  normalizeError,
} from "financial-operations-api";
import { mockControl } from "financial-operations-api-mock";
import { beforeEach, expect, inject, test } from "vitest";

const mock = inject("mock");
// The mock's control calls (its own, not the API's): reset, the clock, faults, the request log.
const control = mockControl(mock);
const customerId = "c0ffee00-0000-4000-8000-000000000001";
const client = createClient({
  baseUrl: mock.url,
  credentials: { accessKey: mock.accessKey, secretKey: mock.secretKey },
});

// Each test starts from the mock as it started: no quotes, faults or log from the test before.
beforeEach(() => control.reset());

test("a quote executes once; executing it again is 409 00000006", async () => {
  const quote = await createQuote(client, {
    customerId,
    from_asset: { asset: "USDC" },
    to_asset: { asset: "EUR" },
    amountFields: ["pay_amount", "receive_amount"],
    amount: { pay_amount: "100" },
  });
  const executed = await executeQuote(client, quote);
  expect(executed.outcome).toBe("created");

  // This client never sends a quote twice...
  await expect(executeQuote(client, quote)).rejects.toSatisfy(isQuoteAlreadyExecutedError);
  // ...and the service refuses it from anyone else.
  const again = await client.POST("/v1/customers/{customer_id}/conversions/hedge", {
    params: { path: { customer_id: customerId } },
    body: { quote_id: quote.quoteId },
  });
  expect(again.response.status).toBe(409);
  expect(normalizeError(again).code).toBe("00000006");
});

test("a 503 on a read is retried to a 200", async () => {
  await control.addFault({ kind: "status", status: 503, operation_id: "listRfiCases" });
  const cases = await client.GET("/v1/customers/{customer_id}/rfi-cases", {
    params: { path: { customer_id: customerId } },
  });
  expect(cases.response.status).toBe(200);
  const reads = (await control.requests()).filter((r) => r.operation_id === "listRfiCases");
  expect(reads.map((r) => r.outcome)).toEqual([503, 200]);
});
