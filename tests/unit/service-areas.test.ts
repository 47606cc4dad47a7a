// Issue 17: service areas are places from the postcode data. What a contractor may name, what a directory search
// for a place finds, and what the place boxes suggest (docs/decisions/0026-service-areas-are-places.md).
import { describe, expect, it } from 'vitest';
import { SERVICE_AREAS } from '../../src/domain/constants';
import { haversineMiles } from '../../src/domain/postcodes';
import { getOutcode } from '../../src/server/geo/outcodes';
import { suggestPlaces } from '../../src/server/geo/place-suggestions';
import {
  SERVICE_AREA_REACH_MILES,
  serviceAreasServing,
  servicePlace,
} from '../../src/server/geo/service-areas';

describe('servicePlace', () => {
  it('names towns, area names and districts the way the data spells them', () => {
    expect(servicePlace('ipswich')).toEqual({ name: 'Ipswich', kind: 'town' });
    expect(servicePlace('  Bury St Edmunds ')).toEqual({ name: 'Bury St. Edmunds', kind: 'town' });
    expect(servicePlace('south west london')).toEqual({ name: 'South West London', kind: 'area' });
    expect(servicePlace('ip4')).toEqual({ name: 'IP4', kind: 'district' });
    expect(servicePlace('IP4 1AA')).toEqual({ name: 'IP4', kind: 'district' });
    for (const city of SERVICE_AREAS) expect(servicePlace(city)).toEqual({ name: city, kind: 'town' });
  });

  it('refuses what is no place: made-up names, unknown districts, bare area letters, nothing', () => {
    for (const text of ['Atlantis', 'ZZ9', 'SW', 'B', '', '   ', 'Leeds and Bradford'])
      expect(servicePlace(text), text).toBeUndefined();
  });

  it('reads a postcode area named like a town as the town', () => {
    // B is "Birmingham", LS is "Leeds": the name means the post town, in searches and in profiles.
    expect(servicePlace('Birmingham')).toEqual({ name: 'Birmingham', kind: 'town' });
  });
});

describe('serviceAreasServing', () => {
  it('finds a town for its districts and postcodes, and the districts for their town', () => {
    for (const search of ['IP4', 'ip4 1aa', 'Ipswich']) {
      const names = serviceAreasServing(search)!;
      expect(names, search).toEqual(expect.arrayContaining(['Ipswich', 'IP4']));
      expect(names, search).not.toContain('Leeds');
    }
  });

  it('finds London for its districts and area names', () => {
    for (const search of ['SW1A', 'E1 6AN', 'South West London', 'SW'])
      expect(serviceAreasServing(search), search).toContain('London');
  });

  it(`reaches ${SERVICE_AREA_REACH_MILES} miles from the middle of the searched place, no further`, () => {
    expect(serviceAreasServing('LS18')).toEqual(expect.arrayContaining(['Leeds', 'Pudsey']));
    expect(serviceAreasServing('Pudsey')).toContain('Leeds');
    expect(serviceAreasServing('Croydon')).toContain('London');
    // A trade serving Watford is not one for all of London, nor one serving London for Watford.
    expect(serviceAreasServing('London')).not.toContain('Watford');
    expect(serviceAreasServing('Watford')).not.toContain('London');
    // Every district found is in the place or within the reach of its middle.
    const leeds = getOutcode('LS1')!;
    for (const name of serviceAreasServing('LS1')!.filter((n) => getOutcode(n)))
      expect(haversineMiles(leeds, getOutcode(name)!), name).toBeLessThan(SERVICE_AREA_REACH_MILES + 0.02);
  });

  it('keeps the ten cities apart, as the closed list did', () => {
    for (const city of SERVICE_AREAS) {
      const names = serviceAreasServing(city)!;
      expect(
        SERVICE_AREAS.filter((other) => names.includes(other)),
        city,
      ).toEqual([city]);
    }
  });

  it('leaves text that is no place to be matched as text', () => {
    expect(serviceAreasServing('edin')).toBeUndefined();
    expect(serviceAreasServing('Atlantis')).toBeUndefined();
  });
});

describe('suggestPlaces', () => {
  it('puts an exact name first, then names starting with the text, bigger places first', () => {
    expect(suggestPlaces('ips', 8)).toEqual([{ name: 'Ipswich', kind: 'town', detail: 'East of England' }]);
    expect(suggestPlaces('lon', 8)[0]).toMatchObject({ name: 'London' });
    expect(suggestPlaces('b', 3).map((p) => p.name)).toEqual(['Birmingham', 'Bristol', 'Bradford']);
    expect(suggestPlaces('ls1', 4).map((p) => p.name)).toEqual(['LS1', 'LS10', 'LS11', 'LS12']);
    expect(suggestPlaces('ip', 3).map((p) => p.name)).toEqual(['Ipswich', 'IP1', 'IP2']);
  });

  it('finds a word inside a name, a district for a postcode, and nothing for nothing', () => {
    expect(suggestPlaces('edmunds', 8).map((p) => p.name)).toEqual(['Bury St. Edmunds']);
    expect(suggestPlaces('ip4 1aa', 8)).toEqual([
      { name: 'IP4', kind: 'district', detail: 'Ipswich, East of England' },
    ]);
    expect(suggestPlaces('', 8)).toEqual([]);
    expect(suggestPlaces('qqq', 8)).toEqual([]);
  });

  it('suggests only names a profile may use, as they will be stored', () => {
    for (const q of ['a', 'man', 'south', 'sw1', 'st', 'new', 'ip4 1aa'])
      for (const place of suggestPlaces(q, 8))
        expect(servicePlace(place.name), place.name).toEqual({ name: place.name, kind: place.kind });
  });
});
