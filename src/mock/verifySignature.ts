import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";
import { buildStringToSign, hashBody, parseTimestamp, SIGNING_SCHEME } from "../signing/index.ts";
import type { KeyStore } from "./keys.ts";

/** Why a request was refused; each maps to one documented 401 detail (see unauthorized.ts). */
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

/** `Service-HMAC-SHA256 <ACCESS_KEY>:<TIMESTAMP>:<SIGNATURE>`; access keys cannot hold ':' or white space. */
const AUTHORIZATION = new RegExp(`^${SIGNING_SCHEME} ([^\\s:]+):([^\\s:]*):([^\\s:]*)$`);
const SIGNATURE = /^[0-9a-f]{64}$/;

/** Splits a production Authorization header; null when it is not one. */
export function parseAuthorization(header: string): { accessKey: string; timestamp: string; signature: string } | null {
  const m = AUTHORIZATION.exec(header);
  return m ? { accessKey: m[1]!, timestamp: m[2]!, signature: m[3]! } : null;
}

/**
 * Checks what the headers alone can show, before the body is read: the access key is known, the date header
 * equals the signed timestamp, the timestamp is well formed and fresh (at most `windowSeconds` old, at most
 * `futureSeconds` ahead), and the signature is 64 hex digits.
 */
export function verifyHeaders(req: Omit<SignedRequestParts, "body">, opts: VerifyOptions): { ok: true; signed: SignedHeaders } | { ok: false; failure: AuthFailure; accessKey?: string } {
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
  if (-age > (opts.futureSeconds ?? opts.windowSeconds) * 1000) return { ok: false, failure: "future-timestamp", accessKey };
  if (!SIGNATURE.test(auth.signature) || !req.path.startsWith("/")) return { ok: false, failure: "signature-mismatch", accessKey };
  return { ok: true, signed: { accessKey, secret, time, timestamp: auth.timestamp, signature: auth.signature } };
}

// The last timestamp text parsed: clients sign many requests within one second, so most repeat it.
let lastTimestamp: [string, Date | null] = ["", null];
function timestampOf(text: string): Date | null {
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
  if (!key) keyObjects.set(signed.secret, (key = createSecretKey(signed.secret)));
  const stringToSign = buildStringToSign(signed.accessKey, signed.timestamp, method, path, bodyHash);
  // verifyHeaders checked 64 hex digits: both sides are 32 bytes, compared without hex-encoding the digest.
  return timingSafeEqual(createHmac("sha256", key).update(stringToSign).digest(), Buffer.from(signed.signature, "hex"));
}

/** Verifies a production signature the way the reference describes: `verifyHeaders`, then `signatureMatches` over the body. */
export function verifySignature(req: SignedRequestParts, opts: VerifyOptions): Verification {
  const headers = verifyHeaders(req, opts);
  if (!headers.ok) return headers;
  const { accessKey } = headers.signed;
  return signatureMatches(headers.signed, req.method, req.path, hashBody(req.body)) ? { ok: true, accessKey } : { ok: false, failure: "signature-mismatch", accessKey };
}
