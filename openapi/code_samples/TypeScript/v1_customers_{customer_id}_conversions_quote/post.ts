import { createClient, createQuote } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  credentials: { bearerToken: process.env.SANDBOX_TOKEN! },
});

const quote = await createQuote(client, {
  customerId: "c0ffee00-0000-4000-8000-000000000001",
  from_asset: {}, // fields not shown in the reference: from your contract
  to_asset: {},
  amountFields: ["pay_amount", "receive_amount"], // placeholders: your contract's two amount field names
  amount: { pay_amount: "1000.00" }, // exactly one of the two
});
console.log(quote.quoteId, "valid until", quote.validUntil.toISOString());
