import { createClient, normalizeError } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  credentials: { bearerToken: process.env.SANDBOX_TOKEN! },
});

// With idempotency_key: the account bound to that key (leave it out to list them all).
const result = await client.GET("/v1/customers/{customer_id}/external-accounts", {
  params: {
    path: { customer_id: "c0ffee00-0000-4000-8000-000000000001" },
    query: { idempotency_key: "0f8e2a51-6c3d-4b7e-9a12-5d4c3b2a1f09" },
  },
});
if (result.error !== undefined) throw normalizeError(result); // the message names the method and URL
const { data } = result;
console.log(data);
