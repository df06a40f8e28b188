import { createHash } from "node:crypto";

// The parts of the string to sign, on their own so the client takes them without signRequest's own checks.

/** SHA-256 of zero bytes (e3b0c442...7852b855): the body hash of a request without a body. */
export const EMPTY_BODY_HASH = /* @__PURE__ */ createHash("sha256").digest("hex");

/** A body as the signer takes it: the exact bytes sent; a string is its UTF-8 bytes; nothing or empty is no body. */
export type BodyInput = Uint8Array | ArrayBuffer | string | null | undefined;

/** Lowercase hex SHA-256 of the body bytes; no body hashes as zero bytes (EMPTY_BODY_HASH). */
export function hashBody(body: BodyInput): string {
  const bytes = body instanceof ArrayBuffer ? new Uint8Array(body) : (body ?? "");
  // Stryker disable next-line ConditionalExpression: a shortcut; SHA-256 of no bytes is EMPTY_BODY_HASH
  return bytes.length === 0 ? EMPTY_BODY_HASH : createHash("sha256").update(bytes).digest("hex");
}

/** The five fields joined by single newlines, no trailing newline. */
export function buildStringToSign(
  accessKey: string,
  timestamp: string,
  method: string,
  path: string,
  bodyHash: string,
): string {
  return [accessKey, timestamp, method.toUpperCase(), path, bodyHash].join("\n");
}
