// The property list's filters live in the URL query (doc 1 "Property list", §5 "Property list call"), so a
// reload, the back button and a shared link all show the same search. Links from elsewhere use other names
// (the landing panel's postcode, marketing's type/price_min/price_max/search): they are read here and
// rewritten to the canonical names below. Pure functions only: the page and the unit tests share them.
import { BEDROOM_OPTIONS, type PropertyType, RENT_SLIDER } from '../../../domain/constants';
import { formatPence } from '../../../domain/money';
import {
  ALIAS_PARAMS,
  apiSearchParams,
  FILTER_PARAMS,
  filterEntries,
  filtersFromParams,
  filterText,
  type PropertyFilters,
  savedSearchIdFrom,
} from '../../../domain/property-filters';

export {
  ALIAS_PARAMS,
  apiSearchParams,
  type BedroomsFilter,
  DEFAULT_FILTERS,
  FILTER_PARAMS,
  filtersFromParams,
  type PropertyFilters,
  savedSearchIdFrom,
} from '../../../domain/property-filters';

/**
 * The canonical query for `filters`: each filter only when it narrows the search. Parameters that are not
 * filters (view, filter, a saved search id) are kept from `base`.
 */
export function filtersToParams(filters: PropertyFilters, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(filterEntries(filters));
  if (base) {
    const keep = new Set<string>([...FILTER_PARAMS, ...ALIAS_PARAMS]);
    for (const [key, value] of base) {
      if (keep.has(key)) continue;
      // `search` is kept only as a saved search id; as keywords it became q.
      if (key === 'search' && !savedSearchIdFrom(new URLSearchParams({ search: value }))) continue;
      params.append(key, value);
    }
  }
  return params;
}

/**
 * Where the results start: `cursor` is the keyset cursor of a "Load More Properties" link, so the next page is a
 * page of its own before the scripts have run (decision 0061). The API checks it; a filter change drops it.
 */
export const START_PARAM = 'cursor';

/** The API query for the results the URL shows: its filters, starting after its cursor if it has one. */
export function resultsQuery(params: URLSearchParams): URLSearchParams {
  const query = apiSearchParams(filtersFromParams(params));
  const start = filterText(params.get(START_PARAM), 200);
  if (start) query.set(START_PARAM, start);
  return query;
}

/** The link to the next page of results: this very query, starting after `cursor`. */
export function nextPageHref(params: URLSearchParams, cursor: string): string {
  const next = new URLSearchParams(params);
  next.set(START_PARAM, cursor);
  return `/properties?${next}`;
}

/** The query without its start: what a changed filter builds on (it searches from the first page again). */
export function withoutStart(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(START_PARAM);
  return next;
}

/** The same query with the filters in their canonical names, or null when it already is canonical. */
export function canonicalParams(params: URLSearchParams): URLSearchParams | null {
  const canonical = filtersToParams(filtersFromParams(params), params);
  return canonical.toString() === params.toString() ? null : canonical;
}

/** How many filters narrow the search (the small-screen Filters button shows it). */
export function activeFilterCount(filters: PropertyFilters): number {
  let count = 0;
  if (filters.location.trim()) count++;
  if (filters.propertyType !== 'all') count++;
  if (filters.bedrooms !== 'all') count++;
  if (filters.minRent > RENT_SLIDER.min || filters.maxRent < RENT_SLIDER.max) count++;
  if (filters.q.trim()) count++;
  if (filters.includeLetAgreed) count++;
  return count;
}

export function hasActiveFilters(filters: PropertyFilters): boolean {
  return activeFilterCount(filters) > 0;
}

// ---- saved searches ----

/** A saved search's criteria (doc 1 §3 "Property filter"; rent in pounds). */
export interface SavedSearchCriteria {
  postcode?: string;
  location?: string;
  propertyType?: string;
  minRent?: number;
  maxRent?: number;
  bedrooms?: number | string;
  q?: string;
  radius?: number;
  includeLetAgreed?: boolean;
}

export function criteriaFromFilters(filters: PropertyFilters): SavedSearchCriteria {
  const criteria: SavedSearchCriteria = {};
  for (const [key, value] of filterEntries(filters)) {
    if (key === 'sort') continue;
    if (key === 'includeLetAgreed') criteria.includeLetAgreed = true;
    else if (key === 'radius' || key === 'minRent' || key === 'maxRent' || key === 'bedrooms')
      criteria[key] = Number(value);
    else criteria[key] = value;
  }
  return criteria;
}

export function filtersFromCriteria(criteria: SavedSearchCriteria): PropertyFilters {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(criteria)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return filtersFromParams(params);
}

const TYPE_PLURALS: Record<PropertyType, string> = {
  apartment: 'Apartments',
  house: 'Houses',
  studio: 'Studios',
  room: 'Rooms',
};

const pounds = (n: number) => formatPence(n * 100);

/** "2 bed houses in Leeds, £500 to £1,200 pcm, “garden”": the default name of a saved search. */
export function describeFilters(filters: PropertyFilters): string {
  const parts: string[] = [];
  let what = filters.propertyType === 'all' ? 'Homes' : TYPE_PLURALS[filters.propertyType];
  if (filters.bedrooms === 0)
    what = filters.propertyType === 'all' ? 'Studios' : `Studio ${what.toLowerCase()}`;
  else if (filters.bedrooms !== 'all') {
    const beds = BEDROOM_OPTIONS.find((b) => b.value === filters.bedrooms)?.label ?? String(filters.bedrooms);
    what = `${beds} bed ${what.toLowerCase()}`;
  }
  const location = filters.location.trim();
  if (location) {
    what +=
      filters.radius !== null
        ? ` within ${filters.radius} ${filters.radius === 1 ? 'mile' : 'miles'} of ${location}`
        : ` in ${location}`;
  }
  parts.push(what);
  const min = filters.minRent > RENT_SLIDER.min;
  const max = filters.maxRent < RENT_SLIDER.max;
  if (min && max) parts.push(`${pounds(filters.minRent)} to ${pounds(filters.maxRent)} pcm`);
  else if (min) parts.push(`from ${pounds(filters.minRent)} pcm`);
  else if (max) parts.push(`up to ${pounds(filters.maxRent)} pcm`);
  const q = filters.q.trim();
  if (q) parts.push(`“${q}”`);
  if (filters.includeLetAgreed) parts.push('let agreed included');
  return parts.join(', ');
}

export const DEFAULT_SEARCH_NAME = 'My Property Search';

/** The saved-search dialog's default name (doc 1 §5): the search description, or 'My Property Search'. */
export function defaultSearchName(filters: PropertyFilters): string {
  if (!hasActiveFilters(filters)) return DEFAULT_SEARCH_NAME;
  const description = describeFilters(filters);
  return description.length > 100 ? `${description.slice(0, 99).trimEnd()}…` : description;
}
