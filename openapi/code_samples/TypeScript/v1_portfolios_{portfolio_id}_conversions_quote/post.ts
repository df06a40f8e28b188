import { createClient, normalizeError } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  portfolioToken: process.env.PORTFOLIO_TOKEN!,
});

// Amount field names are not shown in the reference: add exactly one amount from your contract.
const result = await client.POST("/v1/portfolios/{portfolio_id}/conversions/quote", {
  params: { path: { portfolio_id: "pf-1" } },
  body: { from_asset: { asset: "USDC" }, to_asset: { asset: "EUR" } },
});
if (result.error !== undefined) throw normalizeError(result); // the message names the method and URL
const { data } = result;
console.log(data.quote_id, "valid until", data.valid_until);
