/**
 * Records of one kind, each held until a deadline in virtual time and at most `max` of them (the oldest
 * leaves first when full). Lookups honour the deadline exactly; `sweep` frees memory from the oldest end,
 * which is cheap because records of one kind are added in about the order their deadlines fall.
 */
export class Retained<K, V> {
  private readonly entries = new Map<K, Entry<K, V>>();
  /**
   * Entries oldest first, from `head` on; one replaced or deleted since is skipped when reached. A Map is
   * not used for this order: V8 finds a Map's first entry by stepping over every entry deleted before it,
   * so taking the oldest again and again from a full Map costs time in proportion to all deletions so far.
   */
  private queue: (Entry<K, V> | undefined)[] = [];
  private head = 0;

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
    if (this.entries.size >= this.max) this.evict(this.oldest()!);
    const entry = { key, value, until };
    this.entries.set(key, entry);
    this.queue.push(entry);
    this.compact();
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.queue = [];
    this.head = 0;
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
    for (let entry = this.oldest(); entry && now >= entry.until; entry = this.oldest()) this.evict(entry);
    this.compact();
  }

  /** The oldest entry still held, skipping (and passing) those replaced or deleted since. */
  private oldest(): Entry<K, V> | undefined {
    while (this.head < this.queue.length) {
      const entry = this.queue[this.head]!;
      if (this.entries.get(entry.key) === entry) return entry;
      this.pass();
    }
    return undefined;
  }

  /** Moves past the oldest slot, letting go of its entry so a record left behind is not kept alive. */
  private pass(): void {
    this.queue[this.head++] = undefined;
  }

  private evict(entry: Entry<K, V>): void {
    this.entries.delete(entry.key);
    this.pass();
    this.onEvict(entry.key, entry.value);
  }

  /**
   * Keeps the queue within about twice the records held: drops the passed part, or rebuilds it when mostly skipped
   * entries.
   */
  private compact(): void {
    const waiting = this.queue.length - this.head;
    if (waiting > 2 * this.entries.size + 1024) {
      this.queue = [...this.entries.values()];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }
}

interface Entry<K, V> {
  key: K;
  value: V;
  until: number;
}
