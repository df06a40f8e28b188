import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";

const NAME = "InvalidQuoteRequestError";

/** What is wrong with a quote request before it is sent. */
export type InvalidQuoteRequestReason =
  | "no-amount"
  | "both-amounts"
  | "bad-amount-fields"
  | "bad-amount-value"
  | "bad-asset";

/** Thrown by createQuote, before any request: the reference refuses both or neither amount (00000001). */
export class InvalidQuoteRequestError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly reason: InvalidQuoteRequestReason;

  constructor(reason: InvalidQuoteRequestReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** True for an InvalidQuoteRequestError, also one made by another copy of the package. */
export const isInvalidQuoteRequestError: (value: unknown) => value is InvalidQuoteRequestError =
  /* @__PURE__ */ guardOf(NAME);
