/** Thrown for credentials that cannot sign; the message never contains the secret. */
export class InvalidCredentialsError extends Error {
  override readonly name = "InvalidCredentialsError";
}

/**
 * Decodes the secret key into the HMAC key bytes.
 * @throws InvalidCredentialsError when the secret is empty or not strict URL-safe Base64 without padding.
 */
export function decodeSecretKey(secretKey: string): Uint8Array {
  const n = typeof secretKey === "string" ? secretKey.length : 0;
  let bytes: Buffer | undefined;
  // Strict: Node's own decoder also takes `+ / =`, spaces and junk; and trailing bits that do not fit a
  // whole byte must be zero, or two texts would decode to one key.
  const problem = !n
    ? "is empty"
    : !/^[\w-]+$/.test(secretKey)
      ? "is not URL-safe Base64 (only A-Z a-z 0-9 - _, no padding)"
      : n % 4 === 1
        ? "is truncated (no Base64 text has that length)"
        : (bytes = Buffer.from(secretKey, "base64url")).toString("base64url") !== secretKey
          ? "has stray bits in its last character"
          : "";
  if (problem) throw new InvalidCredentialsError(`Secret key (${n} characters) ${problem}: copy it exactly as issued in API Settings`);
  return new Uint8Array(bytes!.buffer, bytes!.byteOffset, bytes!.byteLength);
}

/** Checks an access key before it is put in a header. */
export function assertAccessKey(accessKey: string): void {
  if (typeof accessKey !== "string" || !accessKey || /[\s:]/.test(accessKey)) {
    throw new InvalidCredentialsError("Access key is empty or has white space or ':' (not allowed in the Authorization header)");
  }
}
