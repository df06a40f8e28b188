import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";

const NAME = "InvalidIdempotencyKeyError";

/**
 * Thrown by createExternalAccount, before any request, for a caller's key that is not a UUID v4 (the service answers
 * 400).
 */
export class InvalidIdempotencyKeyError extends FinancialOperationsError {
  override readonly name = NAME;

  constructor(key: string) {
    super(`Idempotency-Key ${JSON.stringify(key)} is not a UUID v4; leave it out to have one made.`);
  }
}

/** True for an InvalidIdempotencyKeyError, also one made by another copy of the package. */
export const isInvalidIdempotencyKeyError: (value: unknown) => value is InvalidIdempotencyKeyError =
  /* @__PURE__ */ guardOf(NAME);
