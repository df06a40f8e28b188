import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";
import { requestLabel } from "./request.ts";

const NAME = "ResponseTooLargeError";

/**
 * Thrown when a response body (counted after decompression) is longer than the client's `maxResponseBytes`; the rest is
 * not read.
 */
export class ResponseTooLargeError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly limit: number;

  constructor(method: string, url: string, limit: number) {
    super(`${requestLabel(method, url)}: response over ${limit} bytes`);
    this.limit = limit;
  }
}

/** True for a ResponseTooLargeError, also one made by another copy of the package. */
export const isResponseTooLargeError: (value: unknown) => value is ResponseTooLargeError =
  /* @__PURE__ */ guardOf(NAME);
