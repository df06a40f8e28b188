import { createClient, normalizeError } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  credentials: { bearerToken: process.env.SANDBOX_TOKEN! },
});

// The request body is not shown in the reference: the planned withdrawal of your contract goes here.
const result = await client.POST("/v1/customers/{customer_id}/transaction/requirement", {
  params: { path: { customer_id: "c0ffee00-0000-4000-8000-000000000001" } },
  body: {},
});
if (result.error !== undefined) throw normalizeError(result); // the message names the method and URL
const { data } = result;
console.log(data);
