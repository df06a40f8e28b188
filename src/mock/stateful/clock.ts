/**
 * The mock's virtual clock: real time plus an offset that only the control API moves, forward only,
 * so a test expires a quote or a 24-hour key without waiting. It stamps records and error times; the
 * signature front keeps real time, so signed requests stay inside its window after an advance.
 */
export class VirtualClock {
  private offsetMs = 0;

  constructor(private readonly real: () => number = Date.now) {}

  /** Virtual time in ms since the epoch. */
  now(): number {
    return this.real() + this.offsetMs;
  }

  date(): Date {
    return new Date(this.now());
  }

  /** Moves the clock forward by `ms` (0 or more). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError("The virtual clock only moves forward: give 0 or more.");
    this.offsetMs += ms;
  }

  /** How far ahead of real time the clock runs, in ms. */
  offset(): number {
    return this.offsetMs;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}

/** ISO 8601 in UTC with whole seconds, as the error envelopes' examples write it. */
export const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
