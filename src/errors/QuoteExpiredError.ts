import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";

const NAME = "QuoteExpiredError";

/** Thrown by executeQuote, without sending, for a quote at or past its validity (less the safety margin). */
export class QuoteExpiredError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly quoteId: string;
  readonly validUntil: Date;
  readonly checkedAt: Date;

  constructor(quoteId: string, validUntil: Date, checkedAt: Date, marginMs: number) {
    super(
      `Quote ${quoteId} is valid until ${validUntil.toISOString()}; ` +
        `at ${checkedAt.toISOString()} with a ${marginMs} ms margin it is too late to execute. ` +
        "It was not sent; request a new quote.",
    );
    this.quoteId = quoteId;
    this.validUntil = validUntil;
    this.checkedAt = checkedAt;
  }
}

/** True for a QuoteExpiredError, also one made by another copy of the package. */
export const isQuoteExpiredError: (value: unknown) => value is QuoteExpiredError = /* @__PURE__ */ guardOf(NAME);
