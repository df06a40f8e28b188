// Which operations need special care, by method and path template: read from the document at build time
// (generated/operations.ts, written by scripts/operations.mjs).
import { executeOperations as execute, idempotencyKeyOperations as keyed } from "../../generated/operations.ts";

/** Operations whose parameters include an Idempotency-Key header (not inferred from the method). */
export const idempotencyKeyOperations: ReadonlySet<string> = new Set(keyed);

/** Execute Quote (customer-scoped hedge): never retried; no answer means the outcome is unknown. */
export const executeOperations: ReadonlySet<string> = new Set(execute);

/** Portfolio operations authenticate with the portfolio bearer token. */
export const isPortfolioPath = (template: string) => template.startsWith("/v1/portfolios/");
