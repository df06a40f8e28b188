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
      `[${method}] "${url}": outcome unknown for quote ${record.quoteId} of customer ${record.customerId} sent at ${record.requestTime.toISOString()}: ` +
        "do not execute a replacement quote; list CONVERSION transactions around that time and compare quote_id with Get Conversion.",
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
