/**
 * A least-recently-used cache on one `Map`, for the caches sized for a big server (100,000–200,000 entries)
 * that most servers fill a little. `lru-cache` allocates its key, value and link arrays for `max` entries up
 * front, ~5.6 MB a cache at 200,000 whatever it holds, and every full collection scans its arrays; here the
 * memory follows the entries. The Map's insertion order is the recency order: a read moves its entry to the
 * end, the first entry is the least recently used.
 */
export interface LruMapOptions<K, V> {
  max: number;
  /** Entries older than this (since their `set`) are gone. */
  ttlMs?: number;
  /** Told of every entry that leaves: deleted, replaced by another value, pushed out, expired or cleared. */
  dispose?: (value: V, key: K) => void;
  now?: () => number;
}

export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  /** When each entry expires, with `ttlMs` only. */
  private readonly expiries: Map<K, number> | null;
  private readonly max: number;
  private readonly ttlMs: number;
  private readonly dispose: ((value: V, key: K) => void) | undefined;
  private readonly now: () => number;

  constructor({ max, ttlMs = 0, dispose, now = Date.now }: LruMapOptions<K, V>) {
    if (!(max >= 1)) throw new Error('LruMap needs a max of at least 1');
    this.max = max;
    this.ttlMs = ttlMs;
    this.expiries = ttlMs > 0 ? new Map() : null;
    this.dispose = dispose;
    this.now = now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    if (this.expiries && this.expiries.get(key)! <= this.now()) {
      this.remove(key, value);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    const old = this.entries.get(key);
    if (old !== undefined) this.entries.delete(key);
    this.entries.set(key, value);
    this.expiries?.delete(key);
    this.expiries?.set(key, this.now() + this.ttlMs);
    if (old !== undefined && old !== value) this.dispose?.(old, key);
    if (this.entries.size > this.max) {
      const [oldestKey, oldestValue] = this.entries.entries().next().value as [K, V];
      this.remove(oldestKey, oldestValue);
    }
  }

  delete(key: K): boolean {
    const value = this.entries.get(key);
    if (value === undefined) return false;
    this.remove(key, value);
    return true;
  }

  clear(): void {
    const dropped = this.dispose ? [...this.entries] : [];
    this.entries.clear();
    this.expiries?.clear();
    for (const [key, value] of dropped) this.dispose!(value, key);
  }

  /** Drops the expired entries now rather than when next asked for. */
  purgeStale(): void {
    if (!this.expiries) return;
    const now = this.now();
    // Set order is expiry order (every set gets the same ttl and moves to the end), so the expired are first.
    for (const [key, expires] of this.expiries) {
      if (expires > now) break;
      this.remove(key, this.entries.get(key)!);
    }
  }

  private remove(key: K, value: V): void {
    this.entries.delete(key);
    this.expiries?.delete(key);
    this.dispose?.(value, key);
  }
}
