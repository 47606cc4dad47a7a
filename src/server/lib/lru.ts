// A map that keeps what was used most recently within a budget of bytes (issue 15: caches bounded by bytes,
// not entries): each entry is set with its estimated size, and the least recently used go first once the sizes
// add up to more than the budget. An entry larger than the whole budget is not kept.

export class ByteLru<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private used = 0;

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
}
