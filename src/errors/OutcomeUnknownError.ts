import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";
import { requestLabel } from "./request.ts";

const NAME = "OutcomeUnknownError";

export interface ExecutionRecord {
  customerId: string | undefined;
  quoteId: string | undefined;
  /** When the execute request was sent (the signing time). */
  requestTime: Date;
  traceId: string | undefined;
}

/**
 * Thrown when Execute Quote got no answer (network error or timeout): an order may or may not exist.
 * Never retried: find the order as the reference says before any replacement quote.
 */
export class OutcomeUnknownError extends FinancialOperationsError implements ExecutionRecord {
  override readonly name = NAME;
  declare readonly customerId: string | undefined;
  declare readonly quoteId: string | undefined;
  declare readonly requestTime: Date;
  declare readonly traceId: string | undefined;

  constructor(method: string, url: string, record: ExecutionRecord, cause: unknown) {
    super(
      `${requestLabel(method, url)}: outcome unknown (quote ${record.quoteId}, customer ${record.customerId}, ` +
        `sent ${record.requestTime.toISOString()}); find the order before any new quote`,
      { cause },
    );
    Object.assign(this, record);
  }
}

/** True for an OutcomeUnknownError, also one made by another copy of the package. */
export const isOutcomeUnknownError: (value: unknown) => value is OutcomeUnknownError = /* @__PURE__ */ guardOf(NAME);
