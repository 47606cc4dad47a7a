// One meaning per search filter (issue 14), checked with generated inputs (fast-check): any filter state the page
// can produce is accepted by the API schema with the same meaning and round-trips through the URL unchanged, and
// any query string at all, read by the page, becomes a query the API accepts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_TYPES, RENT_SLIDER } from '../../src/domain/constants';
import { ZPropertySearchQuery } from '../../src/domain/properties';
import {
  apiSearchParams,
  type BedroomsFilter,
  FILTER_LIMITS,
  filterEntries,
  filtersFromParams,
  filterText,
  orderedRent,
  type PropertyFilters,
} from '../../src/domain/property-filters';
import { RADIUS_OPTIONS, SORTS } from '../../src/domain/property-options';

const RUNS = { numRuns: 400 };

/** Text a person might type: any Unicode, control characters and spaces included, sometimes too long. */
const typed = (max: number) =>
  fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: max + 20 }),
    fc.string({ unit: 'binary', maxLength: max + 20 }),
    fc.constantFrom('', '  ', 'LS1', 'Leeds', 'SW1A 1AA', 'Newcastle upon Tyne', 'é'.repeat(max + 1)),
  );
const slider = fc
  .integer({ min: 0, max: RENT_SLIDER.max / RENT_SLIDER.step })
  .map((n) => n * RENT_SLIDER.step);

/** Every state the page's controls can be in. */
const pageFilters: fc.Arbitrary<PropertyFilters> = fc
  .record({
    location: typed(FILTER_LIMITS.location),
    radius: fc.option(fc.constantFrom<number>(...RADIUS_OPTIONS), { nil: null }),
    propertyType: fc.constantFrom('all' as const, ...PROPERTY_TYPES),
    bedrooms: fc.constantFrom<BedroomsFilter>('all', 0, 1, 2, 3, 4),
    minRent: slider,
    maxRent: slider,
    sort: fc.constantFrom(...SORTS),
    q: typed(FILTER_LIMITS.keywords),
    includeLetAgreed: fc.boolean(),
  })
  // The page holds what its inputs hold: text as the filter rule leaves it, the rents in order.
  .map((f) => {
    const location = filterText(f.location, FILTER_LIMITS.location);
    const [minRent, maxRent] = orderedRent(f.minRent, f.maxRent);
    return {
      ...f,
      location,
      radius: location ? f.radius : null,
      minRent,
      maxRent,
      q: filterText(f.q, FILTER_LIMITS.keywords),
    };
  });

/** What the API schema makes of a query string, or the issues it refused it with. */
function serverReads(params: URLSearchParams) {
  return ZPropertySearchQuery.safeParse(Object.fromEntries(params));
}

describe('search filters: one meaning on both sides', () => {
  it('the API accepts every filter state the page can produce, with the same meaning', () => {
    fc.assert(
      fc.property(pageFilters, (filters) => {
        const parsed = serverReads(apiSearchParams(filters));
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        const search = parsed.data!;
        expect(search.location ?? '').toBe(filters.location);
        expect(search.radiusMiles ?? null).toBe(filters.location ? filters.radius : null);
        expect(search.propertyType).toBe(filters.propertyType === 'all' ? undefined : filters.propertyType);
        expect(search.bedrooms).toBe(filters.bedrooms === 'all' ? undefined : filters.bedrooms);
        expect(search.minRentPence).toBe(
          filters.minRent > RENT_SLIDER.min ? filters.minRent * 100 : undefined,
        );
        expect(search.maxRentPence).toBe(
          filters.maxRent < RENT_SLIDER.max ? filters.maxRent * 100 : undefined,
        );
        expect(search.text ?? '').toBe(filters.q);
        expect(search.sort).toBe(filters.sort);
        expect(search.includeLetAgreed).toBe(filters.includeLetAgreed);
      }),
      RUNS,
    );
  });

  it('round-trips every page state through its URL unchanged', () => {
    fc.assert(
      fc.property(pageFilters, (filters) => {
        const url = new URLSearchParams(filterEntries(filters)).toString();
        expect(filtersFromParams(new URLSearchParams(url))).toEqual(filters);
      }),
      RUNS,
    );
  });

  it('turns any query string a link can carry into a search the API accepts', () => {
    const names = [
      'location',
      'postcode',
      'radius',
      'propertyType',
      'type',
      'bedrooms',
      'minRent',
      'maxRent',
    ];
    const value = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.constantFrom('studio', '4+', 'any', 'all', 'flat', '-1', '1e9', 'NaN', '10000', '2.5'),
      fc.integer({ min: -10, max: 200_000 }).map(String),
    );
    const names2 = [...names, 'price_min', 'price_max', 'sort', 'q', 'search', 'includeLetAgreed'];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...names2), value), { maxLength: 8 }), (pairs) => {
        const filters = filtersFromParams(new URLSearchParams(pairs));
        const parsed = serverReads(apiSearchParams(filters));
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      }),
      RUNS,
    );
  });

  it('reads the cases that used to disagree the same way on both sides', () => {
    // A 61-80 character place name was accepted by the page and refused by the API.
    const longPlace = 'A'.repeat(75);
    expect(
      serverReads(apiSearchParams({ ...filtersFromParams(new URLSearchParams({ location: longPlace })) }))
        .success,
    ).toBe(true);
    // bedrooms=studio: the page's studio is the API's 0.
    const studio = serverReads(new URLSearchParams({ bedrooms: 'studio' }));
    expect(studio.success && studio.data.bedrooms).toBe(0);
    expect(filtersFromParams(new URLSearchParams({ bedrooms: 'studio' })).bedrooms).toBe(0);
    // A minimum above the maximum swaps everywhere.
    const api = serverReads(new URLSearchParams({ minRent: '1500', maxRent: '1000' }));
    expect(api.success && [api.data.minRentPence, api.data.maxRentPence]).toEqual([100_000, 150_000]);
    const page = filtersFromParams(new URLSearchParams({ minRent: '1500', maxRent: '1000' }));
    expect([page.minRent, page.maxRent]).toEqual([1000, 1500]);
  });
});
