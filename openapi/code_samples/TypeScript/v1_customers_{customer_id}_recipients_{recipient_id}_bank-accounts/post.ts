import { createClient, normalizeError } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  credentials: { bearerToken: process.env.SANDBOX_TOKEN! },
});

const result = await client.POST("/v1/customers/{customer_id}/recipients/{recipient_id}/bank-accounts", {
  params: {
    path: {
      customer_id: "c0ffee00-0000-4000-8000-000000000001",
      recipient_id: "4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8",
    },
  },
  body: {
    network: "US_FEDWIRE",
    account_holder_name: "Jane Doe",
    currency: "USD",
    country_code: "USA",
    account_number: "000987654321",
    institution_id: "026009593", // institution_name is optional
  },
});
if (result.error !== undefined) throw normalizeError(result); // the message names the method and URL
const { data } = result;
console.log(data);
