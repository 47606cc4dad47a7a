import { describe, expect, it } from 'vitest';
import { coalesced } from '../../src/server/lib/coalesce';

describe('coalesced lookups', () => {
  it('answers the keys asked for in one turn with one load, each with its own value', async () => {
    const calls: string[][] = [];
    const get = coalesced(async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()]));
    });
    const answers = await Promise.all([get('a'), get('b'), get('a'), get('missing')]);
    expect(answers).toEqual(['A', 'B', 'A', undefined]);
    expect(calls).toEqual([['a', 'b', 'missing']]);
  });

  it('loads again for keys asked for later: nothing is kept between turns', async () => {
    let value = 1;
    const calls: string[][] = [];
    const get = coalesced(async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.map((k) => [k, value]));
    });
    expect(await get('a')).toBe(1);
    value = 2;
    expect(await get('a')).toBe(2);
    expect(calls).toEqual([['a'], ['a']]);
  });

  it('splits a large turn into loads of at most 100 keys', async () => {
    const sizes: number[] = [];
    const get = coalesced(async (keys: number[]) => {
      sizes.push(keys.length);
      return new Map(keys.map((k) => [k, k * 2]));
    });
    const answers = await Promise.all(Array.from({ length: 250 }, (_, i) => get(i)));
    expect(answers[249]).toBe(498);
    expect(sizes).toEqual([100, 100, 50]);
  });

  it('passes a failed load to every caller of that batch, and recovers for the next', async () => {
    let fail = true;
    const get = coalesced(async (keys: string[]) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((k) => [k, k]));
    });
    const results = await Promise.allSettled([get('a'), get('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await get('a')).toBe('a');
  });
});
