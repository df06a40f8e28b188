import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";
import { requestLabel } from "./request.ts";

const NAME = "RefusedRequestError";

/** Why the signing fetch refused a request; nothing was sent in any case. */
export type RefusedRequestReason =
  | "invalid-url"
  | "other-origin"
  | "outside-base-path"
  | "credentials-in-url"
  | "body-used"
  | "body-not-allowed"
  | "invalid-header";

/**
 * Thrown by the signing fetch before anything is sent, for a request it must not sign: another origin or a
 * path outside the base path (the credentials would go elsewhere), a URL with a user name or password, a body
 * already read, a GET or HEAD with a body, a header fetch cannot send. The message names an origin at most,
 * never a path, query or header value, which may hold secrets.
 */
export class RefusedRequestError extends FinancialOperationsError {
  override readonly name = NAME;
  readonly reason: RefusedRequestReason;

  /** `origin` is the only part of the URL the message shows; `what` says what happened and what to do. */
  constructor(reason: RefusedRequestReason, method: string, origin: string | undefined, what: string) {
    super(`${requestLabel(method, origin)}: ${what}`);
    this.reason = reason;
  }
}

/** True for a RefusedRequestError, also one made by another copy of the package. */
export const isRefusedRequestError: (value: unknown) => value is RefusedRequestError = /* @__PURE__ */ guardOf(NAME);
