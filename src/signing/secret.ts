import { createSecretKey, type KeyObject } from "node:crypto";
import { InvalidCredentialsError } from "../errors/InvalidCredentialsError.ts";

export { InvalidCredentialsError };

/**
 * The fewest key bytes the client accepts: 128 bits. The reference gives no key length; RFC 2104
 * discourages keys shorter than the hash output and NIST SP 800-131A sets 112 bits as the floor, so a
 * shorter secret is a truncated copy or a placeholder, not an issued key.
 */
export const MIN_SECRET_KEY_BYTES = 16;

/**
 * Decodes the secret key into the HMAC key bytes, in memory of their own: `Buffer.from` would put a
 * short key in Node's shared pool, where any `buf.buffer` sent elsewhere carries it along.
 * @throws InvalidCredentialsError when the secret is not a string, empty or not strict URL-safe Base64 without padding.
 */
export function decodeSecretKey(secretKey: string): Uint8Array {
  if (typeof secretKey !== "string")
    throw new InvalidCredentialsError(
      `Secret key must be a string, not ${secretKey === null ? "null" : typeof secretKey}`,
    );
  const n = secretKey.length;
  const bytes = Buffer.alloc((n * 3) >> 2);
  // Strict: Node's own decoder also takes `+ / =`, spaces and junk; and trailing bits that do not fit a
  // whole byte must be zero, or two texts would decode to one key.
  // A length no Base64 text has (n % 4 == 1) also fails the round trip.
  const problem = !n
    ? "is empty"
    : !/^[\w-]+$/.test(secretKey)
      ? "is not URL-safe Base64 without padding"
      : !roundTrips(bytes, secretKey)
        ? "is truncated or has stray bits"
        : "";
  if (problem) throw new InvalidCredentialsError(`Secret key (${n} characters) ${problem}: copy it exactly as issued`);
  return bytes;
}

/**
 * The secret key as a KeyObject, its bytes outside the JavaScript heap; the decoded copy is wiped.
 * @throws InvalidCredentialsError as decodeSecretKey, and for fewer than `minBytes` key bytes.
 */
export function secretKeyObject(secretKey: string, minBytes = 0): KeyObject {
  const bytes = decodeSecretKey(secretKey);
  try {
    if (bytes.length < minBytes)
      throw new InvalidCredentialsError(`Secret key decodes to ${bytes.length} bytes, fewer than ${minBytes}`);
    return createSecretKey(bytes);
  } finally {
    bytes.fill(0);
  }
}

/** Checks an access key before it is put in a header. */
export function assertAccessKey(accessKey: string): void {
  if (typeof accessKey !== "string" || !accessKey || /[\s:]/.test(accessKey)) {
    throw new InvalidCredentialsError("Access key is empty or has white space or ':'");
  }
}

/** Decodes `text` into `bytes` and tells whether encoding them again gives `text` back. */
function roundTrips(bytes: Buffer, text: string): boolean {
  bytes.write(text, "base64url");
  return bytes.toString("base64url") === text;
}
