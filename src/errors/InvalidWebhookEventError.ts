import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";

const NAME = "InvalidWebhookEventError";

export type InvalidWebhookEventReason = "unknown-name" | "not-json" | "not-an-object";

/**
 * Thrown by parseWebhookEvent for a name outside the documented set (and the caller's RFI name), or a body that is not
 * a JSON object.
 */
export class InvalidWebhookEventError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly reason: InvalidWebhookEventReason;

  constructor(reason: InvalidWebhookEventReason, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.reason = reason;
  }
}

/** True for an InvalidWebhookEventError, also one made by another copy of the package. */
export const isInvalidWebhookEventError: (value: unknown) => value is InvalidWebhookEventError =
  /* @__PURE__ */ guardOf(NAME);
