// A saved search's criteria (doc 1 §3 "property filter", rent in pounds) read the way GET /api/properties reads
// its query, and turned into a where-clause for alert matching. It mirrors the search page's meaning of each
// filter (postcode → district, letters → area, town → its districts, else text; 4 bedrooms = 4+).
// To be unified with the search's own builder (features/properties: searchFiltersFor + searchConditions).
import { and, eq, gte, inArray, like, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../../domain/errors';
import { isValidOutcode, normalisePostcode, outcodeOf } from '../../../domain/postcodes';
import {
  BEDROOMS_OR_MORE,
  type TPropertySearch,
  type ZPropertyFilterCriteria,
  ZPropertySearchQuery,
} from '../../../domain/properties';
import { properties } from '../../db/schema';
import { allOutcodes, getOutcode } from '../../geo/outcodes';

export type SearchCriteria = z.infer<typeof ZPropertyFilterCriteria>;

/** The criteria as the query string the search page would send; stored criteria keep the user's own words. */
function asQuery(criteria: SearchCriteria): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(criteria)) {
    if (value === undefined || value === null || value === '') continue;
    query[key] = String(value);
  }
  return query;
}

/** The criteria, normalised by the search's own schema; a 400 naming the field when they cannot be searched. */
export function readCriteria(criteria: SearchCriteria): TPropertySearch {
  const result = ZPropertySearchQuery.safeParse(asQuery(criteria));
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = `searchCriteria.${issue.path.join('.') || '_'}`;
    throw new AppError('VALIDATION_FAILED', issue.message, { [field]: [issue.message] });
  }
  const search = result.data;
  if (search.propertyType === null) {
    throw new AppError('VALIDATION_FAILED', 'Unknown property type', {
      'searchCriteria.propertyType': ['Unknown property type'],
    });
  }
  if (
    search.minRentPence !== undefined &&
    search.maxRentPence !== undefined &&
    search.minRentPence > search.maxRentPence
  ) {
    const message = 'Minimum rent must not be above maximum rent';
    throw new AppError('VALIDATION_FAILED', message, { 'searchCriteria.minRent': [message] });
  }
  return search;
}

let townIndex: Map<string, string[]> | undefined;
const comparable = (text: string) => text.toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ').trim();

function districtsOfTown(name: string): string[] | undefined {
  if (!townIndex) {
    townIndex = new Map();
    for (const district of allOutcodes()) {
      for (const town of district.postTown.split(',')) {
        const key = comparable(town);
        if (key) townIndex.set(key, [...(townIndex.get(key) ?? []), district.outcode]);
      }
    }
  }
  return townIndex.get(comparable(name));
}

type Place =
  | { kind: 'district'; outcode: string }
  | { kind: 'area'; area: string }
  | { kind: 'districts'; outcodes: string[] }
  | { kind: 'text'; text: string };

function placeOf(input: string): Place {
  const text = input.trim();
  const postcode = normalisePostcode(text);
  if (postcode) return { kind: 'district', outcode: outcodeOf(postcode) };
  if (isValidOutcode(text)) return { kind: 'district', outcode: text.replace(/\s+/g, '').toUpperCase() };
  if (/^[A-Za-z]{1,2}$/.test(text)) return { kind: 'area', area: text.toUpperCase() };
  const outcodes = districtsOfTown(text);
  return outcodes ? { kind: 'districts', outcodes } : { kind: 'text', text };
}

function placeCondition(place: Place): SQL {
  switch (place.kind) {
    case 'district':
      return eq(properties.outcode, place.outcode);
    case 'area':
      // The letters check stops area "L" matching "LS12".
      return and(
        like(properties.outcode, `${place.area}%`),
        sql`substring(${properties.outcode} from '^[A-Z]+') = ${place.area}`,
      )!;
    case 'districts':
      return inArray(properties.outcode, place.outcodes);
    case 'text':
      return or(
        sql`lower(${properties.location}) = lower(${place.text})`,
        sql`${properties.searchVector} @@ websearch_to_tsquery('english', ${place.text})`,
      )!;
  }
}

const EARTH_RADIUS_MILES = 3958.8;

function withinMiles(lat: number, lng: number, miles: number): SQL {
  return sql`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
    power(sin(radians(${properties.lat} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${properties.lat}))
      * power(sin(radians(${properties.lng} - ${lng}::float8) / 2), 2))))) <= ${miles}::float8`;
}

/** What a listing must be to match the search (not whether it is live: the caller adds that). */
export function criteriaConditions(search: TPropertySearch): SQL[] {
  const conditions: SQL[] = [];
  if (search.propertyType === null) return [sql`false`];
  if (search.propertyType) conditions.push(eq(properties.propertyType, search.propertyType));
  if (search.minRentPence !== undefined)
    conditions.push(gte(properties.monthlyRentPence, search.minRentPence));
  if (search.maxRentPence !== undefined)
    conditions.push(lte(properties.monthlyRentPence, search.maxRentPence));
  if (search.bedrooms !== undefined) {
    conditions.push(
      search.bedrooms >= BEDROOMS_OR_MORE
        ? gte(properties.bedrooms, search.bedrooms)
        : eq(properties.bedrooms, search.bedrooms),
    );
  }
  let radiusUsed = search.radiusMiles === undefined;
  for (const input of [search.postcode, search.location]) {
    if (!input) continue;
    const place = placeOf(input);
    const centre = place.kind === 'district' ? getOutcode(place.outcode) : undefined;
    // "Within N miles" of the first district with a known centre replaces that district's own boundary.
    if (!radiusUsed && centre && search.radiusMiles !== undefined) {
      conditions.push(withinMiles(centre.lat, centre.lng, search.radiusMiles));
      radiusUsed = true;
      continue;
    }
    conditions.push(placeCondition(place));
  }
  if (search.text) {
    const postcode = normalisePostcode(search.text);
    const matches = [sql`${properties.searchVector} @@ websearch_to_tsquery('english', ${search.text})`];
    if (postcode) matches.push(eq(properties.outcode, outcodeOf(postcode)));
    else if (isValidOutcode(search.text)) matches.push(eq(properties.outcode, search.text.toUpperCase()));
    conditions.push(or(...matches)!);
  }
  return conditions;
}

/** The criteria as a /properties link, so "see all" in an alert opens the same search. */
export function criteriaSearchParams(criteria: SearchCriteria): string {
  const params = new URLSearchParams();
  const pick: Array<keyof SearchCriteria> = [
    'postcode',
    'location',
    'propertyType',
    'minRent',
    'maxRent',
    'bedrooms',
    'q',
    'radius',
  ];
  for (const key of pick) {
    const value = criteria[key];
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}
