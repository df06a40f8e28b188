import { createClient, createExternalAccount } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  credentials: { bearerToken: process.env.SANDBOX_TOKEN! },
});

// One Idempotency-Key per account, reused for every retry; after a 409 or no answer the account
// bound to it is read back.
const created = await createExternalAccount(client, {
  customerId: "c0ffee00-0000-4000-8000-000000000001",
  account: {
    network: "US_ACH",
    account_holder_name: "Acme Trading LLC",
    currency: "USD",
    country_code: "USA",
    account_number: "000123456789",
    institution_id: "021000021", // institution_name left out: the service resolves it
  },
});
console.log(created.status, created.idempotencyKey); // keep the key
