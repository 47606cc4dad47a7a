import { describe, expect, it } from 'vitest';
import { SearchCache } from '../../src/server/features/properties/search-cache';

const now = new Date('2026-11-22T10:00:00Z');
const entry = (version: number, value: string) => ({ version, value, ids: [], body: value });

describe('SearchCache', () => {
  it('serves an entry only under the version it was read with', () => {
    const cache = new SearchCache<string>();
    cache.setHorizon(1, null, now);
    cache.set('a', entry(1, 'page'));
    expect(cache.get('a', 1, now)?.value).toBe('page');
    expect(cache.get('a', 2, now)).toBeUndefined();
    // …and a stale entry is gone, not kept for later.
    expect(cache.has('a')).toBe(false);
  });

  it('keeps nothing read under an older version than its horizon', () => {
    const cache = new SearchCache<string>();
    cache.setHorizon(2, null, now);
    cache.set('a', entry(1, 'old'));
    expect(cache.size).toBe(0);
  });

  it('forgets everything once the next live-until passes, or the clock goes back', () => {
    const cache = new SearchCache<string>();
    cache.setHorizon(1, new Date(now.getTime() + 60_000), now);
    cache.set('a', entry(1, 'page'));
    cache.set('b', entry(1, 'page'));
    expect(cache.get('a', 1, new Date(now.getTime() + 59_999))).toBeDefined();
    expect(cache.get('a', 1, new Date(now.getTime() + 60_000))).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.needsHorizon(1)).toBe(true);

    cache.setHorizon(1, null, now);
    cache.set('c', entry(1, 'page'));
    expect(cache.get('c', 1, new Date(now.getTime() - 1))).toBeUndefined();
  });

  it('evicts the least recently used entry when full', () => {
    const cache = new SearchCache<string>(2);
    cache.setHorizon(1, null, now);
    cache.set('a', entry(1, 'a'));
    cache.set('b', entry(1, 'b'));
    cache.get('a', 1, now);
    cache.set('c', entry(1, 'c'));
    expect(cache.has('b')).toBe(false);
    expect(cache.has('a')).toBe(true);
    expect(cache.has('c')).toBe(true);
  });
});
