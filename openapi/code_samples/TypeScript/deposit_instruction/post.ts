import { createClient, normalizeError } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  credentials: { bearerToken: process.env.SANDBOX_TOKEN! },
});

// The request body is not shown in the reference: your contract's fields go in the object.
const { data, error, response } = await client.POST("/deposit_instruction", { body: {} });
if (error !== undefined) throw normalizeError(error, response);
console.log(data);
