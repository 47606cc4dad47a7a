// The landing page's front window (issue 30 item 5, decision 0062): pins first, then homes that qualify by the rules,
// spread across places, in an order that holds for the London day.
import { describe, expect, it } from 'vitest';
import {
  FEATURED_COUNT,
  FEATURED_FRESH_DAYS,
  FEATURED_MIN_DESCRIPTION,
  FEATURED_MIN_PHOTOS,
  featuredShortfalls,
  pickFeatured,
  postcodeArea,
  qualifiesForFeatured,
  rotationOrder,
  type TFeaturedCandidate,
} from '../../src/domain/featured';

const NOW = new Date('2026-11-27T10:00:00Z');
const DAY_MS = 86_400_000;
let n = 0;

function home(overrides: Partial<TFeaturedCandidate> = {}): TFeaturedCandidate {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    outcode: `LS${n}`,
    photoCount: FEATURED_MIN_PHOTOS,
    descriptionLength: FEATURED_MIN_DESCRIPTION,
    monthlyRentPence: 95_000,
    bedrooms: 2,
    bathrooms: 1,
    depositStated: true,
    epcStated: true,
    councilTaxBand: 'B',
    nation: 'england',
    available: true,
    letAgreedAt: null,
    freshAt: new Date(NOW.getTime() - DAY_MS),
    ...overrides,
  };
}

describe('which homes qualify', () => {
  it('takes a home with photos, complete details, confirmed lately and still to let', () => {
    expect(featuredShortfalls(home(), NOW)).toEqual([]);
  });

  it('leaves out a home with one cartoon photo and a short description, however new', () => {
    const newest = home({ photoCount: 1, descriptionLength: 40, freshAt: NOW });
    expect(qualifiesForFeatured(newest, NOW)).toBe(false);
    expect(featuredShortfalls(newest, NOW)).toEqual([
      `fewer than ${FEATURED_MIN_PHOTOS} photos`,
      `a description under ${FEATURED_MIN_DESCRIPTION} characters`,
    ]);
  });

  it('names every missing detail', () => {
    const bare = home({
      bedrooms: null,
      depositStated: false,
      epcStated: false,
      councilTaxBand: null,
      available: false,
      letAgreedAt: new Date(NOW.getTime() - DAY_MS),
    });
    expect(featuredShortfalls(bare, NOW)).toEqual([
      'bedrooms or bathrooms not stated',
      'deposit not stated',
      'no EPC rating or exemption',
      'no council tax band',
      'marked not available',
      'let agreed',
    ]);
  });

  it('asks no council tax band in Northern Ireland (domestic rates)', () => {
    expect(qualifiesForFeatured(home({ councilTaxBand: null, nation: 'northern_ireland' }), NOW)).toBe(true);
  });

  it(`is fresh for ${FEATURED_FRESH_DAYS} days after its last confirmation`, () => {
    const at = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
    expect(qualifiesForFeatured(home({ freshAt: at(FEATURED_FRESH_DAYS) }), NOW)).toBe(true);
    expect(qualifiesForFeatured(home({ freshAt: at(FEATURED_FRESH_DAYS + 0.01) }), NOW)).toBe(false);
    expect(qualifiesForFeatured(home({ freshAt: null }), NOW)).toBe(false);
  });
});

describe('the window', () => {
  it('puts pins first, in the order given, then fills with qualifying homes', () => {
    const a = home({ outcode: 'M1' });
    const b = home({ outcode: 'B1' });
    const picks = pickFeatured([{ id: 'pin-2', outcode: 'LS6' }], [a, b], NOW);
    expect(picks).toHaveLength(FEATURED_COUNT);
    expect(picks[0]).toEqual({ id: 'pin-2', reason: 'pinned' });
    expect(new Set(picks.slice(1).map((p) => p.id))).toEqual(new Set([a.id, b.id]));
    expect(picks.slice(1).every((p) => p.reason === 'rules')).toBe(true);
  });

  it('never chooses a home that fails the rules, and never repeats a pinned one', () => {
    const good = home({ outcode: 'M1' });
    const cartoon = home({ outcode: 'B1', photoCount: 1, freshAt: NOW });
    const picks = pickFeatured([{ id: good.id, outcode: 'M1' }], [good, cartoon], NOW);
    expect(picks).toEqual([{ id: good.id, reason: 'pinned' }]);
  });

  it('shows at most one home from a district, and a second area only when others cannot fill', () => {
    const leeds = [home({ outcode: 'LS6' }), home({ outcode: 'LS6' }), home({ outcode: 'LS2' })];
    const manchester = home({ outcode: 'M1' });
    const picks = pickFeatured([], [...leeds, manchester], NOW);
    const outcodes = picks.map((p) => [...leeds, manchester].find((h) => h.id === p.id)?.outcode);
    expect(outcodes).toHaveLength(3);
    // M1 and one Leeds district come first (one per area), then the other Leeds district; never LS6 twice.
    expect(new Set(outcodes)).toEqual(new Set(['M1', 'LS6', 'LS2']));
    expect(new Set(outcodes.slice(0, 2).map((o) => postcodeArea(o ?? '')))).toEqual(new Set(['M', 'LS']));
  });

  it('keeps a pinned district out of the rules’ choice', () => {
    const sameDistrict = home({ outcode: 'LS6' });
    const elsewhere = home({ outcode: 'B1' });
    const picks = pickFeatured([{ id: 'pin', outcode: 'LS6' }], [sameDistrict, elsewhere], NOW);
    expect(picks.map((p) => p.id)).toEqual(['pin', elsewhere.id]);
  });

  it('holds its order through the London day whatever order the homes arrive in, and turns with the day', () => {
    const homes = Array.from({ length: 30 }, () => home());
    const morning = rotationOrder(homes, new Date('2026-11-27T08:00:00Z')).map((h) => h.id);
    const evening = rotationOrder([...homes].reverse(), new Date('2026-11-27T23:30:00Z')).map((h) => h.id);
    const tomorrow = rotationOrder(homes, new Date('2026-11-28T08:00:00Z')).map((h) => h.id);
    expect(evening).toEqual(morning);
    expect(tomorrow).not.toEqual(morning);
    expect(new Set(tomorrow)).toEqual(new Set(morning));
  });

  it('is not simply the newest: the freshest home is not always first', () => {
    const firsts = new Set<string>();
    for (let day = 1; day <= 10; day++) {
      const at = new Date(NOW.getTime() + day * DAY_MS);
      const homes = Array.from({ length: 5 }, (_, i) =>
        home({ freshAt: new Date(at.getTime() - i * 3_600_000) }),
      );
      const picks = pickFeatured([], homes, at);
      firsts.add(picks[0].id === homes[0].id ? 'newest' : 'other');
    }
    expect(firsts.has('other')).toBe(true);
  });
});
