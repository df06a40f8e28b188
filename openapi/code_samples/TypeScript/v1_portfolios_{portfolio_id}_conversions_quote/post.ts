import { createClient, normalizeError } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  portfolioToken: process.env.PORTFOLIO_TOKEN!,
});

// Exactly one amount (both or neither is refused with 400). Its field name is not shown in the reference:
// `pay_amount` is a placeholder, put your contract's name in its place.
const result = await client.POST("/v1/portfolios/{portfolio_id}/conversions/quote", {
  params: { path: { portfolio_id: "pf-1" } },
  body: { from_asset: { asset: "USDC" }, to_asset: { asset: "EUR" }, pay_amount: "1000.00" },
});
if (result.error !== undefined) throw normalizeError(result); // the message names the method and URL
const { data } = result;
console.log(data.quote_id, "valid until", data.valid_until);
