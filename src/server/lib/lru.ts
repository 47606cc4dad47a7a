// A map that keeps what was used most recently within a budget of bytes (issue 15: caches bounded by bytes,
// not entries): each entry is set with its estimated size, and the least recently used go first once the sizes
// add up to more than the budget. An entry larger than the whole budget is not kept.

export class ByteLru<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private used = 0;
  /** How many entries have gone to make room (not those deleted or replaced). */
  evictions = 0;

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The estimated memory of what is kept. */
  get bytes(): number {
    return this.used;
  }

  /** The value, marked as used most recently. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The value, without marking it used. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.used += bytes;
    while (this.used > this.maxBytes) {
      const oldest = this.entries.keys().next().value as K;
      this.delete(oldest);
      this.evictions += 1;
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }

  keys(): IterableIterator<K> {
    return this.entries.keys();
  }

  /** Removes an entry and gives back its value and the size it was kept with. */
  take(key: K): [V, number] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.delete(key);
    return [entry.value, entry.bytes];
  }

  /** The least recently used entry, its value and size, without marking it used. */
  oldest(): [K, V, number] | undefined {
    const first = this.entries.entries().next();
    if (first.done) return undefined;
    const [key, entry] = first.value;
    return [key, entry.value, entry.bytes];
  }
}

/** The share of a segmented cache's budget that entries read again may hold, safe from one-off entries. */
export const PROTECTED_SHARE = 0.8;

/**
 * A byte-bounded cache that a run of one-off entries cannot empty (a segmented LRU). A new entry starts on
 * probation; read again while kept, it is protected. Protected entries may take PROTECTED_SHARE of the budget (the
 * least recent of them go back on probation beyond it), and what goes when the budget is full is the least recent
 * entry on probation, a protected one only when none is left there. So pages read many times stay while a crawl
 * or a day's long tail of searches asked once passes through the probation part alone (decision 0078).
 */
export class SegmentedByteLru<K, V> {
  private readonly probation: ByteLru<K, V>;
  private readonly protectedPart: ByteLru<K, V>;
  private readonly protectedMax: number;
  private evicted = 0;

  constructor(readonly maxBytes: number) {
    // Each part is bounded here, not by its own budget: the parts' limits are the whole budget.
    this.probation = new ByteLru(maxBytes);
    this.protectedPart = new ByteLru(maxBytes);
    this.protectedMax = Math.floor(maxBytes * PROTECTED_SHARE);
  }

  get size(): number {
    return this.probation.size + this.protectedPart.size;
  }

  get bytes(): number {
    return this.probation.bytes + this.protectedPart.bytes;
  }

  /** How many entries have gone to make room (not those deleted or replaced, nor those moved between the parts). */
  get evictions(): number {
    return this.evicted + this.probation.evictions + this.protectedPart.evictions;
  }

  /** The value, marked used most recently: an entry on probation is protected from now on. */
  get(key: K): V | undefined {
    if (this.protectedPart.has(key)) return this.protectedPart.get(key);
    const taken = this.probation.take(key);
    if (!taken) return undefined;
    const [value, bytes] = taken;
    this.protectedPart.set(key, value, bytes);
    this.demoteBeyondShare();
    return value;
  }

  peek(key: K): V | undefined {
    return this.protectedPart.has(key) ? this.protectedPart.peek(key) : this.probation.peek(key);
  }

  has(key: K): boolean {
    return this.protectedPart.has(key) || this.probation.has(key);
  }

  /** Kept as the most recent on probation, or in place among the protected when it is one of them. */
  set(key: K, value: V, bytes: number): void {
    if (bytes > this.maxBytes) {
      this.delete(key);
      return;
    }
    if (this.protectedPart.has(key)) {
      this.protectedPart.set(key, value, bytes);
      this.demoteBeyondShare();
    } else {
      this.probation.set(key, value, bytes);
    }
    this.evictBeyondBudget(key);
  }

  delete(key: K): void {
    this.probation.delete(key);
    this.protectedPart.delete(key);
  }

  clear(): void {
    this.probation.clear();
    this.protectedPart.clear();
  }

  /** Every key: on probation, least recent first, then the protected ones, least recent first. */
  *keys(): IterableIterator<K> {
    yield* this.probation.keys();
    yield* this.protectedPart.keys();
  }

  private demoteBeyondShare(): void {
    while (this.protectedPart.bytes > this.protectedMax && this.protectedPart.size > 0) {
      const [key, value, bytes] = this.protectedPart.oldest() as [K, V, number];
      this.protectedPart.delete(key);
      this.probation.set(key, value, bytes);
    }
    this.evictBeyondBudget();
  }

  /** The least recent on probation go first; protected ones when only `kept` (the entry just set) is left there. */
  private evictBeyondBudget(kept?: K): void {
    while (this.bytes > this.maxBytes) {
      const onProbation = this.probation.oldest();
      const from = onProbation && onProbation[0] !== kept ? this.probation : this.protectedPart;
      const oldest = from.oldest();
      if (!oldest) return;
      from.delete(oldest[0]);
      this.evicted += 1;
    }
  }
}
