// Pure helpers behind property search: query reading, place resolution, cursors, markers, card text and page head.
import { describe, expect, it } from 'vitest';
import { haversineMiles } from '../../src/domain/postcodes';
import { MARKER_OFFSET_DEGREES, markerPosition, ZPropertySearchQuery } from '../../src/domain/properties';
import { decodeCursor, encodeCursor } from '../../src/server/features/properties/cursor';
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  propertyDescription,
  propertyTitle,
  TITLE_MAX,
} from '../../src/server/features/properties/head';
import { excerpt } from '../../src/server/features/properties/presenter';
import { searchFiltersFor } from '../../src/server/features/properties/service';
import { combinedShare } from '../../src/server/features/properties/text-frequency';
import { getOutcode } from '../../src/server/geo/outcodes';
import { districtsWithin, resolvePlace } from '../../src/server/geo/places';
import { jsonLdScript } from '../../src/server/plugins/site';

const NOW = new Date('2025-06-01T12:00:00Z');
const ID = '3f1c2a9e-5b7d-4e21-9c4a-0d6b8e2f1a73';

describe('search query', () => {
  it('reads pounds as pence, aliases as filters and any/all as no filter', () => {
    const q = ZPropertySearchQuery.parse({
      type: 'flat',
      price_min: '750',
      price_max: '1200.5',
      bedrooms: 'all',
    });
    expect(q).toMatchObject({
      propertyType: 'apartment',
      minRentPence: 75_000,
      maxRentPence: 120_050,
      bedrooms: undefined,
    });
    expect(ZPropertySearchQuery.parse({ propertyType: 'any' }).propertyType).toBeUndefined();
  });

  it('takes a whole page size and drops control characters from text', () => {
    expect(ZPropertySearchQuery.parse({ limit: '10.7' }).limit).toBe(10);
    expect(ZPropertySearchQuery.parse({ q: 'sea\u0000view\n' }).text).toBe('sea view');
    expect(ZPropertySearchQuery.parse({ q: '\u0000' }).text).toBeUndefined();
  });
});

describe('place resolution', () => {
  it('reads a full postcode, however typed, as its district', () => {
    expect(resolvePlace('LS1 4AP')).toMatchObject({ kind: 'district', outcode: 'LS1' });
    expect(resolvePlace('ls14ap')).toMatchObject({ kind: 'district', outcode: 'LS1' });
    expect(resolvePlace('sw1a 1aa')).toMatchObject({ kind: 'district', outcode: 'SW1A' });
  });

  it('reads a district as itself, with its centroid', () => {
    const place = resolvePlace('ls6');
    expect(place).toMatchObject({ kind: 'district', outcode: 'LS6' });
    expect(place.centre?.lat).toBeCloseTo(53.8185, 3);
  });

  it('reads one or two letters as a postcode area', () => {
    expect(resolvePlace('L')).toMatchObject({ kind: 'area', area: 'L' });
    expect(resolvePlace('sw')).toMatchObject({ kind: 'area', area: 'SW' });
  });

  it('reads a post town as its districts, and an area name as its area', () => {
    const leeds = resolvePlace('Leeds');
    expect(leeds.kind).toBe('town');
    if (leeds.kind === 'town') {
      expect(leeds.outcodes).toContain('LS1');
      expect(leeds.outcodes).not.toContain('LS22');
    }
    const london = resolvePlace('london');
    expect(london.kind === 'town' && london.outcodes.includes('SW1A')).toBe(true);
    expect(resolvePlace('South West London')).toMatchObject({ kind: 'area', area: 'SW' });
  });

  it('leaves anything else as text', () => {
    expect(resolvePlace('Headingley')).toEqual({ kind: 'text', text: 'Headingley', centre: null });
  });
});

describe('search filters', () => {
  const filters = (query: Record<string, string>) => searchFiltersFor(ZPropertySearchQuery.parse(query), NOW);

  it('replaces the district with a circle around it when a radius is given', () => {
    const f = filters({ postcode: 'EX1', radius: '5' });
    expect(f.places).toEqual([]);
    expect(f.near).toMatchObject({ miles: 5 });
    expect(f.near?.lat).toBeCloseTo(50.7271, 3);
    // The districts a listing must be in to lie inside the circle (listings sit at their district's centre).
    expect(f.near?.outcodes).toContain('EX1');
    expect(f.near?.outcodes).toContain('EX2');
    expect(f.near?.outcodes).not.toContain('TQ1');
  });

  it('lists the districts whose centre lies within a radius, nearest edge included', () => {
    const exeter = { lat: 50.7271, lng: -3.5097 };
    const near = districtsWithin(exeter, 5);
    expect(near).toContain('EX1');
    expect(near.every((code) => code.startsWith('EX'))).toBe(true);
    expect(districtsWithin(exeter, 30).length).toBeGreaterThan(near.length);
    expect(districtsWithin(exeter, 30)).toContain('TQ1');
    // A district whose centre is exactly on the edge stays in, whatever the rounding.
    const torquay = getOutcode('TQ1')!;
    expect(districtsWithin(exeter, haversineMiles(exeter, torquay))).toContain('TQ1');
    expect(districtsWithin({ lat: 0, lng: -40 }, 1)).toEqual([]);
  });

  it('keeps the district when its centre is unknown, ignoring the radius', () => {
    const f = filters({ postcode: 'Headingley', radius: '5' });
    expect(f.near).toBeUndefined();
    expect(f.places).toEqual([{ kind: 'text', text: 'Headingley' }]);
  });

  it('reads a postcode typed as free text as its district, and a district by its code', () => {
    // Never the full postcode: trying postcodes one by one would say which home is where (decision 0058).
    expect(filters({ q: 'm1 1ae' }).text).toEqual({ query: 'm1', outcode: 'M1' });
    expect(filters({ q: 'm1' }).text).toEqual({ query: 'm1', outcode: 'M1' });
  });

  it('never searches the addresses by a house number', () => {
    expect(filters({ q: '12 Park Row' }).text).toEqual({ query: 'Park Row', outcode: undefined });
    expect(filters({ q: '12' }).text).toBeUndefined();
    expect(filters({ location: '12a Park Row' }).places).toEqual([{ kind: 'text', text: 'Park Row' }]);
  });

  it('refuses a map box turned upside down', () => {
    expect(() => filters({ north: '50', south: '51', east: '1', west: '0' })).toThrow(/south edge/);
  });
});

describe('page cursor', () => {
  it('round-trips the sort key and id', () => {
    const newest = { sort: 'newest' as const, key: '2025-01-31T09:15:02.123456Z', id: ID };
    expect(decodeCursor(encodeCursor(newest), 'newest')).toEqual(newest);
    const rent = { sort: 'rent_asc' as const, key: 125_000, id: ID };
    expect(decodeCursor(encodeCursor(rent), 'rent_asc')).toEqual(rent);
  });

  it('refuses garbage, another sort, and impossible dates', () => {
    expect(decodeCursor('garbage!', 'newest')).toBeNull();
    expect(decodeCursor(Buffer.from('[1,2]').toString('base64url'), 'newest')).toBeNull();
    expect(decodeCursor(encodeCursor({ sort: 'rent_asc', key: 1, id: ID }), 'rent_desc')).toBeNull();
    expect(
      decodeCursor(encodeCursor({ sort: 'newest', key: '2025-02-30T00:00:00.000000Z', id: ID }), 'newest'),
    ).toBeNull();
    expect(decodeCursor(encodeCursor({ sort: 'newest', key: "0'; drop", id: ID }), 'newest')).toBeNull();
    expect(decodeCursor(encodeCursor({ sort: 'rent_asc', key: 1.5, id: ID }), 'rent_asc')).toBeNull();
    expect(decodeCursor(encodeCursor({ sort: 'rent_asc', key: 1, id: 'abc' }), 'rent_asc')).toBeNull();
  });
});

describe('map marker', () => {
  const centroid = { lat: 53.7974, lng: -1.55307 };

  it('sits within 0.005 degrees of the district centroid, in the same place every time', () => {
    const a = markerPosition(ID, centroid);
    expect(markerPosition(ID, centroid)).toEqual(a);
    expect(Math.abs(a.lat - centroid.lat)).toBeLessThanOrEqual(MARKER_OFFSET_DEGREES);
    expect(Math.abs(a.lng - centroid.lng)).toBeLessThanOrEqual(MARKER_OFFSET_DEGREES);
  });

  it('spreads listings of one district apart', () => {
    const ids = Array.from(
      { length: 50 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const spots = new Set(ids.map((id) => JSON.stringify(markerPosition(id, centroid))));
    expect(spots.size).toBe(50);
  });
});

describe('card and page text', () => {
  it('trims a description at a word boundary with an ellipsis', () => {
    expect(excerpt('short and sweet', 300)).toBe('short and sweet');
    const cut = excerpt('word '.repeat(100), 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toMatch(/word…$/);
  });

  const base = {
    title: 'Two bedroom flat',
    propertyType: 'apartment' as const,
    bedrooms: 2,
    location: 'Leeds',
    outcode: 'LS1',
    monthlyRentPence: 125_000,
    available: true,
    availableFrom: null,
    description: '',
  };

  it('fits the page title into 60 characters, rent included', () => {
    expect(propertyTitle(base)).toBe('Two bedroom flat — £1,250 pcm | Your Place');
    const long = propertyTitle({
      ...base,
      title: 'An exceptionally spacious and beautifully presented family home',
    });
    expect(long.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(long).toMatch(/… — £1,250 pcm \| Your Place$/);
  });

  it('writes a 121-160 character description whatever the listing says', () => {
    const variants = [
      base,
      { ...base, description: 'Lovely. '.repeat(60) },
      { ...base, propertyType: 'room' as const, bedrooms: 1, location: null, description: 'x' },
      { ...base, propertyType: 'studio' as const, bedrooms: 0, available: false },
      { ...base, description: `${'Supercalifragilistic'.repeat(12)} end` },
      { ...base, availableFrom: '2025-09-01' },
    ];
    for (const listing of variants) {
      const text = propertyDescription(listing, NOW);
      expect(text.length, text).toBeGreaterThanOrEqual(DESCRIPTION_MIN);
      expect(text.length, text).toBeLessThanOrEqual(DESCRIPTION_MAX);
    }
    expect(propertyDescription(base, NOW)).toMatch(
      /^2 bedroom flat to rent in Leeds LS1 for £1,250 pcm, available now\./,
    );
    expect(propertyDescription({ ...base, availableFrom: '2025-09-01' }, NOW)).toContain(
      'available from 1 September 2025',
    );
    expect(propertyDescription({ ...base, propertyType: 'studio', bedrooms: 0 }, NOW)).toMatch(
      /^Studio flat to rent/,
    );
  });

  it('writes JSON-LD that cannot close its script element', () => {
    const html = jsonLdScript({ name: '</script><b>&' });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = html.replace('<script type="application/ld+json">', '').replace('</script>', '');
    expect(JSON.parse(json)).toEqual({ name: '</script><b>&' });
  });
});

describe('how common free text is', () => {
  const shares = new Map([
    ['garden', 0.5],
    ['park', 0.5],
    ['balconi', 0.15],
  ]);

  it('multiplies the shares of the words, as if independent', () => {
    expect(combinedShare(['garden'], shares)).toBe(0.5);
    expect(combinedShare(['garden', 'park'], shares)).toBe(0.25);
    expect(combinedShare(['garden', 'balconi'], shares)).toBeCloseTo(0.075);
  });

  it('counts a word the statistics do not list as rare, and no words as nothing to weigh', () => {
    expect(combinedShare(['garden', 'jacuzzi'], shares)).toBe(0);
    expect(combinedShare([], shares)).toBe(0);
  });
});
