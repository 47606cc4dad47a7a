// The bench's request mix: a true Zipf shape and a fixed, distinct set of searches.
import { describe, expect, it } from 'vitest';
import { percentile, searchQueries, seededRandom, zipfSampler } from '../../scripts/bench/mix';

describe('bench mix', () => {
  it('draws rank k about 1/(k+1) as often as rank 0', () => {
    const draw = zipfSampler(1000, 1, seededRandom(7));
    const counts = new Array(1000).fill(0);
    for (let i = 0; i < 200_000; i++) counts[draw()] += 1;
    expect(counts[1] / counts[0]).toBeCloseTo(0.5, 1);
    expect(counts[9] / counts[0]).toBeCloseTo(0.1, 1);
    // The long tail is drawn too, rarely.
    expect(counts.slice(500).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(counts.every((c, k) => k === 0 || c <= counts[0])).toBe(true);
  });

  it('makes the asked number of distinct searches, the same ones for the same seed', () => {
    const vocabulary = {
      outcodes: ['LS1', 'LS6', 'M1', 'SW1A'],
      areas: ['LS', 'M', 'SW'],
      towns: ['Leeds', 'London'],
    };
    const queries = searchQueries(vocabulary, 300, 1);
    expect(new Set(queries).size).toBe(300);
    expect(queries[0]).toBe('');
    expect(searchQueries(vocabulary, 300, 1)).toEqual(queries);
    for (const query of queries) {
      const params = new URLSearchParams(query);
      if (params.has('radius')) expect(params.has('postcode')).toBe(true);
    }
  });

  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([], 50)).toBeNaN();
  });
});
