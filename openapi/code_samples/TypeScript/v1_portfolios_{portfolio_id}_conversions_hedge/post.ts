import { createClient, normalizeError } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  portfolioToken: process.env.PORTFOLIO_TOKEN!,
});

// The client adds an Idempotency-Key (UUID v4) and reuses it for its own retries; kept 24 hours.
const result = await client.POST("/v1/portfolios/{portfolio_id}/conversions/hedge", {
  params: { path: { portfolio_id: "pf-1" } },
  body: { quote_id: "6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d" },
});
if (result.error !== undefined) throw normalizeError(result); // the message names the method and URL
const { data, response } = result;
console.log(response.status === 202 ? "accepted, runs asynchronously" : "hedged", data);
