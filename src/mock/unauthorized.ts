import { randomBytes, randomUUID } from "node:crypto";
import type { AuthFailure } from "./verifySignature.ts";

/** The 401 details the reference documents for the older authentication shape. */
export const SIGNATURE_MISMATCH = "Signature mismatch.";
export const CREDENTIAL_NOT_FOUND = "Credential not found.";
/** Detail of the document's flat 401 example (code 00010000). */
export const AUTHENTICATION_INVALID = "Authentication is missing or invalid.";
export const AUTHORIZATION_MISSING = "The Authorization header is missing.";
/** Message of the document's portfolio 401 example (AUTHENTICATION_FAILED). */
export const BEARER_INVALID = "The bearer token is missing or invalid.";

/** Response header naming the exact failure; a mock aid, not part of the API. */
export const FAILURE_HEADER = "X-Mock-Auth-Failure";

/** The documented detail for each failure: the reference lists differing or expired timestamps among signature-mismatch causes. */
export function failureDetail(failure: AuthFailure): string {
  switch (failure) {
    case "missing-authorization":
    case "malformed-authorization":
    case "unknown-bearer-token":
      return AUTHENTICATION_INVALID;
    case "unknown-access-key":
      return CREDENTIAL_NOT_FOUND;
    default:
      return SIGNATURE_MISMATCH;
  }
}

/**
 * The 401 body for a path, in the envelope its operations document: the portfolio error object
 * (AUTHENTICATION_FAILED) under /v1/portfolios/, the v2 errors array under /v2/, else the flat envelope
 * with code 00010000 and the documented detail.
 */
export function unauthorizedBody(path: string, failure: AuthFailure, now: Date): unknown {
  const detail = failureDetail(failure);
  if (path.startsWith("/v1/portfolios/")) {
    const timestamp = now.toISOString().replace(/\.\d{3}Z$/, "Z");
    return { error: { code: "AUTHENTICATION_FAILED", message: BEARER_INVALID, details: {}, request_id: randomUUID(), timestamp } };
  }
  if (path.startsWith("/v2/")) {
    return { errors: [{ type: "UNAUTHORIZED", description: failure === "missing-authorization" ? AUTHORIZATION_MISSING : detail }] };
  }
  return {
    code: "00010000",
    status: 401,
    detail,
    instance: path,
    trace_id: randomBytes(16).toString("hex"),
    time: now.toISOString().replace(/\.\d{3}Z$/, "Z"),
  };
}
