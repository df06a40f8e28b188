import type { IssuedQuote } from "../../../src/index.ts";
import { CUSTOMER } from "../helpers.ts";

/** A quote as createQuote returns it, valid for a minute from now. */
export const issuedQuote = (quoteId = "3f1c9a52-7b4e-4d2a-9c8f-1e2d3c4b5a69"): IssuedQuote => ({
  customerId: CUSTOMER,
  quoteId,
  quote: { quote_id: quoteId } as IssuedQuote["quote"],
  fromAsset: {},
  toAsset: {},
  amount: { field: "from_amount", value: "10" },
  receivedAt: new Date(),
  validUntil: new Date(Date.now() + 60_000),
  validitySource: "client-clock",
});
