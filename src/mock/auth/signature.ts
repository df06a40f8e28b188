import { createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";
import { parseAuthorization } from "../../signing/authorization.ts";
import type { AuthFailure } from "../../signing/failures.ts";
import { hmacSha256 } from "../../signing/hmac.ts";
import { buildStringToSign, hashBody, parseTimestamp } from "../../signing/index.ts";
import type { KeyStore } from "./keys.ts";

export type { AuthFailure } from "../../signing/failures.ts";

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
  /** How old the timestamp may be. A mock setting: the reference does not give it. */
  windowSeconds: number;
  /** How far ahead of `now` the timestamp may be (clock skew); `windowSeconds` when not given. A mock setting too. */
  futureSeconds?: number;
}

/** What the headers alone establish: checked before a byte of the body is read. */
export interface SignedHeaders {
  accessKey: string;
  secret: Uint8Array;
  time: Date;
  /** The signed timestamp as sent (checked canonical: it formats back from `time`). */
  timestamp: string;
  signature: string;
}

const SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * Checks what the headers alone can show, before the body is read: the access key is known, the date header
 * equals the signed timestamp, the timestamp is well formed and fresh (at most `windowSeconds` old, at most
 * `futureSeconds` ahead), and the signature is 64 hex digits.
 */
export function verifyHeaders(
  req: Omit<SignedRequestParts, "body">,
  opts: VerifyOptions,
): { ok: true; signed: SignedHeaders } | { ok: false; failure: AuthFailure; accessKey?: string } {
  if (!req.authorization) return { ok: false, failure: "missing-authorization" };
  const auth = parseAuthorization(req.authorization);
  if (!auth) return { ok: false, failure: "malformed-authorization" };
  const { accessKey } = auth;
  const secret = opts.keys.get(accessKey);
  if (!secret) return { ok: false, failure: "unknown-access-key", accessKey };
  if (req.date === undefined) return { ok: false, failure: "missing-date", accessKey };
  if (req.date !== auth.timestamp) return { ok: false, failure: "date-mismatch", accessKey };
  const time = timestampOf(auth.timestamp);
  if (!time) return { ok: false, failure: "malformed-timestamp", accessKey };
  const age = opts.now.getTime() - time.getTime();
  if (age > opts.windowSeconds * 1000) return { ok: false, failure: "stale-timestamp", accessKey };
  if (-age > (opts.futureSeconds ?? opts.windowSeconds) * 1000)
    return { ok: false, failure: "future-timestamp", accessKey };
  if (!SIGNATURE.test(auth.signature) || !req.path.startsWith("/"))
    return { ok: false, failure: "signature-mismatch", accessKey };
  return { ok: true, signed: { accessKey, secret, time, timestamp: auth.timestamp, signature: auth.signature } };
}

// The last timestamp text parsed: clients sign many requests within one second, so most repeat it.
// Stryker disable next-line StringLiteral,ArrayDeclaration: a memo's first value; any start parses the first text anew
let lastTimestamp: [string, Date | null] = ["", null];
function timestampOf(text: string): Date | null {
  // Stryker disable next-line ConditionalExpression: a memo; parsing again gives the same Date
  if (text !== lastTimestamp[0]) lastTimestamp = [text, parseTimestamp(text)];
  return lastTimestamp[1];
}

// Each secret's KeyObject, made on first use: node:crypto signs with one several times faster than with raw bytes.
const keyObjects = new WeakMap<Uint8Array, KeyObject>();

/**
 * Recomputes the signature with the project's string to sign over the exact method, path and body hash;
 * constant-time compare. The headers were checked by verifyHeaders, and Node's HTTP parser gives method and
 * path without line breaks, so signRequest's own input checks are not repeated per request.
 */
export function signatureMatches(signed: SignedHeaders, method: string, path: string, bodyHash: string): boolean {
  let key = keyObjects.get(signed.secret);
  // Stryker disable next-line ConditionalExpression: a memo; a new KeyObject of the same bytes signs the same
  if (!key) {
    key = createSecretKey(signed.secret);
    // Stryker disable next-line all: the memo's store; a new KeyObject of the same bytes signs the same
    keyObjects.set(signed.secret, key);
  }
  const stringToSign = buildStringToSign(signed.accessKey, signed.timestamp, method, path, bodyHash);
  // verifyHeaders checked 64 hex digits: both sides are 32 bytes, compared without hex-encoding the digest.
  return timingSafeEqual(hmacSha256(key, stringToSign), Buffer.from(signed.signature, "hex"));
}

/**
 * Verifies a production signature the way the reference describes: `verifyHeaders`, then `signatureMatches` over the
 * body.
 */
export function verifySignature(req: SignedRequestParts, opts: VerifyOptions): Verification {
  const headers = verifyHeaders(req, opts);
  if (!headers.ok) return headers;
  const { accessKey } = headers.signed;
  return signatureMatches(headers.signed, req.method, req.path, hashBody(req.body))
    ? { ok: true, accessKey }
    : { ok: false, failure: "signature-mismatch", accessKey };
}
