import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";

const NAME = "QuoteAlreadyExecutedError";

/**
 * Thrown by executeQuote, without sending, when the same client already sent this quote id to Execute Quote: a quote is
 * executed at most once.
 */
export class QuoteAlreadyExecutedError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly quoteId: string;

  constructor(quoteId: string) {
    super(
      `Quote ${quoteId} was already sent to Execute Quote; it is never sent twice. Resolve the first outcome instead.`,
    );
    this.quoteId = quoteId;
  }
}

/** True for a QuoteAlreadyExecutedError, also one made by another copy of the package. */
export const isQuoteAlreadyExecutedError: (value: unknown) => value is QuoteAlreadyExecutedError =
  /* @__PURE__ */ guardOf(NAME);
