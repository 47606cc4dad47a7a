import { describe, expect, it } from 'vitest';
import { SearchCache } from '../../src/server/features/properties/search-cache';

const now = new Date('2026-11-22T10:00:00Z');
const entry = (version: number, body: string) => ({ version, ids: [], body: Buffer.from(body) });

describe('SearchCache', () => {
  it('serves an entry only under the version it was read with', () => {
    const cache = new SearchCache();
    cache.setHorizon(1, null, now);
    cache.set('a', entry(1, 'page'));
    expect(cache.get('a', 1, now)?.body.toString()).toBe('page');
    expect(cache.get('a', 2, now)).toBeUndefined();
    // …and a stale entry is gone, not kept for later.
    expect(cache.has('a')).toBe(false);
  });

  it('keeps nothing read under an older version than its horizon', () => {
    const cache = new SearchCache();
    cache.setHorizon(2, null, now);
    cache.set('a', entry(1, 'old'));
    expect(cache.size).toBe(0);
  });

  it('forgets everything once the next live-until passes, or the clock goes back', () => {
    const cache = new SearchCache();
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

  it('keeps the pages within its byte budget, evicting the least recently used', () => {
    const page = 'x'.repeat(2000);
    // Room for two pages of 2,000 bytes (with their keys and bookkeeping), not three.
    const cache = new SearchCache(5000);
    cache.setHorizon(1, null, now);
    cache.set('a', entry(1, page));
    cache.set('b', entry(1, page));
    cache.get('a', 1, now);
    cache.set('c', entry(1, page));
    expect(cache.has('b')).toBe(false);
    expect(cache.has('a')).toBe(true);
    expect(cache.has('c')).toBe(true);
    expect(cache.bytes).toBeLessThanOrEqual(5000);
    // A page larger than the whole budget is not kept, and evicts nothing.
    cache.set('huge', entry(1, 'y'.repeat(5000)));
    expect(cache.has('huge')).toBe(false);
    expect(cache.size).toBe(2);
  });

  it('gives back the bytes of pages it drops', () => {
    const cache = new SearchCache(100_000);
    cache.setHorizon(1, null, now);
    cache.set('a', entry(1, 'page'));
    const used = cache.bytes;
    expect(used).toBeGreaterThan(0);
    cache.get('a', 2, now);
    expect(cache.bytes).toBe(0);
    cache.set('a', entry(1, 'page'));
    cache.set('a', entry(1, 'page'));
    expect(cache.bytes).toBe(used);
  });
});
