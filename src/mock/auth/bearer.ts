import type { AuthFailure } from "../../signing/failures.ts";

/** `Bearer <token>`, as Prism and the reference write it: one header-safe token. */
const BEARER = /^Bearer ([\x21-\x7e]+)$/;

/**
 * Checks a bearer Authorization header against the tokens the mock was given: present, `Bearer <token>`,
 * and one of them. Undefined when it passes. (With no tokens given the front leaves bearer routes to
 * Prism, which checks only that a token is there.)
 */
export function checkBearer(
  authorization: string | undefined,
  tokens: { has(token: string): boolean },
): AuthFailure | undefined {
  if (!authorization) return "missing-authorization";
  const m = BEARER.exec(authorization);
  if (!m) return "malformed-authorization";
  return tokens.has(m[1]!) ? undefined : "unknown-bearer-token";
}
