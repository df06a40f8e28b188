// Why a signed or bearer request is refused with 401, and the reference's words for each: the mock
// answers with them and fo-sign reads them back out of a 401 it is asked to explain.

/** Why a request was refused; each maps to one documented 401 detail. */
export type AuthFailure =
  | "missing-authorization"
  | "malformed-authorization"
  | "unknown-access-key"
  | "unknown-bearer-token"
  | "missing-date"
  | "date-mismatch"
  | "malformed-timestamp"
  | "stale-timestamp"
  | "future-timestamp"
  | "signature-mismatch"
  | "replayed-signature";

/** The 401 details the reference documents for the older authentication shape. */
export const SIGNATURE_MISMATCH = "Signature mismatch.";
export const CREDENTIAL_NOT_FOUND = "Credential not found.";
/** Detail of the document's flat 401 example (code 00010000). */
export const AUTHENTICATION_INVALID = "Authentication is missing or invalid.";
/** v2's 401 description for a request without an Authorization header. */
export const AUTHORIZATION_MISSING = "The Authorization header is missing.";
/**
 * The mock's own detail for a refused replay (the reference documents no replay check, so no words of its own): a
 * signature that is right, sent again, must not read as a wrong one, or the caller hunts a signing bug that is not
 * there. The clients of this project never repeat a signature (src/signing/ledger.ts).
 */
export const REPLAYED_SIGNATURE =
  "Replayed signature: this exact signed request was already accepted within the timestamp window; sign it again " +
  "(a later timestamp).";
/** Message of the document's portfolio 401 example (AUTHENTICATION_FAILED). */
export const BEARER_INVALID = "The bearer token is missing or invalid.";

/**
 * The documented detail for each failure: the reference lists differing or expired timestamps among signature-mismatch
 * causes. A replay, which the reference does not describe, says what it is.
 */
export function failureDetail(failure: AuthFailure): string {
  switch (failure) {
    case "missing-authorization":
    case "malformed-authorization":
    case "unknown-bearer-token":
      return AUTHENTICATION_INVALID;
    case "unknown-access-key":
      return CREDENTIAL_NOT_FOUND;
    case "replayed-signature":
      return REPLAYED_SIGNATURE;
    default:
      return SIGNATURE_MISMATCH;
  }
}
