/** Strict URL-safe Base64 without padding: Node's own decoder also takes `+ / =`, spaces and junk. */
const URL_SAFE_BASE64 = /^[A-Za-z0-9_-]+$/;

/** Thrown for credentials that cannot sign; the message never contains the secret. */
export class InvalidCredentialsError extends Error {
  override readonly name = "InvalidCredentialsError";
}

/**
 * Decodes the secret key into the HMAC key bytes.
 * @throws InvalidCredentialsError when the secret is empty or not strict URL-safe Base64 without padding.
 */
export function decodeSecretKey(secretKey: string): Uint8Array {
  if (typeof secretKey !== "string" || secretKey.length === 0) {
    throw new InvalidCredentialsError("Secret key is empty: give the secret key from API Settings (URL-safe Base64, no padding).");
  }
  if (!URL_SAFE_BASE64.test(secretKey)) {
    throw new InvalidCredentialsError(
      `Secret key (${secretKey.length} characters) is not URL-safe Base64 without padding: only A-Z a-z 0-9 - _ are allowed (no + / = or spaces).`,
    );
  }
  if (secretKey.length % 4 === 1) {
    throw new InvalidCredentialsError(`Secret key (${secretKey.length} characters) has a length no Base64 text can have: it is truncated or padded wrongly.`);
  }
  const bytes = Buffer.from(secretKey, "base64url");
  // Trailing bits that do not fit a whole byte must be zero, or two texts would decode to one key.
  if (bytes.toString("base64url") !== secretKey) {
    throw new InvalidCredentialsError(`Secret key (${secretKey.length} characters) is not canonical URL-safe Base64: its last character carries stray bits.`);
  }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Checks an access key before it is put in a header. */
export function assertAccessKey(accessKey: string): void {
  if (typeof accessKey !== "string" || accessKey.length === 0) throw new InvalidCredentialsError("Access key is empty.");
  if (/[\s:]/.test(accessKey)) throw new InvalidCredentialsError("Access key contains white space or ':', which the Authorization header cannot carry.");
}
