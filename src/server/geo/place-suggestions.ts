// What a place box suggests as someone types (issue 17): post towns, postcode areas by name and districts from the
// postcode data, best first. Pure over the data, so the contractor directory, the profile form and any other place
// box suggest the same places that the server then accepts.
import type { TPlaceSuggestion } from '../../domain/places';
import { normalisePostcode } from '../../domain/postcodes';
import { allOutcodes, type Outcode, outcodeForPostcode, primaryTown } from './outcodes';
import { comparable, placeIndex } from './places';
import { areaTitle } from './service-areas';

interface Ranked {
  suggestion: TPlaceSuggestion;
  /** Lower first: an exact name, then names starting with the text, then a word inside a name. */
  rank: number;
  /** Among equals, bigger places (more districts) first. */
  size: number;
}

const DISTRICT_TEXT = /^[A-Z]{1,2}(\d[A-Z\d]?)?$/;

function regionOf(districts: readonly Outcode[]): string {
  return (districts.find((d) => !d.nonGeographic) ?? districts[0])?.region ?? '';
}

function districtSuggestion(district: Outcode): TPlaceSuggestion {
  const town = primaryTown(district);
  return {
    name: district.outcode,
    kind: 'district',
    detail: [town, district.region].filter(Boolean).join(', '),
  };
}

function rankOf(key: string, name: string): number | undefined {
  if (name === key) return 0;
  if (name.startsWith(key)) return 1;
  if (key.length >= 3 && name.includes(` ${key}`)) return 3;
  return undefined;
}

/** Up to `limit` places for what is typed: "ips" → Ipswich, "ip4" → IP4, "IP4 1AA" → IP4. */
export function suggestPlaces(query: string, limit: number): TPlaceSuggestion[] {
  const text = query.trim();
  if (!text) return [];
  const postcode = normalisePostcode(text);
  if (postcode) {
    const district = outcodeForPostcode(postcode);
    return district ? [districtSuggestion(district)] : [];
  }
  const key = comparable(text);
  const ranked: Ranked[] = [];
  const { towns, areas } = placeIndex();
  for (const [townKey, town] of towns) {
    const rank = rankOf(key, townKey);
    if (rank === undefined) continue;
    ranked.push({
      suggestion: { name: town.name, kind: 'town', detail: regionOf(town.districts) },
      rank,
      size: town.districts.length,
    });
  }
  for (const [area, districts] of areas) {
    const name = areaTitle(area);
    const rank = name ? rankOf(key, comparable(name)) : undefined;
    if (!name || rank === undefined) continue;
    ranked.push({
      suggestion: { name, kind: 'area', detail: `Postcode area ${area}, ${regionOf(districts)}` },
      rank,
      size: districts.length,
    });
  }
  const code = text.replace(/\s+/g, '').toUpperCase();
  if (DISTRICT_TEXT.test(code)) {
    for (const district of allOutcodes()) {
      if (!district.outcode.startsWith(code)) continue;
      ranked.push({
        suggestion: districtSuggestion(district),
        rank: district.outcode === code ? 0 : 2,
        size: 0,
      });
    }
  }
  return ranked
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        b.size - a.size ||
        a.suggestion.name.localeCompare(b.suggestion.name, 'en-GB', { numeric: true }),
    )
    .slice(0, limit)
    .map((r) => r.suggestion);
}
