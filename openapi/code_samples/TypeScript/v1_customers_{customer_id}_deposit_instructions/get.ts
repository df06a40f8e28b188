import { createClient, normalizeError } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  credentials: { bearerToken: process.env.SANDBOX_TOKEN! },
});

// The names of the asset and network query parameters are not shown in the reference.
const result = await client.GET("/v1/customers/{customer_id}/deposit_instructions", {
  params: { path: { customer_id: "c0ffee00-0000-4000-8000-000000000001" } },
});
if (result.error !== undefined) throw normalizeError(result); // the message names the method and URL
const { data } = result;
console.log(data);
