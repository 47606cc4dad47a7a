// The kept pages' cache (plugins/page-cache.ts): a segmented LRU, so pages read again survive a run of pages asked
// once, a crawler's or a day's long tail (decision 0078).
import { describe, expect, it } from 'vitest';
import { ByteLru, PROTECTED_SHARE, SegmentedByteLru } from '../../src/server/lib/lru';

describe('SegmentedByteLru', () => {
  it('keeps entries read again through a run of entries asked once, which a plain LRU loses', () => {
    const segmented = new SegmentedByteLru<string, number>(1000);
    const plain = new ByteLru<string, number>(1000);
    for (const cache of [segmented, plain]) {
      for (let i = 0; i < 5; i++) cache.set(`hot${i}`, i, 100);
      for (let i = 0; i < 5; i++) expect(cache.get(`hot${i}`)).toBe(i);
      // A crawl: fifty pages, each asked once.
      for (let i = 0; i < 50; i++) cache.set(`once${i}`, i, 100);
    }
    for (let i = 0; i < 5; i++) expect(segmented.get(`hot${i}`), `hot${i}`).toBe(i);
    expect([...plain.keys()].some((key) => key.startsWith('hot'))).toBe(false);
    // The budget holds: the five read again and the five most recent of the crawl.
    expect(segmented.bytes).toBe(1000);
    expect(segmented.size).toBe(10);
    // Counted as they went: 55 entries set into room for 10, in both caches.
    expect(segmented.evictions).toBe(45);
    expect(plain.evictions).toBe(45);
    expect([...segmented.keys()]).toEqual(['once45', 'once46', 'once47', 'once48', 'once49', ...hot()]);
  });

  it('lets entries read again take only their share; the least recent of them go back on probation', () => {
    const cache = new SegmentedByteLru<string, number>(1000);
    const count = 10;
    for (let i = 0; i < count; i++) cache.set(`k${i}`, i, 100);
    for (let i = 0; i < count; i++) cache.get(`k${i}`);
    // Every entry was read again, but only PROTECTED_SHARE of the budget is protected: k0 and k1 were demoted, and
    // so they are the first to go for a new entry.
    expect(PROTECTED_SHARE).toBe(0.8);
    cache.set('new', 99, 100);
    expect(cache.has('k0')).toBe(false);
    expect(cache.has('k1')).toBe(true);
    expect(cache.has('new')).toBe(true);
    cache.set('newer', 98, 100);
    expect(cache.has('k1')).toBe(false);
    for (let i = 2; i < count; i++) expect(cache.has(`k${i}`), `k${i}`).toBe(true);
    expect(cache.bytes).toBe(1000);
  });

  it('replaces an entry in place, counts its bytes once, and forgets it from either part', () => {
    const cache = new SegmentedByteLru<string, string>(1000);
    cache.set('a', 'first', 100);
    cache.get('a');
    cache.set('a', 'second', 300);
    expect(cache.peek('a')).toBe('second');
    expect(cache.bytes).toBe(300);
    cache.set('b', 'probation', 200);
    expect(cache.bytes).toBe(500);
    cache.delete('a');
    cache.delete('b');
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps no entry larger than the whole budget, and takes out one it replaces', () => {
    const cache = new SegmentedByteLru<string, string>(1000);
    cache.set('a', 'small', 100);
    cache.set('a', 'huge', 1001);
    expect(cache.has('a')).toBe(false);
    expect(cache.bytes).toBe(0);
  });

  it('lets protected entries go when nothing is left on probation', () => {
    const cache = new SegmentedByteLru<string, number>(500);
    for (let i = 0; i < 4; i++) cache.set(`k${i}`, i, 100);
    for (let i = 0; i < 4; i++) cache.get(`k${i}`);
    // 400 bytes protected (the share); a 450-byte entry needs the room of all but none of them.
    cache.set('big', 9, 450);
    expect(cache.has('big')).toBe(true);
    expect(cache.bytes).toBeLessThanOrEqual(500);
    expect(cache.size).toBe(1);
  });
});

function hot() {
  return ['hot0', 'hot1', 'hot2', 'hot3', 'hot4'];
}
