/** What the front does with a signature it has already accepted: `reject` answers 401, `allow` lets it through. */
export type ReplayPolicy = "reject" | "allow";

/**
 * Signatures accepted within the timestamp window. A signature is an HMAC over the access key, timestamp,
 * method, path and body hash, so the same signature twice is the same request sent twice; it is kept until
 * its timestamp leaves the window, after which the timestamp check refuses it anyway.
 *
 * Kept in buckets by expiry (signed timestamps have whole seconds, so one bucket per second): the same
 * signature always has the same timestamp, hence the same bucket, and a sweep drops expired buckets whole
 * instead of visiting every signature of the window.
 */
export class ReplayGuard {
  readonly #buckets = new Map<number, Set<string>>();
  readonly #windowMs: number;
  #size = 0;
  #nextSweep = 0;

  constructor(windowSeconds: number) {
    this.#windowMs = windowSeconds * 1000;
  }

  /** Records the signature; false when it was already seen and is still inside the window. */
  firstUse(signature: string, signedAt: Date, now: Date): boolean {
    const nowMs = now.getTime();
    if (nowMs >= this.#nextSweep) this.#sweep(nowMs);
    const expires = signedAt.getTime() + this.#windowMs;
    let bucket = this.#buckets.get(expires);
    if (bucket?.has(signature) && expires >= nowMs) return false;
    if (!bucket) {
      bucket = new Set();
      this.#buckets.set(expires, bucket);
    }
    if (!bucket.has(signature)) this.#size++;
    bucket.add(signature);
    return true;
  }

  get size(): number {
    return this.#size;
  }

  #sweep(nowMs: number) {
    for (const [expires, bucket] of this.#buckets) {
      if (expires >= nowMs) continue;
      this.#size -= bucket.size;
      this.#buckets.delete(expires);
    }
    this.#nextSweep = nowMs + 1_000;
  }
}
