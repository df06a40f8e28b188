import { createClient, normalizeError } from "financial-operations-api";

const client = createClient({
  baseUrl: process.env.BASE_URL ?? "http://127.0.0.1:4010",
  portfolioToken: process.env.PORTFOLIO_TOKEN!,
});

const result = await client.GET("/v1/portfolios/{portfolio_id}/conversions/hedge", {
  params: { path: { portfolio_id: "pf-1" }, query: { conversion_id: "conv-1" } },
});
if (result.error !== undefined) throw normalizeError(result); // the message names the method and URL
const { data } = result;
console.log(data);
