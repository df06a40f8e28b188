import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";

const NAME = "ServerSideOnlyError";

/** Thrown when HMAC signing is attempted in a browser page: the reference allows it on servers only. */
export class ServerSideOnlyError extends FinancialOperationsError {
  override readonly name = NAME;
}

/** True for a ServerSideOnlyError, also one made by another copy of the package. */
export const isServerSideOnlyError: (value: unknown) => value is ServerSideOnlyError = /* @__PURE__ */ guardOf(NAME);
