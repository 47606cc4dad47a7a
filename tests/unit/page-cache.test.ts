// Visitors' server-rendered pages kept in memory (plugins/page-cache.ts): by listing version, for a short while,
// within a byte budget.
import { describe, expect, it } from 'vitest';
import { PAGE_CACHE_TTL_MS, PageCache } from '../../src/server/plugins/page-cache';

const page = (html: string) => ({ html, state: '<script></script>', preloads: '', chunks: [] });

describe('PageCache', () => {
  it('serves a page only under the version it was rendered with', () => {
    const cache = new PageCache();
    cache.set('/properties', 7, 1_000, page('seven'));
    expect(cache.get('/properties', 7, 1_001)?.html).toBe('seven');
    expect(cache.get('/properties', 8, 1_002)).toBeUndefined();
    // A stale entry is dropped, not kept for an older version.
    expect(cache.get('/properties', 7, 1_003)).toBeUndefined();
    expect(cache.stats).toEqual({ hits: 1, misses: 2 });
  });

  it('keeps a page for the time-to-live only, and not when the clock goes back', () => {
    const cache = new PageCache();
    cache.set('/', 1, 10_000, page('home'));
    expect(cache.get('/', 1, 10_000 + PAGE_CACHE_TTL_MS - 1)?.html).toBe('home');
    expect(cache.get('/', 1, 10_000 + PAGE_CACHE_TTL_MS)).toBeUndefined();
    cache.set('/', 1, 10_000, page('home'));
    expect(cache.get('/', 1, 9_999)).toBeUndefined();
  });

  it('stays within its byte budget, dropping the least recently used first', () => {
    const cache = new PageCache(10_000);
    cache.set('/a', 1, 0, page('a'.repeat(2_000)));
    cache.set('/b', 1, 0, page('b'.repeat(2_000)));
    expect(cache.get('/a', 1, 1)).toBeDefined(); // /a is now the most recently used
    cache.set('/c', 1, 0, page('c'.repeat(2_000)));
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.get('/b', 1, 2)).toBeUndefined();
    expect(cache.get('/a', 1, 2)).toBeDefined();
    expect(cache.get('/c', 1, 2)).toBeDefined();
    // A page larger than the whole budget is not kept at all.
    cache.set('/huge', 1, 0, page('h'.repeat(10_000)));
    expect(cache.get('/huge', 1, 3)).toBeUndefined();
  });
});
