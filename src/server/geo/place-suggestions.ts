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
  /**
   * suggestPlaces: lower first (an exact name, then names starting with the text, then a word inside a name);
   * closestPlaces: higher first (how alike the names are).
   */
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

/** Edits (insert, delete, change a letter) between two texts. */
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/**
 * How alike a typed name is to a place's name, 0 to 1: one less the edits per letter typed, against the whole name
 * or its start (one edit more), so "manchestr" is Manchester (0.89) and "brimingham" Birmingham (0.8).
 */
function likeness(key: string, name: string): number {
  const edits = Math.min(editDistance(key, name), editDistance(key, name.slice(0, key.length)) + 1);
  return 1 - edits / key.length;
}

/** Names at least this alike are offered: "leds" finds Leeds, "xyzzy" nothing. */
const MIN_LIKENESS = 0.5;

/**
 * The places to offer for a place we could not find (decision 0060): those a place box would suggest for the text,
 * then towns and areas whose names are nearest to it ("Manchestr" → Manchester; "Atlantis" → Alness), best first.
 */
export function closestPlaces(query: string, limit: number): TPlaceSuggestion[] {
  const found = suggestPlaces(query, limit);
  const key = comparable(query);
  if (found.length >= limit || key.length < 3) return found;
  const near: Ranked[] = [];
  const { towns, areas } = placeIndex();
  for (const [townKey, town] of towns) {
    near.push({
      suggestion: { name: town.name, kind: 'town', detail: regionOf(town.districts) },
      rank: likeness(key, townKey),
      size: town.districts.length,
    });
  }
  for (const [area, districts] of areas) {
    const name = areaTitle(area);
    if (!name) continue;
    near.push({
      suggestion: { name, kind: 'area', detail: `Postcode area ${area}, ${regionOf(districts)}` },
      rank: likeness(key, comparable(name)),
      size: districts.length,
    });
  }
  const names = new Set(found.map((place) => place.name));
  const closest = near
    .filter((r) => r.rank >= MIN_LIKENESS && !names.has(r.suggestion.name))
    .sort((a, b) => b.rank - a.rank || b.size - a.size || a.suggestion.name.localeCompare(b.suggestion.name))
    .map((r) => r.suggestion);
  return [...found, ...closest].slice(0, limit);
}
