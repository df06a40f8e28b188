import { clean } from "./clean.ts";
import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";
import { requestLabel } from "./request.ts";

const NAME = "RedirectError";

/**
 * Thrown when a request is answered with a redirect (3xx other than 304): the client never follows
 * one, since X-SVC-Date and the Idempotency-Key would go to the other address and a 301-303 turns a
 * POST into a GET whose answer is not the operation's. On Execute Quote it is the cause of an
 * OutcomeUnknownError instead.
 */
export class RedirectError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly status: number;
  /** The Location header as received, if any. */
  readonly location: string | undefined;

  constructor(method: string, url: string, status: number, location: string | null) {
    super(`${requestLabel(method, url)}: ${status} redirect to ${clean(location ?? "")} not followed`);
    this.status = status;
    this.location = location ?? undefined;
  }
}

/** True for a RedirectError, also one made by another copy of the package. */
export const isRedirectError: (value: unknown) => value is RedirectError = /* @__PURE__ */ guardOf(NAME);
