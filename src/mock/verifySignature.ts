import { timingSafeEqual } from "node:crypto";
import { parseTimestamp, signRequest, SIGNING_SCHEME } from "../signing/index.ts";
import type { KeyStore } from "./keys.ts";

/** Why a request was refused; each maps to one documented 401 detail (see unauthorized.ts). */
export type AuthFailure =
  | "missing-authorization"
  | "malformed-authorization"
  | "unknown-access-key"
  | "missing-date"
  | "date-mismatch"
  | "malformed-timestamp"
  | "stale-timestamp"
  | "signature-mismatch";

export type Verification = { ok: true; accessKey: string } | { ok: false; failure: AuthFailure; accessKey?: string };

export interface SignedRequestParts {
  method: string;
  /** The path exactly as requested, without the query string. */
  path: string;
  /** Authorization header as received. */
  authorization: string | undefined;
  /** X-SVC-Date header as received. */
  date: string | undefined;
  /** The exact body bytes received. */
  body: Uint8Array;
}

export interface VerifyOptions {
  keys: KeyStore;
  /** The verifier's clock. */
  now: Date;
  /** How far the timestamp may be from `now`, either way. A mock setting: the reference does not give it. */
  windowSeconds: number;
}

/** `Service-HMAC-SHA256 <ACCESS_KEY>:<TIMESTAMP>:<SIGNATURE>`; access keys cannot hold ':' or white space. */
const AUTHORIZATION = new RegExp(`^${SIGNING_SCHEME} ([^\\s:]+):([^\\s:]*):([^\\s:]*)$`);
const SIGNATURE = /^[0-9a-f]{64}$/;

/** Splits a production Authorization header; null when it is not one. */
export function parseAuthorization(header: string): { accessKey: string; timestamp: string; signature: string } | null {
  const m = AUTHORIZATION.exec(header);
  return m ? { accessKey: m[1]!, timestamp: m[2]!, signature: m[3]! } : null;
}

/**
 * Verifies a production signature the way the reference describes: the access key is known, the date header
 * equals the signed timestamp, the timestamp is well formed and fresh, and the signature recomputed with the
 * project's signing code over the exact method, path and body bytes is equal (compared in constant time).
 */
export function verifySignature(req: SignedRequestParts, opts: VerifyOptions): Verification {
  if (!req.authorization) return { ok: false, failure: "missing-authorization" };
  const auth = parseAuthorization(req.authorization);
  if (!auth) return { ok: false, failure: "malformed-authorization" };
  const { accessKey } = auth;
  const secret = opts.keys.get(accessKey);
  if (!secret) return { ok: false, failure: "unknown-access-key", accessKey };
  if (req.date === undefined) return { ok: false, failure: "missing-date", accessKey };
  if (req.date !== auth.timestamp) return { ok: false, failure: "date-mismatch", accessKey };
  const time = parseTimestamp(auth.timestamp);
  if (!time) return { ok: false, failure: "malformed-timestamp", accessKey };
  if (Math.abs(opts.now.getTime() - time.getTime()) > opts.windowSeconds * 1000) return { ok: false, failure: "stale-timestamp", accessKey };
  if (!SIGNATURE.test(auth.signature) || !req.path.startsWith("/")) return { ok: false, failure: "signature-mismatch", accessKey };
  const expected = signRequest({ accessKey, secretKey: secret, method: req.method, path: req.path, body: req.body, time }).signature;
  const same = timingSafeEqual(Buffer.from(expected, "latin1"), Buffer.from(auth.signature, "latin1"));
  return same ? { ok: true, accessKey } : { ok: false, failure: "signature-mismatch", accessKey };
}
