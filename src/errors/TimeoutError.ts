import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";
import { requestLabel } from "./request.ts";

const NAME = "TimeoutError";

/** Thrown when an attempt got no response within the client's `timeout`, once no retry is left. */
export class TimeoutError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly timeout: number;

  constructor(method: string, url: string, timeout: number) {
    super(`${requestLabel(method, url)}: no response within ${timeout} ms`);
    this.timeout = timeout;
  }
}

/** True for a TimeoutError of this client, also one made by another copy of the package. */
export const isTimeoutError: (value: unknown) => value is TimeoutError = /* @__PURE__ */ guardOf(NAME);
