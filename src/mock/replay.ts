/** What the front does with a signature it has already accepted: `reject` answers 401, `allow` lets it through. */
export type ReplayPolicy = "reject" | "allow";

/**
 * Signatures accepted within the timestamp window. A signature is an HMAC over the access key, timestamp,
 * method, path and body hash, so the same signature twice is the same request sent twice; it is kept until
 * its timestamp leaves the window, after which the timestamp check refuses it anyway.
 */
export class ReplayGuard {
  readonly #seen = new Map<string, number>();
  readonly #windowMs: number;
  #nextSweep = 0;

  constructor(windowSeconds: number) {
    this.#windowMs = windowSeconds * 1000;
  }

  /** Records the signature; false when it was already seen and is still inside the window. */
  firstUse(signature: string, signedAt: Date, now: Date): boolean {
    const nowMs = now.getTime();
    if (nowMs >= this.#nextSweep) this.#sweep(nowMs);
    const expires = this.#seen.get(signature);
    if (expires !== undefined && expires >= nowMs) return false;
    this.#seen.set(signature, signedAt.getTime() + this.#windowMs);
    return true;
  }

  get size(): number {
    return this.#seen.size;
  }

  #sweep(nowMs: number) {
    for (const [signature, expires] of this.#seen) if (expires < nowMs) this.#seen.delete(signature);
    this.#nextSweep = nowMs + 1_000;
  }
}
