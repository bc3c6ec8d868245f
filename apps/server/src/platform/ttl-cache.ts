// A small in-process cache with a time-to-live and a size bound (oldest entries go first).
// Used for hot reads that tolerate a few seconds of staleness across processes; writers in this
// process invalidate at once, and other processes hear about it through the invalidation bus.
import type { Clock } from './clock.ts';

export class TtlCache<K, V> {
  private readonly map = new Map<K, { value: V; expires: number }>();
  private readonly clock: Clock;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(clock: Clock, ttlMs: number, maxEntries: number) {
    this.clock = clock;
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  get(key: K): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    const now = this.clock.now().getTime();
    if (hit.expires <= now || hit.expires - this.ttlMs > now) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: K, value: V): void {
    if (this.map.size >= this.maxEntries) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    this.map.set(key, { value, expires: this.clock.now().getTime() + this.ttlMs });
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  deleteWhere(pred: (value: V, key: K) => boolean): void {
    for (const [k, v] of this.map) if (pred(v.value, k)) this.map.delete(k);
  }

  clear(): void {
    this.map.clear();
  }
}
