import { createClient, normalizeError } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  credentials: { bearerToken: process.env.SANDBOX_TOKEN! },
});

const result = await client.GET("/v2/accounts/{main_account_id}/businesses", {
  params: { path: { main_account_id: "acc-main-1" } },
});
if (result.error !== undefined) throw normalizeError(result); // the message names the method and URL
const { data } = result;
console.log(data);
