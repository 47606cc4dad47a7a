import { describe, expect, it } from 'vitest';
import {
  haversineMiles,
  isValidOutcode,
  isValidPostcode,
  normalisePostcode,
  outcodeOf,
} from '../../src/domain/postcodes';
import {
  allOutcodes,
  getAreaName,
  getOutcode,
  milesBetween,
  outcodeForPostcode,
  parseCsvLine,
  primaryTown,
} from '../../src/server/geo/outcodes';

describe('postcode helpers', () => {
  it('normalises a postcode to the "SW1A 1AA" form whatever the case and spacing', () => {
    expect(normalisePostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(normalisePostcode('  m1   1ae ')).toBe('M1 1AE');
    expect(normalisePostcode('EC1A 1BB')).toBe('EC1A 1BB');
  });

  it('returns null for text that is not a UK postcode', () => {
    expect(normalisePostcode('not a postcode')).toBeNull();
    expect(normalisePostcode('SW1A')).toBeNull();
    expect(isValidPostcode('12345')).toBe(false);
    expect(isValidPostcode('ls1 4ap')).toBe(true);
  });

  it('recognises outward codes', () => {
    expect(isValidOutcode('sw1a')).toBe(true);
    expect(isValidOutcode('M1')).toBe(true);
    expect(isValidOutcode('1AA')).toBe(false);
  });

  it('takes the outward code as the text before the space, uppercased', () => {
    expect(outcodeOf('sw1a 1aa')).toBe('SW1A');
    expect(outcodeOf(' M1 1AE ')).toBe('M1');
    expect(outcodeOf('B33  8TH')).toBe('B33');
  });

  it('takes everything but the last 3 characters of a postcode typed without a space', () => {
    expect(outcodeOf('sw1a1aa')).toBe('SW1A');
    expect(outcodeOf('M11AE')).toBe('M1');
    expect(outcodeOf('CF101AA')).toBe('CF10');
  });

  it('keeps a bare district whole so a district search works', () => {
    expect(outcodeOf('sw1a')).toBe('SW1A');
    expect(outcodeOf('LS1')).toBe('LS1');
    expect(outcodeOf('')).toBe('');
  });

  it('measures great-circle distance in miles', () => {
    expect(haversineMiles({ lat: 51.5, lng: -0.12 }, { lat: 51.5, lng: -0.12 })).toBe(0);
    // London to Manchester is about 163 miles as the crow flies.
    const miles = haversineMiles({ lat: 51.5074, lng: -0.1278 }, { lat: 53.4808, lng: -2.2426 });
    expect(miles).toBeGreaterThan(160);
    expect(miles).toBeLessThan(166);
  });
});

describe('postcode districts', () => {
  it('loads every district in the data file with its centroid and region', () => {
    const all = allOutcodes();
    expect(all.length).toBe(2867);
    for (const o of all) {
      expect(o.lat).toBeGreaterThan(49.8);
      expect(o.lat).toBeLessThan(61);
      expect(o.lng).toBeGreaterThan(-8.8);
      expect(o.lng).toBeLessThan(1.9);
      expect(o.region).not.toBe('');
    }
  });

  it('looks a district up by its outcode, ignoring case', () => {
    expect(getOutcode('sw1a')).toMatchObject({
      outcode: 'SW1A',
      postTown: 'London',
      area: 'SW',
      areaName: 'South West London',
      region: 'London',
      nonGeographic: false,
    });
    expect(getOutcode('ZZ99')).toBeUndefined();
  });

  it('marks non-geographic districts', () => {
    expect(getOutcode('W1A')?.nonGeographic).toBe(true);
    expect(getOutcode('LS1')?.nonGeographic).toBe(false);
  });

  it('reads post towns that contain commas', () => {
    const al7 = getOutcode('AL7')!;
    expect(al7.postTown).toBe('Welwyn, Welwyn Garden City');
    expect(primaryTown(al7)).toBe('Welwyn');
    expect(parseCsvLine('a,"b, c",d')).toEqual(['a', 'b, c', 'd']);
  });

  it('falls back to the area name when a district has no post town', () => {
    expect(primaryTown(getOutcode('SR43')!)).toBe('Sunderland');
  });

  it('finds the district of a full postcode', () => {
    expect(outcodeForPostcode('cf10 1aa')?.outcode).toBe('CF10');
    expect(outcodeForPostcode('BT1 1AA')).toBeUndefined();
  });

  it('names postcode areas', () => {
    expect(getAreaName('wc')).toBe('West Central London');
    expect(getAreaName('TN')).toBe('Tonbridge');
  });

  it('measures miles between districts or points', () => {
    const leedsToSheffield = milesBetween('LS1', 'S1')!;
    expect(leedsToSheffield).toBeGreaterThan(28);
    expect(leedsToSheffield).toBeLessThan(36);
    expect(milesBetween('EH1', { lat: 55.9523, lng: -3.19208 })).toBeCloseTo(0, 5);
    expect(milesBetween('NOPE', 'S1')).toBeUndefined();
  });
});
