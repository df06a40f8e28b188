/** A UUID of any version, in either letter case. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A version-4 UUID (the form the reference asks of Idempotency-Keys), in either letter case. */
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The form an identifier is stored and looked up under: a UUID in lower case (RFC 9562 compares UUIDs
 * case-insensitively, so `9B1D...` and `9b1d...` are one key), anything else exactly as sent.
 */
export const canonicalId = (id: string): string => (UUID.test(id) ? id.toLowerCase() : id);
