import { isNamedError } from "./isNamedError.ts";

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
export class OutcomeUnknownError extends Error implements ExecutionRecord {
  override readonly name = NAME;
  readonly customerId: string | undefined;
  readonly quoteId: string | undefined;
  readonly requestTime: Date;
  readonly traceId: string | undefined;

  constructor(method: string, url: string, record: ExecutionRecord, cause: unknown) {
    super(
      `[${method}] "${url}": outcome unknown (quote ${record.quoteId}, customer ${record.customerId}, sent ${record.requestTime.toISOString()}); find the order before any new quote`,
      { cause },
    );
    this.customerId = record.customerId;
    this.quoteId = record.quoteId;
    this.requestTime = record.requestTime;
    this.traceId = record.traceId;
  }
}

/** True for an OutcomeUnknownError, also one made in another realm. */
export const isOutcomeUnknownError = (value: unknown): value is OutcomeUnknownError => isNamedError(value, OutcomeUnknownError, NAME);
