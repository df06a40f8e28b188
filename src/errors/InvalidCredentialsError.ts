import { FinancialOperationsError, guardOf } from "./FinancialOperationsError.ts";

const NAME = "InvalidCredentialsError";

/**
 * Thrown before any request for credentials that cannot authenticate it: a secret key that is not strict
 * URL-safe Base64 or too short, an access key or token that is empty or not header-safe, an operation whose
 * credentials were not given. The message never contains the secret.
 */
export class InvalidCredentialsError extends FinancialOperationsError {
  override readonly name = NAME;
}

/** True for an InvalidCredentialsError, also one made by another copy of the package. */
export const isInvalidCredentialsError: (value: unknown) => value is InvalidCredentialsError =
  /* @__PURE__ */ guardOf(NAME);
