import { createClient, normalizeError } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  credentials: { bearerToken: process.env.SANDBOX_TOKEN! },
});

// Recipient fields other than bank_accounts are not shown in the reference.
const result = await client.POST("/v1/customers/{customer_id}/recipients", {
  params: { path: { customer_id: "c0ffee00-0000-4000-8000-000000000001" } },
  body: {
    bank_accounts: [
      {
        network: "US_ACH",
        account_holder_name: "Jane Doe",
        currency: "USD",
        country_code: "USA",
        account_number: "000555000111",
        institution_id: "011000015",
      },
    ],
  },
});
if (result.error !== undefined) throw normalizeError(result); // the message names the method and URL
const { data } = result;
console.log(data);
