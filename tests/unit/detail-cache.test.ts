import { describe, expect, it } from 'vitest';
import {
  DETAIL_TTL_MS,
  DetailCache,
  type DetailCore,
} from '../../src/server/features/properties/detail-cache';

const core = (landlordId: string, title = 'A home'): DetailCore =>
  ({ row: { property: { landlordId, title } }, images: [], responseTime: null }) as unknown as DetailCore;

describe('DetailCache', () => {
  it('serves a page only under its listing version and within DETAIL_TTL_MS', () => {
    const cache = new DetailCache();
    cache.set('a', 1, 0, core('l1'));
    expect(cache.get('a', 1, DETAIL_TTL_MS - 1)).toBeDefined();
    expect(cache.get('a', 2, 0)).toBeUndefined();
    cache.set('a', 1, 0, core('l1'));
    expect(cache.get('a', 1, DETAIL_TTL_MS)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('drops one landlord’s pages and keeps the others', () => {
    const cache = new DetailCache();
    cache.set('a', 1, 0, core('l1'));
    cache.set('b', 1, 0, core('l2'));
    cache.forgetLandlord('l1');
    expect(cache.get('a', 1, 0)).toBeUndefined();
    expect(cache.get('b', 1, 0)).toBeDefined();
  });

  it('keeps its pages within its byte budget, least recently used out first', () => {
    const one = 2 * JSON.stringify(core('l1', 'x'.repeat(500))).length + 200;
    const cache = new DetailCache(2 * one + 10);
    cache.set('a', 1, 0, core('l1', 'x'.repeat(500)));
    cache.set('b', 1, 0, core('l1', 'x'.repeat(500)));
    cache.get('a', 1, 0);
    cache.set('c', 1, 0, core('l1', 'x'.repeat(500)));
    expect(cache.get('b', 1, 0)).toBeUndefined();
    expect(cache.get('a', 1, 0)).toBeDefined();
    expect(cache.get('c', 1, 0)).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(2 * one + 10);
  });
});
