import { createClient, createQuote, executeQuote } from "financial-operations-api";

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
// Sent once, never retried; refused before sending when the quote is about to expire.
const executed = await executeQuote(client, quote);
if (executed.outcome === "created") console.log(executed.order.transaction_id, executed.order.order_status);
else if (executed.outcome === "refused") throw executed.error;
// "unknown" or "already-consumed": no new quote; find the order with resolveExecuteOutcome.
else console.log(executed.outcome, executed.record);
