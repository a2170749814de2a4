/**
 * A small in-memory cache (the access step, venue reads): bounded in size (least recently used entries
 * go first), each entry valid until its own deadline, and dropped at once by invalidation.
 *
 * A lookup that started before an invalidation must not store what it read: the database may
 * have changed after it read. `epoch` counts invalidations; `set` stores only when no
 * invalidation happened since the caller took `epoch`.
 */
export class InvalidatingCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private epochValue = 0;

  constructor(private readonly options: { ttlMs: number; maxEntries: number; now?: () => number }) {}

  get epoch() {
    return this.epochValue;
  }

  get size() {
    return this.entries.size;
  }

  private now() {
    return this.options.now ? this.options.now() : Date.now();
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry); // most recently used goes last
    return entry.value;
  }

  /** Stores `value` until the TTL or `notAfter` (ms), whichever comes first, unless `epoch` is stale. */
  set(key: string, value: V, epoch: number, notAfter = Infinity): boolean {
    if (epoch !== this.epochValue) return false;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: Math.min(this.now() + this.options.ttlMs, notAfter) });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return true;
  }

  /** Drops every entry `matches` picks; lookups in flight will not store what they read. */
  invalidate(matches: (value: V) => boolean) {
    this.epochValue += 1;
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  clear() {
    this.epochValue += 1;
    this.entries.clear();
  }
}
