// Server-rendered pages kept in memory (plugins/page-cache.ts): compressed, while the listing version and the London
// day they were drawn under hold, for PAGE_MAX_AGE_MS at most, within a byte budget.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeptPage } from '../../src/server/lib/kept-page';
import { MemberPages, PAGE_MAX_AGE_MS, PageCache } from '../../src/server/plugins/page-cache';

const reply = (html: string) => ({ status: 200, page: KeptPage.of(html) });
const text = (cache: PageCache, kept: { page: KeptPage } | undefined) =>
  kept ? cache.identity(kept.page).toString('utf8') : undefined;
const on = (version: number, day = '2026-11-27', until = Number.POSITIVE_INFINITY) => ({
  version: `${version}.0`,
  day,
  until,
});

describe('PageCache', () => {
  it('serves a page only under the listing version and the day it was drawn on', () => {
    const cache = new PageCache();
    cache.set('/properties', on(7), 1_000, reply('seven'));
    expect(text(cache, cache.get('/properties', on(7), 1_001))).toBe('seven');
    expect(cache.get('/properties', on(8), 1_002)).toBeUndefined();
    // A stale entry is dropped, not kept for an older version.
    expect(cache.get('/properties', on(7), 1_003)).toBeUndefined();
    cache.set('/', on(7), 1_000, reply('home'));
    // "Available from" tomorrow reads "Immediately" the next day: a new day draws the page again.
    expect(cache.get('/', on(7, '2026-11-28'), 1_004)).toBeUndefined();
    // Two of the misses found the page kept under what no longer holds; one found it gone.
    expect(cache.stats).toEqual({ hits: 1, misses: 3, stale: 2, aged: 0 });
  });

  it('drops a page once a listing or trade it may show stops being live', () => {
    const cache = new PageCache();
    cache.set('/properties', on(3, '2026-11-27', 5_000), 1_000, reply('with the expiring home'));
    expect(cache.get('/properties', on(3, '2026-11-27', 5_000), 4_999)).toBeDefined();
    expect(cache.get('/properties', on(3, '2026-11-27', 5_000), 5_000)).toBeUndefined();
  });

  it('keeps a page for PAGE_MAX_AGE_MS at most, and not when the clock goes back', () => {
    const cache = new PageCache();
    cache.set('/', on(1), 10_000, reply('home'));
    expect(text(cache, cache.get('/', on(1), 10_000 + PAGE_MAX_AGE_MS - 1))).toBe('home');
    expect(cache.get('/', on(1), 10_000 + PAGE_MAX_AGE_MS)).toBeUndefined();
    cache.set('/', on(1), 10_000, reply('home'));
    expect(cache.get('/', on(1), 9_999)).toBeUndefined();
    // Both misses are counted as pages that aged, the bench's clue to a budget that holds pages too long.
    expect(cache.stats).toMatchObject({ misses: 2, stale: 2, aged: 2 });
  });

  it('stays within its byte budget, dropping the least recently used first', () => {
    // Text that hardly compresses: each page keeps about 3 KB.
    const noise = () => randomBytes(3_000).toString('base64');
    const cache = new PageCache(8_000, PAGE_MAX_AGE_MS, 0);
    cache.set('/a', on(1), 0, reply(noise()));
    cache.set('/b', on(1), 0, reply(noise()));
    expect(cache.get('/a', on(1), 1)).toBeDefined(); // /a is now the most recently used
    cache.set('/c', on(1), 0, reply(noise()));
    expect(cache.bytes).toBeLessThanOrEqual(8_000);
    expect(cache.get('/b', on(1), 2)).toBeUndefined();
    expect(cache.evictions).toBe(1);
    expect(cache.stats.stale).toBe(0); // gone to make room, not stale
    expect(cache.get('/a', on(1), 2)).toBeDefined();
    expect(cache.get('/c', on(1), 2)).toBeDefined();
    // A page larger than the whole budget is not kept at all.
    cache.set('/huge', on(1), 0, reply(noise() + noise() + noise()));
    expect(cache.get('/huge', on(1), 3)).toBeUndefined();
  });

  it('keeps pages read again while a run of pages asked once passes through', () => {
    const noise = () => randomBytes(3_000).toString('base64');
    const cache = new PageCache(40_000, PAGE_MAX_AGE_MS, 0);
    for (const path of ['/', '/properties', '/about']) cache.set(path, on(1), 0, reply(noise()));
    for (const path of ['/', '/properties', '/about']) expect(cache.get(path, on(1), 1), path).toBeDefined();
    // A day's long tail: forty results pages nobody asks for twice, ten times the budget's room.
    for (let i = 0; i < 40; i++) cache.set(`/properties?q=${i}`, on(1), 2, reply(noise()));
    expect(cache.bytes).toBeLessThanOrEqual(40_000);
    for (const path of ['/', '/properties', '/about']) expect(cache.get(path, on(1), 3), path).toBeDefined();
    expect(cache.get('/properties?q=0', on(1), 3)).toBeUndefined();
    expect(cache.get('/properties?q=39', on(1), 3)).toBeDefined();
  });

  it('keeps the most used pages inflated within their own budget, for clients without gzip', () => {
    const cache = new PageCache(1_000_000, PAGE_MAX_AGE_MS, 5_000);
    const a = reply('a'.repeat(3_000));
    const b = reply('b'.repeat(3_000));
    expect(cache.identity(a.page)).toBe(cache.identity(a.page));
    const before = cache.bytes;
    cache.identity(b.page);
    // b's 3 KB pushed a's out: the inflated copies stay within 5 KB.
    expect(cache.bytes).toBeLessThanOrEqual(before + 100);
    expect(cache.identity(a.page).toString()).toBe('a'.repeat(3_000));
  });
});

describe('MemberPages', () => {
  const calls = ['/api/properties?page=1'];

  it("counts why a member's page was not found: stale, aged, or kept only with other answers", () => {
    const pages = new MemberPages();
    pages.set('/properties\ntenant', on(1), 1_000, calls, 'answers-a', reply('drawn for a'));
    expect(pages.calls('/properties\ntenant', on(1), 1_001)).toEqual(calls);
    expect(pages.get('/properties\ntenant', 'answers-a')).toBeDefined();
    expect(pages.get('/properties\ntenant', 'answers-b')).toBeUndefined();
    // A new listing version: the kept page no longer holds, and is dropped.
    expect(pages.calls('/properties\ntenant', on(2), 1_002)).toBeUndefined();
    expect(pages.calls('/properties\ntenant', on(2), 1_003)).toBeUndefined();
    pages.set('/', on(2), 1_000, calls, 'answers-a', reply('home'));
    expect(pages.calls('/', on(2), 1_000 + PAGE_MAX_AGE_MS)).toBeUndefined();
    expect(pages.stats).toMatchObject({ stale: 2, aged: 1 });
  });

  it('counts the addresses that went to make room for others', () => {
    const noise = () => randomBytes(3_000).toString('base64');
    const pages = new MemberPages(8_000);
    for (const path of ['/a', '/b', '/c']) pages.set(path, on(1), 0, calls, 'x', reply(noise()));
    expect(pages.bytes).toBeLessThanOrEqual(8_000);
    expect(pages.evictions).toBe(1);
    expect(pages.calls('/a', on(1), 1)).toBeUndefined();
    expect(pages.stats.stale).toBe(0);
  });
});
