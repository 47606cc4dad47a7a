// Contractor service areas as places (issue 17, docs/decisions/0026-service-areas-are-places.md): what a contractor
// may name as an area they serve (a post town, a postcode area's name or a district, as the postcode data spells
// it), and which of those names a directory search for a place finds.
import { allOutcodes, getOutcode } from './outcodes';
import {
  AREA_LETTERS,
  comparable,
  districtsWithin,
  placeDistricts,
  placeIndex,
  resolvePlace,
} from './places';

/**
 * A contractor is found for a searched place when an area they serve shares a district with it, or has a district
 * whose centre is within this many miles of the searched place's centre (a trade serving Leeds is found for Pudsey
 * next door; one serving Watford is not found for all of London).
 */
export const SERVICE_AREA_REACH_MILES = 5;

export type ServicePlaceKind = 'town' | 'area' | 'district';

export interface ServicePlace {
  /** As stored and shown: "Ipswich", "South West London", "IP4". */
  name: string;
  kind: ServicePlaceKind;
}

/**
 * The name of a postcode area ("SW" → "South West London"), unless a post town has that name ("B" is
 * "Birmingham"): then the name means the town, as it does in every search.
 */
export function areaTitle(area: string): string | undefined {
  const { areas, towns } = placeIndex();
  const name = areas.get(area)?.[0]?.areaName;
  return name && !towns.has(comparable(name)) ? name : undefined;
}

/**
 * The place a contractor means by a service area they typed, named the way the data spells it: a town ("ipswich" →
 * "Ipswich"), an area's name, or a district (a full postcode names its district: "IP4 1AA" → "IP4"). Undefined
 * for anything else, bare area letters ("SW") included: they read as a code, not a place.
 */
export function servicePlace(input: string): ServicePlace | undefined {
  const text = input.trim();
  if (!text || AREA_LETTERS.test(text)) return undefined;
  const place = resolvePlace(text);
  switch (place.kind) {
    case 'district':
      return getOutcode(place.outcode) ? { name: place.outcode, kind: 'district' } : undefined;
    case 'town':
      return { name: place.name, kind: 'town' };
    case 'area': {
      const name = areaTitle(place.area);
      return name ? { name, kind: 'area' } : undefined;
    }
    default:
      return undefined;
  }
}

let namesByDistrict: Map<string, string[]> | undefined;

/** Every service-area name that covers a district: its outcode, its post towns and its area's name. */
function namesCovering(outcode: string): string[] {
  if (!namesByDistrict) {
    const { towns } = placeIndex();
    namesByDistrict = new Map();
    for (const district of allOutcodes()) {
      const names = [district.outcode];
      for (const town of district.postTown.split(',')) {
        const entry = town.trim() ? towns.get(comparable(town)) : undefined;
        if (entry) names.push(entry.name);
      }
      const area = areaTitle(district.area);
      if (area) names.push(area);
      namesByDistrict.set(district.outcode, names);
    }
  }
  return namesByDistrict.get(outcode) ?? [outcode];
}

const MAX_REMEMBERED = 500;
const remembered = new Map<string, string[] | undefined>();

/**
 * The service-area names (as stored) of the contractors who serve a searched place: every place that shares a
 * district with it or has a district within SERVICE_AREA_REACH_MILES of its centre. So "IP4" finds "Ipswich" (and
 * "Ipswich" finds "IP4"), a London district finds "London", and "Leeds" finds "Leeds", its districts and what
 * touches its middle, never Sheffield. Undefined when the search is not a place we know (matched as text instead).
 */
export function serviceAreasServing(search: string): string[] | undefined {
  const key = comparable(search);
  if (remembered.has(key)) return remembered.get(key);
  const place = resolvePlace(search);
  let names: string[] | undefined;
  if (place.kind !== 'text') {
    const districts = new Set(placeDistricts(place));
    if (place.centre)
      for (const d of districtsWithin(place.centre, SERVICE_AREA_REACH_MILES)) districts.add(d);
    const found = new Set<string>();
    for (const district of districts) for (const name of namesCovering(district)) found.add(name);
    names = [...found].sort();
  }
  // The same few places are searched again and again; each answer is a few hundred names at most.
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
  remembered.set(key, names);
  return names;
}
