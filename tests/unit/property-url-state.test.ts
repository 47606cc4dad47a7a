// The property list's URL state (doc 1 "Property list", §5 "Property list call", §9 rent sliders).
import { describe, expect, it } from 'vitest';
import {
  apiSearchParams,
  canonicalParams,
  criteriaFromFilters,
  DEFAULT_FILTERS,
  DEFAULT_SEARCH_NAME,
  defaultSearchName,
  describeFilters,
  filtersFromCriteria,
  filtersFromParams,
  filtersToParams,
  nextPageHref,
  type PropertyFilters,
  resultsQuery,
  savedSearchIdFrom,
  withoutStart,
} from '../../src/client/features/properties/url-state';

const params = (query: string) => new URLSearchParams(query);

describe('reading filters from a link', () => {
  it('reads the canonical names', () => {
    expect(
      filtersFromParams(
        params(
          'location=LS1&radius=5&propertyType=house&bedrooms=2&minRent=500&maxRent=1200&sort=rent_asc&q=garden&includeLetAgreed=1',
        ),
      ),
    ).toEqual({
      location: 'LS1',
      radius: 5,
      propertyType: 'house',
      bedrooms: 2,
      minRent: 500,
      maxRent: 1200,
      sort: 'rent_asc',
      q: 'garden',
      includeLetAgreed: true,
    });
  });

  it("reads a marketing link's aliases: type=flat is an apartment, price_min/price_max are rents, search is keywords", () => {
    expect(
      filtersFromParams(
        params('type=flat&location=leeds&price_min=600&price_max=1200&bedrooms=2&search=garden'),
      ),
    ).toEqual({
      ...DEFAULT_FILTERS,
      location: 'leeds',
      propertyType: 'apartment',
      bedrooms: 2,
      minRent: 600,
      maxRent: 1200,
      q: 'garden',
    });
  });

  it("reads the landing search panel's postcode, propertyType, minRent and maxRent", () => {
    expect(filtersFromParams(params('postcode=SW1A&propertyType=house&minRent=1000&maxRent=1500'))).toEqual({
      ...DEFAULT_FILTERS,
      location: 'SW1A',
      propertyType: 'house',
      minRent: 1000,
      maxRent: 1500,
    });
  });

  it('treats the £2,000+ budget (maxRent 10000) as no maximum on the 0-5000 slider', () => {
    const filters = filtersFromParams(params('minRent=2000&maxRent=10000'));
    expect(filters.minRent).toBe(2000);
    expect(filters.maxRent).toBe(5000);
  });

  it('snaps rents to the slider step of £50 and swaps a minimum above the maximum', () => {
    expect(filtersFromParams(params('minRent=1230&maxRent=990'))).toMatchObject({
      minRent: 1000,
      maxRent: 1250,
    });
  });

  it('reads 4+, studio and any for bedrooms, and ignores what it cannot use', () => {
    expect(filtersFromParams(params('bedrooms=4%2B')).bedrooms).toBe(4);
    expect(filtersFromParams(params('bedrooms=7')).bedrooms).toBe(4);
    expect(filtersFromParams(params('bedrooms=studio')).bedrooms).toBe(0);
    expect(filtersFromParams(params('bedrooms=any')).bedrooms).toBe('all');
    expect(filtersFromParams(params('bedrooms=lots')).bedrooms).toBe('all');
    expect(filtersFromParams(params('propertyType=any')).propertyType).toBe('all');
    expect(filtersFromParams(params('type=castle')).propertyType).toBe('all');
    expect(filtersFromParams(params('sort=cheapest')).sort).toBe('newest');
    expect(filtersFromParams(params('minRent=abc')).minRent).toBe(0);
  });

  it('keeps a radius only with a location', () => {
    expect(filtersFromParams(params('radius=10')).radius).toBeNull();
    expect(filtersFromParams(params('location=M1&radius=10')).radius).toBe(10);
    expect(filtersFromParams(params('location=M1&radius=500')).radius).toBeNull();
  });

  it('reads search={uuid} as a saved search id, not as keywords', () => {
    const id = '0b7c1f0e-4a51-4c1e-9a3e-2f4f1d6c8b90';
    const query = params(`search=${id}`);
    expect(savedSearchIdFrom(query)).toBe(id);
    expect(filtersFromParams(query).q).toBe('');
    expect(savedSearchIdFrom(params('search=garden'))).toBeNull();
  });
});

describe('what a form sends before the scripts have run (decision 0061)', () => {
  it('reads the landing search’s budget band as the two rents, and writes the canonical names back', () => {
    const banded = params('postcode=LS1&propertyType=house&budget=1000-1500');
    expect(filtersFromParams(banded)).toMatchObject({ location: 'LS1', minRent: 1000, maxRent: 1500 });
    expect(canonicalParams(banded)?.toString()).toBe(
      'location=LS1&propertyType=house&minRent=1000&maxRent=1500',
    );
    // "2000+" as a form encodes it (%2B), and as a hand-typed + (a space) reads the same.
    for (const top of ['budget=2000%2B', 'budget=2000+']) {
      expect(filtersFromParams(params(top))).toMatchObject({ minRent: 2000, maxRent: 5000 });
    }
    // A rent named outright wins over the band.
    expect(filtersFromParams(params('budget=500-1000&maxRent=800'))).toMatchObject({
      minRent: 500,
      maxRent: 800,
    });
  });

  it('ignores empty fields, "any" and an unknown band instead of refusing them', () => {
    for (const query of [
      'postcode=&propertyType=any&budget=',
      'location=&radius=&propertyType=all&bedrooms=all&minRent=0&maxRent=5000&q=&sort=newest',
      'budget=lots&radius=far&bedrooms=many&sort=best',
    ]) {
      expect(filtersFromParams(params(query)), query).toEqual(DEFAULT_FILTERS);
      expect(canonicalParams(params(query))?.toString(), query).toBe('');
    }
  });

  it('starts the results after a page link’s cursor, and a changed filter starts again', () => {
    const url = params('location=LS1&sort=rent_asc&cursor=abc');
    expect(resultsQuery(url).toString()).toBe('location=LS1&sort=rent_asc&cursor=abc');
    expect(resultsQuery(params('location=LS1')).has('cursor')).toBe(false);
    // The canonical rewrite keeps the page the link asked for.
    expect(canonicalParams(url)).toBeNull();
    expect(nextPageHref(params('location=LS1&cursor=abc'), 'def')).toBe(
      '/properties?location=LS1&cursor=def',
    );
    expect(withoutStart(url).toString()).toBe('location=LS1&sort=rent_asc');
  });
});

describe('writing filters into the URL', () => {
  it('writes nothing for the default search', () => {
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('rewrites aliases to the canonical names and keeps view, filter and a saved search id', () => {
    const canonical = canonicalParams(
      params('type=flat&location=leeds&price_max=1200&bedrooms=2&q=garden&view=map'),
    );
    expect(canonical?.toString()).toBe(
      'location=leeds&propertyType=apartment&bedrooms=2&maxRent=1200&q=garden&view=map',
    );
    expect(canonicalParams(params('postcode=SW1A&minRent=1000&maxRent=1500'))?.toString()).toBe(
      'location=SW1A&minRent=1000&maxRent=1500',
    );
    expect(canonicalParams(params('search=garden+flat'))?.toString()).toBe('q=garden+flat');
    expect(canonicalParams(params('filter=saved'))).toBeNull();
  });

  it('leaves a canonical query alone', () => {
    expect(canonicalParams(params('location=LS1&bedrooms=2'))).toBeNull();
    expect(canonicalParams(params('view=searches'))).toBeNull();
  });

  it('round-trips: filters → URL → the same filters', () => {
    const samples: PropertyFilters[] = [
      DEFAULT_FILTERS,
      {
        location: 'LS1',
        radius: 3,
        propertyType: 'studio',
        bedrooms: 0,
        minRent: 50,
        maxRent: 4950,
        sort: 'rent_desc',
        q: 'balcony',
        includeLetAgreed: true,
      },
      { ...DEFAULT_FILTERS, location: 'Leeds', bedrooms: 4, maxRent: 1200 },
      { ...DEFAULT_FILTERS, propertyType: 'room', minRent: 5000, maxRent: 5000 },
    ];
    for (const filters of samples) expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
  });

  it('round-trips: a canonical URL → filters → the same URL', () => {
    const query =
      'location=M1+1AE&radius=1&propertyType=house&bedrooms=3&minRent=800&maxRent=2000&sort=rent_asc&q=garden';
    expect(filtersToParams(filtersFromParams(params(query))).toString()).toBe(query);
  });
});

describe('the property list call (doc 1 §5)', () => {
  it('sends nothing for the default search', () => {
    expect(apiSearchParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('sends minRent only above 0 and maxRent only below 5000', () => {
    expect(apiSearchParams({ ...DEFAULT_FILTERS, minRent: 0, maxRent: 5000 }).has('minRent')).toBe(false);
    expect(apiSearchParams({ ...DEFAULT_FILTERS, minRent: 0, maxRent: 5000 }).has('maxRent')).toBe(false);
    const narrowed = apiSearchParams({ ...DEFAULT_FILTERS, minRent: 50, maxRent: 4950 });
    expect(narrowed.get('minRent')).toBe('50');
    expect(narrowed.get('maxRent')).toBe('4950');
  });

  it("leaves out propertyType and bedrooms when 'all', and sends studio as bedrooms=0", () => {
    const all = apiSearchParams({ ...DEFAULT_FILTERS, propertyType: 'all', bedrooms: 'all' });
    expect(all.has('propertyType')).toBe(false);
    expect(all.has('bedrooms')).toBe(false);
    const studio = apiSearchParams({ ...DEFAULT_FILTERS, propertyType: 'studio', bedrooms: 0 });
    expect(studio.get('propertyType')).toBe('studio');
    expect(studio.get('bedrooms')).toBe('0');
  });

  it('sends the location under its own name, with the radius only when there is a location', () => {
    const near = apiSearchParams({ ...DEFAULT_FILTERS, location: 'LS1', radius: 5 });
    expect(near.get('location')).toBe('LS1');
    expect(near.get('radius')).toBe('5');
    expect(apiSearchParams({ ...DEFAULT_FILTERS, radius: 5 }).has('radius')).toBe(false);
  });

  it('sends keywords as q and a sort other than newest', () => {
    const query = apiSearchParams({ ...DEFAULT_FILTERS, q: '  garden ', sort: 'rent_asc' });
    expect(query.get('q')).toBe('garden');
    expect(query.get('sort')).toBe('rent_asc');
    expect(apiSearchParams({ ...DEFAULT_FILTERS, sort: 'newest' }).has('sort')).toBe(false);
  });
});

describe('saved searches', () => {
  it("names an unfiltered search 'My Property Search' and a filtered one by its description", () => {
    expect(defaultSearchName(DEFAULT_FILTERS)).toBe(DEFAULT_SEARCH_NAME);
    expect(
      defaultSearchName({
        ...DEFAULT_FILTERS,
        location: 'Leeds',
        bedrooms: 2,
        propertyType: 'house',
        maxRent: 1200,
      }),
    ).toBe('2 bed houses in Leeds, up to £1,200 pcm');
    expect(
      describeFilters({ ...DEFAULT_FILTERS, bedrooms: 0, minRent: 500, maxRent: 900, q: 'garden' }),
    ).toBe('Studios, £500 to £900 pcm, “garden”');
    expect(describeFilters({ ...DEFAULT_FILTERS, location: 'M1', radius: 1 })).toBe(
      'Homes within 1 mile of M1',
    );
  });

  it('keeps only the criteria that narrow the search, and reads them back as the same filters', () => {
    const filters: PropertyFilters = {
      ...DEFAULT_FILTERS,
      location: 'LS1',
      radius: 3,
      bedrooms: 2,
      minRent: 400,
      q: 'garden',
      sort: 'rent_asc',
      includeLetAgreed: true,
    };
    const criteria = criteriaFromFilters(filters);
    expect(criteria).toEqual({
      location: 'LS1',
      radius: 3,
      bedrooms: 2,
      minRent: 400,
      q: 'garden',
      includeLetAgreed: true,
    });
    expect(filtersFromCriteria(criteria)).toEqual({ ...filters, sort: 'newest' });
    expect(criteriaFromFilters(DEFAULT_FILTERS)).toEqual({});
  });

  it("reads older criteria that used postcode and the dashboard's string bedrooms", () => {
    expect(filtersFromCriteria({ postcode: 'SW1A 1AA', bedrooms: '4+', maxRent: 10000 })).toMatchObject({
      location: 'SW1A 1AA',
      bedrooms: 4,
      maxRent: 5000,
    });
  });
});
