// Which operations need special care, by method and path template. test/client/operations.test.ts
// checks these against the document, so a new idempotent operation cannot be missed.

/** Operations whose parameters include an Idempotency-Key header (not inferred from the method). */
export const idempotencyKeyOperations: ReadonlySet<string> = new Set([
  "POST /v1/customers/{customer_id}/external-accounts",
  "POST /v1/portfolios/{portfolio_id}/conversions/hedge",
]);

/** Execute Quote (customer-scoped hedge): never retried; no answer means the outcome is unknown. */
export const executeQuote = "POST /v1/customers/{customer_id}/conversions/hedge";

/** Portfolio operations authenticate with the portfolio bearer token. */
export const isPortfolioPath = (template: string) => template.startsWith("/v1/portfolios/");
