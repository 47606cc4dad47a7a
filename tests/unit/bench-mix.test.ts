// The bench's request mix: a true Zipf shape and a fixed, distinct set of searches.
import { describe, expect, it } from 'vitest';
import {
  meanBytesOfMix,
  percentile,
  searchQueries,
  seededRandom,
  zipfSampler,
} from '../../scripts/bench/mix';
import { areaOf, summariseProfile } from '../../scripts/bench/profile';

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

  it("weighs each reply's size by how often the mix asks for it (the ceiling's size)", () => {
    const sizes = new Map([
      ['/popular', 1000],
      ['/rare', 5000],
    ]);
    const random = seededRandom(3);
    // Nine requests in ten are the popular search: the mean is near 1,400 bytes, not the 3,000 of one each.
    const mean = meanBytesOfMix(() => (random() < 0.9 ? '/popular' : '/rare'), sizes);
    expect(mean).toBeGreaterThan(1300);
    expect(mean).toBeLessThan(1500);
    expect(() => meanBytesOfMix(() => '/unseen', sizes)).toThrow(/did not see \/unseen/);
  });
});

describe('bench CPU profile summary', () => {
  it('names where code lives: our files, packages, Node and V8', () => {
    expect(areaOf('file:///app/dist/server/main.js', 'searchProperties')).toBe('dist/server/main.js');
    expect(areaOf('file:///app/node_modules/@fastify/compress/index.js', 'onSend')).toBe('@fastify/compress');
    expect(areaOf('file:///app/node_modules/pg/lib/client.js', 'query')).toBe('pg');
    expect(areaOf('node:internal/stream_base_commons', 'writevGeneric')).toBe('node');
    expect(areaOf('', '(garbage collector)')).toBe('(garbage collector)');
    expect(areaOf('', 'writev')).toBe('(native)');
  });

  it('shares self time among functions and areas, leaving out idle samples', () => {
    const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });
    const summary = summariseProfile({
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2, 3, 4] },
        { id: 2, callFrame: frame('(idle)') },
        { id: 3, callFrame: frame('search', 'file:///app/dist/server/main.js') },
        { id: 4, callFrame: frame('(garbage collector)') },
      ],
      samples: [2, 2, 3, 3, 3, 4],
      timeDeltas: [1, 1, 1, 1, 1, 1],
    });
    expect(summary.areas).toEqual([
      { name: 'dist/server/main.js', percent: 75 },
      { name: '(garbage collector)', percent: 25 },
    ]);
    expect(summary.functions[0]).toEqual({ name: 'search dist/server/main.js:1', percent: 75 });
  });
});
