export const IDEMPOTENCY_KEY = "Idempotency-Key";

/**
 * The caller's Idempotency-Key, from params or headers, used as given; else a new UUID v4. Set once
 * per call, before the first attempt, so every retry carries the same key.
 */
export function setIdempotencyKey(headers: Headers): void {
  if (!headers.has(IDEMPOTENCY_KEY)) headers.set(IDEMPOTENCY_KEY, crypto.randomUUID());
}
