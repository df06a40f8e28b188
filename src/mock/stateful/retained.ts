/**
 * Records of one kind, each held until a deadline in virtual time and at most `max` of them (the oldest
 * leaves first when full). Lookups honour the deadline exactly; `sweep` frees memory from the oldest end,
 * which is cheap because records of one kind are added in about the order their deadlines fall.
 */
export class Retained<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

  /** @param onEvict told of each record that leaves by deadline or by the ceiling (not by delete or clear). */
  constructor(
    private readonly max: number,
    private readonly onEvict: (key: K, value: V) => void = () => {},
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The record, while `now` is before its deadline. */
  get(key: K, now: number): V | undefined {
    const entry = this.entries.get(key);
    return entry && now < entry.until ? entry.value : undefined;
  }

  /** Holds `value` until `until` (replacing any record under `key`), dropping the oldest record when full. */
  set(key: K, value: V, until: number): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.onEvict(oldest, entry.value);
    }
    this.entries.set(key, { value, until });
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Every record held, oldest first, whether or not its deadline passed. */
  *values(): IterableIterator<V> {
    for (const entry of this.entries.values()) yield entry.value;
  }

  /** The records whose deadline is still ahead of `now`, oldest first. */
  *live(now: number): IterableIterator<V> {
    for (const entry of this.entries.values()) if (now < entry.until) yield entry.value;
  }

  /** Drops records past their deadline from the oldest end, stopping at the first one still due. */
  sweep(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now < entry.until) return;
      this.entries.delete(key);
      this.onEvict(key, entry.value);
    }
  }
}
