// The mock's 401: a failed authentication in the envelope of the path, with the reference's words.
import { AUTHORIZATION_MISSING, BEARER_INVALID, failureDetail, type AuthFailure } from "../../signing/failures.ts";
import { envelopeOf, errorBody } from "../../server/envelope.ts";

/**
 * The 401 for a failed authentication, in the envelope of the path with the reference's words: the
 * portfolio AUTHENTICATION_FAILED message, v2's UNAUTHORIZED (its own text for a missing header), else
 * the flat 00010000 with the documented detail (signature mismatch, credential not found, ...).
 */
export function unauthorizedBody(path: string, failure: AuthFailure, now: Date): Record<string, unknown> {
  const envelope = envelopeOf(path, 401);
  const detail =
    envelope === "portfolio"
      ? BEARER_INVALID
      : envelope === "v2" && failure === "missing-authorization"
        ? AUTHORIZATION_MISSING
        : failureDetail(failure);
  return errorBody({ status: 401, path, detail, now, envelope });
}
