import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";

const NAME = "ExternalAccountNotRecoveredError";

/**
 * Thrown by createExternalAccount when a 409 or an unknown outcome was followed by a failed read of
 * the account bound to the key. Keep `idempotencyKey`: it is how the account is found later.
 */
export class ExternalAccountNotRecoveredError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly idempotencyKey: string;
  /** What made the helper look the key up. */
  readonly after: "conflict" | "unknown-outcome";

  constructor(idempotencyKey: string, after: "conflict" | "unknown-outcome", cause: unknown) {
    super(
      `External account creation ${after === "conflict" ? "answered 409" : "has an unknown outcome"} ` +
        `and the account bound to Idempotency-Key ${idempotencyKey} could not be read; ` +
        "read it later with the idempotency_key query, never with a new key.",
      { cause },
    );
    this.idempotencyKey = idempotencyKey;
    this.after = after;
  }
}

/** True for an ExternalAccountNotRecoveredError, also one made by another copy of the package. */
export const isExternalAccountNotRecoveredError: (value: unknown) => value is ExternalAccountNotRecoveredError =
  /* @__PURE__ */ guardOf(NAME);
