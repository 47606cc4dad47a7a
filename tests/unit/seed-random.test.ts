import { describe, expect, it } from 'vitest';
import {
  fiveWeeksRentPence,
  generateListing,
  pickDistricts,
  roundRent,
} from '../../src/server/db/seed/properties';
import { createRandom, weightedTable } from '../../src/server/db/seed/random';

describe('seeded random numbers', () => {
  it('gives the same sequence for the same seed and a different one for another', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(seqA);
    for (const n of seqA) {
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(1);
    }
  });

  it('forks independent streams that do not move the parent', () => {
    const parent = createRandom(7);
    const before = createRandom(7).next();
    const fork = parent.fork('properties');
    fork.next();
    expect(parent.next()).toBe(before);
    expect(createRandom(7).fork('properties').next()).toBe(createRandom(7).fork('properties').next());
    expect(createRandom(7).fork('properties').next()).not.toBe(createRandom(7).fork('contractors').next());
  });

  it('picks by weight, never choosing a zero-weight item', () => {
    const random = createRandom(1);
    const weights: Record<string, number> = { never: 0, often: 9, rarely: 1 };
    const pick = weightedTable(['never', 'often', 'rarely'], (x) => weights[x]);
    const counts = { never: 0, often: 0, rarely: 0 };
    for (let i = 0; i < 5000; i++) counts[pick(random) as keyof typeof counts]++;
    expect(counts.never).toBe(0);
    expect(counts.often).toBeGreaterThan(counts.rarely * 5);
  });

  it('generates the same listing from the same seed', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    const make = () => {
      const random = createRandom(99);
      const [district] = pickDistricts(random, 1);
      const { property } = generateListing(random, now, district, 'landlord');
      const { id: _id, ...rest } = property;
      return rest;
    };
    expect(make()).toEqual(make());
  });
});

describe('rent rounding and deposits', () => {
  it('rounds rents to £5 under £1,000 and to £25 from £1,000', () => {
    expect(roundRent(742)).toBe(740);
    expect(roundRent(743)).toBe(745);
    expect(roundRent(1312)).toBe(1300);
    expect(roundRent(1313)).toBe(1325);
  });

  it("takes five weeks' rent as the deposit, rounded down to the penny", () => {
    // £1,000 pcm × 12 / 52 × 5 = £1,153.846…
    expect(fiveWeeksRentPence(100_000)).toBe(115_384);
    expect(fiveWeeksRentPence(52_000)).toBe(60_000);
  });
});
