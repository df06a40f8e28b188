/**
 * Generated from openapi/ by `npm run build`. Do not edit by hand: change openapi/ and rebuild.
 * Written by scripts/operations.mjs from generated/openapi.json.
 */

/** Operations whose parameters include an Idempotency-Key header, as `METHOD /path`. */
export const idempotencyKeyOperations: readonly string[] = [
  "POST /v1/customers/{customer_id}/external-accounts",
  "POST /v1/portfolios/{portfolio_id}/conversions/hedge",
];

/** Execute operations of conversions (executeQuote), as `METHOD /path`. */
export const executeOperations: readonly string[] = [
  "POST /v1/customers/{customer_id}/conversions/hedge",
];
