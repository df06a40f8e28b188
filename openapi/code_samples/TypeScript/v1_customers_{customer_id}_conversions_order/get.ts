import { createClient, normalizeError } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  credentials: { bearerToken: process.env.SANDBOX_TOKEN! },
});

const result = await client.GET("/v1/customers/{customer_id}/conversions/order", {
  params: {
    path: { customer_id: "c0ffee00-0000-4000-8000-000000000001" },
    query: { transaction_id: "8d7c6b5a-4f3e-4d2c-8b1a-0f9e8d7c6b5a" },
  },
});
if (result.error !== undefined) throw normalizeError(result); // the message names the method and URL
const { data } = result;
console.log("executed quote", data.quote_id);
