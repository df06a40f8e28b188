// A quote, its execution and the same quote executed again, against the mock.
const { createClient, createQuote, executeQuote, normalizeError } = require("financial-operations-api");

const customerId = "c0ffee00-0000-4000-8000-000000000001";
const client = createClient({
  baseUrl: process.env.FO_MOCK_URL,
  credentials: { accessKey: process.env.FO_ACCESS_KEY, secretKey: process.env.FO_SECRET_KEY },
});

test("a quote executes once; executing it again is 409 00000006", async () => {
  const quote = await createQuote(client, {
    customerId,
    from_asset: { asset: "USDC" },
    to_asset: { asset: "EUR" },
    amountFields: ["pay_amount", "receive_amount"],
    amount: { pay_amount: "100" },
  });
  expect((await executeQuote(client, quote)).outcome).toBe("created");
  const again = await client.POST("/v1/customers/{customer_id}/conversions/hedge", {
    params: { path: { customer_id: customerId } },
    body: { quote_id: quote.quoteId },
  });
  expect(again.response.status).toBe(409);
  expect(normalizeError(again).code).toBe("00000006");
});
