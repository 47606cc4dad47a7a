// The directory's URL state and the detail page's defaults (doc 1 "Contractor list", "Contractor detail", §9).
import { describe, expect, it } from 'vitest';
import {
  checkSummary,
  displayName,
  quickStats,
  servicesOffered,
  telHref,
} from '../../src/client/features/contractors/format';
import {
  activeFilterCount,
  DEFAULT_CONTRACTOR_FILTERS,
  directoryHref,
  directoryParams,
  filtersFromParams,
  filtersToParams,
  isCanonical,
  serviceAreaSummary,
  startPageFrom,
} from '../../src/client/features/contractors/url-state';

const params = (query: string) => new URLSearchParams(query);

describe('what the directory’s form and links send before the scripts have run (decision 0061)', () => {
  it('ignores the empty fields the form sends, and keeps a Load more link’s page', () => {
    const sent = params('q=&specialty=all&serviceArea=&sort=rating');
    expect(filtersFromParams(sent)).toEqual(DEFAULT_CONTRACTOR_FILTERS);
    expect(directoryParams(sent).toString()).toBe('');
    expect(startPageFrom(params('page=3'))).toBe(3);
    for (const odd of ['', 'page=0', 'page=-2', 'page=1.5', 'page=two', 'page=99999']) {
      expect(startPageFrom(params(odd)), odd).toBe(1);
    }
    expect(isCanonical(params('serviceArea=Leeds&page=2'))).toBe(true);
    expect(directoryParams(params('area=leeds&page=1')).toString()).toBe('serviceArea=Leeds');
  });

  it('links each quick filter and page to its address', () => {
    const filters = { ...DEFAULT_CONTRACTOR_FILTERS, serviceArea: 'Leeds' };
    expect(directoryHref(filters)).toBe('/contractors?serviceArea=Leeds');
    expect(directoryHref({ ...filters, topRated: true }, 2)).toBe(
      '/contractors?serviceArea=Leeds&topRated=1&page=2',
    );
    expect(directoryHref(DEFAULT_CONTRACTOR_FILTERS)).toBe('/contractors');
  });
});

describe('directory filters in the URL', () => {
  it('reads nothing as the defaults', () => {
    expect(filtersFromParams(params(''))).toEqual(DEFAULT_CONTRACTOR_FILTERS);
    expect(filtersToParams(DEFAULT_CONTRACTOR_FILTERS).toString()).toBe('');
  });

  it('reads the marketing links and writes them back under the canonical names', () => {
    const filters = filtersFromParams(params('service=plumbing&area=leeds&search=boiler'));
    expect(filters).toMatchObject({ specialty: 'Plumbing & Heating', serviceArea: 'Leeds', q: 'boiler' });
    expect(filtersToParams(filters).toString()).toBe(
      'specialty=Plumbing+%26+Heating&serviceArea=Leeds&q=boiler',
    );
    expect(isCanonical(params('service=plumbing'))).toBe(false);
    expect(isCanonical(filtersToParams(filters))).toBe(true);
  });

  it('keeps the quick filters and the sort, and ignores values it does not know', () => {
    const filters = filtersFromParams(params('topRated=1&emergency=true&sort=name&specialty=wizardry'));
    expect(filters).toEqual({ ...DEFAULT_CONTRACTOR_FILTERS, topRated: true, emergency: true, sort: 'name' });
    expect(filtersToParams(filters).toString()).toBe('topRated=1&emergency=1&sort=name');
    expect(filtersFromParams(params('sort=cheapest')).sort).toBe('rating');
  });

  it('takes any place as the service area, a quick-pick city in its own spelling (issue 17)', () => {
    // Once only the ten cities were kept; now the server decides what a place means (Atlantis finds no one).
    expect(filtersFromParams(params('serviceArea=%20Ipswich%20')).serviceArea).toBe('Ipswich');
    expect(filtersFromParams(params('serviceArea=IP4+1AA')).serviceArea).toBe('IP4 1AA');
    expect(filtersFromParams(params('serviceArea=Atlantis')).serviceArea).toBe('Atlantis');
    expect(filtersFromParams(params('area=glasgow')).serviceArea).toBe('Glasgow');
    for (const none of ['all', 'ANY', '', '   '])
      expect(filtersFromParams(params(`serviceArea=${none}`)).serviceArea).toBe('');
    expect(filtersFromParams(params(`serviceArea=${'x'.repeat(100)}`)).serviceArea).toHaveLength(60);
    expect(filtersToParams(filtersFromParams(params('area=south+west+london'))).toString()).toBe(
      'serviceArea=south+west+london',
    );
    expect(activeFilterCount(filtersFromParams(params('serviceArea=York')))).toBe(1);
  });

  it('counts the filters in use (the sort is not a filter)', () => {
    expect(
      activeFilterCount(filtersFromParams(params('specialty=Roofing&q=slate&topRated=1&sort=name'))),
    ).toBe(3);
  });
});

describe('card and detail texts', () => {
  it('shows the first two service areas, then how many more', () => {
    expect(serviceAreaSummary(['Leeds', 'York', 'Hull', 'Bradford'])).toEqual({
      shown: ['Leeds', 'York'],
      more: 2,
    });
    expect(serviceAreaSummary(['Leeds'])).toEqual({ shown: ['Leeds'], more: 0 });
  });

  it("uses the person's name when there is no business name", () => {
    expect(displayName({ businessName: ' ', firstName: 'Dan', lastName: 'Hughes' })).toBe('Dan Hughes');
    expect(displayName({ businessName: 'Hughes Plumbing', firstName: 'Dan', lastName: 'Hughes' })).toBe(
      'Hughes Plumbing',
    );
  });

  it("falls back to '{specialty} Services' when no services are listed", () => {
    expect(servicesOffered([], 'Roofing')).toEqual(['Roofing Services']);
    expect(servicesOffered([], 'Cleaning Services')).toEqual(['Cleaning Services']);
    expect(servicesOffered(['Gutters'], 'Roofing')).toEqual(['Gutters']);
  });

  it('shows no years, jobs or response time without a record, and never an invented rating', () => {
    const stats = quickStats({
      experience: null,
      jobsCompleted: 0,
      responseTime: null,
      rating: null,
      reviewCount: 0,
      verifiedReviewCount: 0,
    });
    expect(stats).toEqual([{ key: 'rating', label: 'Rating', value: 'No reviews yet' }]);
    const text = JSON.stringify(stats);
    for (const invented of ['5+', '100+', '< 2 hours', 'years']) expect(text).not.toContain(invented);
  });

  it('shows each recorded figure with where it comes from', () => {
    const stats = quickStats({
      experience: 12,
      jobsCompleted: 3,
      responseTime: { label: 'Usually replies within a few hours', requests: 7, windowDays: 365 },
      rating: 4.67,
      reviewCount: 3,
      verifiedReviewCount: 2,
    });
    expect(stats).toEqual([
      { key: 'experience', label: 'Experience', value: '12 years', note: 'As stated by the trade' },
      { key: 'jobs', label: 'Jobs won on Your Place', value: '3' },
      {
        key: 'responseTime',
        label: 'Response time',
        value: 'Usually replies within a few hours',
        note: 'Median over 7 quote requests in the last 12 months',
      },
      { key: 'rating', label: 'Rating', value: '4.7 / 5', note: 'from 2 verified jobs' },
    ]);
    const unreviewed = {
      jobsCompleted: 0,
      responseTime: null,
      rating: null,
      reviewCount: 0,
      verifiedReviewCount: 0,
    };
    expect(quickStats({ ...unreviewed, experience: 1 })[0]).toMatchObject({ value: '1 year' });
    expect(quickStats({ ...unreviewed, experience: 0 })[0]).toMatchObject({ value: 'Under a year' });
    // No verified job yet: the rating says so rather than passing for one.
    expect(
      quickStats({ ...unreviewed, experience: null, rating: 5, reviewCount: 3 }).find(
        (s) => s.key === 'rating',
      ),
    ).toEqual({
      key: 'rating',
      label: 'Rating',
      value: '5.0 / 5',
      note: 'from 3 reviews, none from a verified job',
    });
  });

  it('says what a check was of: the insurer, or the registration number', () => {
    const base = { checkedAt: '2026-11-01T10:00:00Z', expiresOn: '2027-03-01' };
    expect(checkSummary({ ...base, kind: 'insurance', provider: 'Aviva', registrationNumber: null })).toBe(
      'Public liability insurance with Aviva',
    );
    expect(checkSummary({ ...base, kind: 'gas_safe', provider: null, registrationNumber: '123456' })).toBe(
      'Gas Safe registration 123456',
    );
    expect(checkSummary({ ...base, kind: 'niceic', provider: null, registrationNumber: 'AB1234' })).toBe(
      'NICEIC registration AB1234',
    );
  });

  it('turns a typed phone number into a tel: link', () => {
    expect(telHref('0113 496 0000')).toBe('tel:01134960000');
    expect(telHref('+44 (0)20 7946 0123')).toBe('tel:+4402079460123');
  });
});
