import { SIGNING_SCHEME } from "./constants.ts";

/** `Service-HMAC-SHA256 <ACCESS_KEY>:<TIMESTAMP>:<SIGNATURE>`; access keys cannot hold ':' or white space. */
const AUTHORIZATION = new RegExp(`^${SIGNING_SCHEME} ([^\\s:]+):([^\\s:]*):([^\\s:]*)$`);

/**
 * Splits a production Authorization header (the mock's verifier and fo-sign's explanations read it); null when it is
 * not one.
 */
export function parseAuthorization(header: string): { accessKey: string; timestamp: string; signature: string } | null {
  const m = AUTHORIZATION.exec(header);
  return m ? { accessKey: m[1]!, timestamp: m[2]!, signature: m[3]! } : null;
}
