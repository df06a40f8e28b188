import { createClient, normalizeError } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  credentials: { bearerToken: process.env.SANDBOX_TOKEN! },
});

// The customer path prefix and any parameters are not shown in the reference.
const { data, error, response } = await client.GET("/all_deposit_instructions");
if (error !== undefined) throw normalizeError(error, response);
console.log(data);
