// What a typed place means for a search (doc 1 "Search panel": "Enter postcode or area"): a full
// postcode or a district searches that district, an area's letters its districts, a town its districts,
// and anything else is matched as text.
import {
  haversineMiles,
  isValidOutcode,
  type LatLng,
  normalisePostcode,
  outcodeOf,
} from '../../domain/postcodes';
import { allOutcodes, getOutcode, type Outcode } from './outcodes';

export type ResolvedPlace =
  | { kind: 'district'; outcode: string; centre: LatLng | null }
  | { kind: 'area'; area: string; centre: LatLng | null }
  | { kind: 'town'; name: string; outcodes: string[]; centre: LatLng | null }
  | { kind: 'text'; text: string; centre: null };

/** A postcode area typed by its letters alone ("SW"). */
export const AREA_LETTERS = /^[A-Za-z]{1,2}$/;

/** A place name as compared: lower case, no dots, single spaces ("Bury St. Edmunds" = "bury st edmunds"). */
export function comparable(text: string): string {
  return text.toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();
}

function meanCentre(districts: readonly Outcode[]): LatLng | null {
  // PO-box districts sit at a sorting office, not where anyone lives: leave them out of a centre.
  const real = districts.filter((d) => !d.nonGeographic);
  if (real.length === 0) return null;
  const lat = real.reduce((sum, d) => sum + d.lat, 0) / real.length;
  const lng = real.reduce((sum, d) => sum + d.lng, 0) / real.length;
  return { lat, lng };
}

export interface PlaceIndex {
  /** Post towns by comparable name, with the spelling the data uses and their districts. */
  towns: Map<string, { name: string; districts: Outcode[] }>;
  /** Postcode areas ("SW") and their districts. */
  areas: Map<string, Outcode[]>;
  /** Area names by comparable name ("south west london") → area letters. */
  areaNames: Map<string, string>;
}
let index: PlaceIndex | undefined;

/** Towns, areas and area names from the district data, built once. */
export function placeIndex(): PlaceIndex {
  if (index) return index;
  const towns: PlaceIndex['towns'] = new Map();
  const areas: PlaceIndex['areas'] = new Map();
  const areaNames: PlaceIndex['areaNames'] = new Map();
  for (const district of allOutcodes()) {
    // A district may have several post towns ("Welwyn, Welwyn Garden City"): it belongs to each.
    for (const town of district.postTown.split(',')) {
      const name = town.trim();
      if (!name) continue;
      const key = comparable(name);
      const entry = towns.get(key) ?? { name, districts: [] };
      entry.districts.push(district);
      towns.set(key, entry);
    }
    const list = areas.get(district.area) ?? [];
    list.push(district);
    areas.set(district.area, list);
    if (district.areaName) areaNames.set(comparable(district.areaName), district.area);
  }
  index = { towns, areas, areaNames };
  return index;
}

function areaPlace(area: string): ResolvedPlace {
  return { kind: 'area', area, centre: meanCentre(placeIndex().areas.get(area) ?? []) };
}

/** The meaning of a postcode or location typed into a search. */
export function resolvePlace(input: string): ResolvedPlace {
  const text = input.trim();
  const postcode = normalisePostcode(text);
  if (postcode) {
    const outcode = outcodeOf(postcode);
    return { kind: 'district', outcode, centre: centreOf(getOutcode(outcode)) };
  }
  if (isValidOutcode(text)) {
    const outcode = text.replace(/\s+/g, '').toUpperCase();
    return { kind: 'district', outcode, centre: centreOf(getOutcode(outcode)) };
  }
  if (AREA_LETTERS.test(text)) return areaPlace(text.toUpperCase());
  const { towns, areaNames } = placeIndex();
  const town = towns.get(comparable(text));
  if (town) {
    return {
      kind: 'town',
      name: town.name,
      outcodes: town.districts.map((d) => d.outcode),
      centre: meanCentre(town.districts),
    };
  }
  const area = areaNames.get(comparable(text));
  if (area) return areaPlace(area);
  return { kind: 'text', text, centre: null };
}

/** The districts (outcodes) a resolved place covers; none for text that is not a place. */
export function placeDistricts(place: ResolvedPlace): string[] {
  switch (place.kind) {
    case 'district':
      return [place.outcode];
    case 'town':
      return place.outcodes;
    case 'area':
      return (placeIndex().areas.get(place.area) ?? []).map((d) => d.outcode);
    default:
      return [];
  }
}

function centreOf(district: Outcode | undefined): LatLng | null {
  return district ? { lat: district.lat, lng: district.lng } : null;
}

/**
 * The districts whose centre lies within `miles` of `centre`. A listing is placed at its district's centre
 * (listings/content.ts), so these are the only districts a radius search can match; the SQL still checks each
 * listing's own distance, and the small margin keeps a district on the edge from being lost to rounding
 * between JavaScript's and PostgreSQL's arithmetic.
 */
export function districtsWithin(centre: LatLng, miles: number): string[] {
  const reach = miles + 0.01;
  return allOutcodes()
    .filter((district) => haversineMiles(centre, district) <= reach)
    .map((district) => district.outcode);
}
