import { describe, expect, it } from 'vitest';
import { InvalidatingCache } from './cache.js';

function cacheAt(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = { now: 1_000 };
  const cache = new InvalidatingCache<{ user: string; venue: string }>({
    ttlMs: options.ttlMs ?? 1_000,
    maxEntries: options.maxEntries ?? 100,
    now: () => clock.now,
  });
  return { cache, clock };
}

describe('invalidating cache', () => {
  it('answers what was stored until the TTL runs out, then nothing', () => {
    const { cache, clock } = cacheAt({ ttlMs: 1_000 });
    cache.set('a', { user: 'u1', venue: 'v1' }, cache.epoch);
    clock.now += 999;
    expect(cache.get('a')).toEqual({ user: 'u1', venue: 'v1' });
    clock.now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never keeps an entry past its own deadline (a session that expires sooner than the TTL)', () => {
    const { cache, clock } = cacheAt({ ttlMs: 30_000 });
    cache.set('a', { user: 'u1', venue: 'v1' }, cache.epoch, clock.now + 50);
    clock.now += 49;
    expect(cache.get('a')).toBeDefined();
    clock.now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the least recently used first', () => {
    const { cache } = cacheAt({ maxEntries: 3 });
    for (const key of ['a', 'b', 'c']) cache.set(key, { user: key, venue: 'v' }, cache.epoch);
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('d', { user: 'd', venue: 'v' }, cache.epoch);
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k)?.user)).toEqual(['a', 'c', 'd']);
  });

  it('invalidation drops exactly the matching entries', () => {
    const { cache } = cacheAt();
    cache.set('a', { user: 'u1', venue: 'v1' }, cache.epoch);
    cache.set('b', { user: 'u1', venue: 'v2' }, cache.epoch);
    cache.set('c', { user: 'u2', venue: 'v1' }, cache.epoch);
    cache.invalidate((entry) => entry.user === 'u1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toEqual({ user: 'u2', venue: 'v1' });
    cache.clear();
    expect(cache.get('c')).toBeUndefined();
  });

  it('a lookup that began before an invalidation does not store what it read', () => {
    const { cache } = cacheAt();
    const epoch = cache.epoch; // the lookup starts and reads the database...
    cache.invalidate(() => true); // ...while a change is announced
    expect(cache.set('a', { user: 'stale', venue: 'v1' }, epoch)).toBe(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('a', { user: 'fresh', venue: 'v1' }, cache.epoch)).toBe(true);
    expect(cache.get('a')?.user).toBe('fresh');
  });
});
