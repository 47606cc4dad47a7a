// The property list's filters live in the URL query (doc 1 "Property list", §5 "Property list call"), so a
// reload, the back button and a shared link all show the same search. Links from elsewhere use other names
// (the landing panel's postcode, marketing's type/price_min/price_max/search): they are read here and
// rewritten to the canonical names below. Pure functions only: the page and the unit tests share them.
import { BEDROOM_OPTIONS, type PropertyType, RENT_SLIDER } from '../../../domain/constants';
import { formatPence } from '../../../domain/money';
import { type PropertySort, SORTS, TYPE_ALIASES } from '../../../domain/property-options';

export type BedroomsFilter = 'all' | 0 | 1 | 2 | 3 | 4;

export interface PropertyFilters {
  /** A postcode, district, area or town ('' = anywhere). */
  location: string;
  /** "Within N miles" of the location; only applies when a location is set. */
  radius: number | null;
  propertyType: 'all' | PropertyType;
  /** 0 = studio, 4 = four or more (doc 1 §9). */
  bedrooms: BedroomsFilter;
  /** Pounds per month on the 0-5000 slider; 0 = no minimum, 5000 = no maximum. */
  minRent: number;
  maxRent: number;
  sort: PropertySort;
  /** Free-text keywords. */
  q: string;
}

export const DEFAULT_FILTERS: PropertyFilters = {
  location: '',
  radius: null,
  propertyType: 'all',
  bedrooms: 'all',
  minRent: RENT_SLIDER.min,
  maxRent: RENT_SLIDER.max,
  sort: 'newest',
  q: '',
};

/** The names the filters are written under, in this order. */
export const FILTER_PARAMS = [
  'location',
  'radius',
  'propertyType',
  'bedrooms',
  'minRent',
  'maxRent',
  'sort',
  'q',
] as const;
/** Other names links use for the same filters. */
export const ALIAS_PARAMS = ['postcode', 'type', 'price_min', 'price_max'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `search` is a saved search's id (search={id}) when it is a UUID, and keywords otherwise. */
export function savedSearchIdFrom(params: URLSearchParams): string | null {
  const search = params.get('search')?.trim();
  return search && UUID.test(search) ? search : null;
}

const text = (value: string | null | undefined, max: number) => (value ?? '').trim().slice(0, max);

function rentFrom(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  // The slider moves in steps of £50 between 0 and 5000; a link's £10,000 ("£2,000+") means no maximum.
  const stepped = Math.round(n / RENT_SLIDER.step) * RENT_SLIDER.step;
  return Math.min(RENT_SLIDER.max, Math.max(RENT_SLIDER.min, stepped));
}

function bedroomsFrom(value: string | null): BedroomsFilter {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'all' || v === 'any') return 'all';
  if (v === 'studio') return 0;
  const n = Number(v.replace('+', ''));
  if (!Number.isInteger(n) || n < 0) return 'all';
  return Math.min(n, 4) as BedroomsFilter;
}

function propertyTypeFrom(value: string | null): PropertyFilters['propertyType'] {
  const v = (value ?? '').trim().toLowerCase();
  return TYPE_ALIASES[v] ?? 'all';
}

function radiusFrom(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0.1 && n <= 100 ? n : null;
}

/** The filters a query string asks for, whatever names it uses. */
export function filtersFromParams(params: URLSearchParams): PropertyFilters {
  const location = text(params.get('location') || params.get('postcode'), 80);
  let minRent = rentFrom(params.get('minRent') ?? params.get('price_min')) ?? DEFAULT_FILTERS.minRent;
  let maxRent = rentFrom(params.get('maxRent') ?? params.get('price_max')) ?? DEFAULT_FILTERS.maxRent;
  if (minRent > maxRent) [minRent, maxRent] = [maxRent, minRent];
  const sort = params.get('sort');
  const keywords = params.get('q') ?? (savedSearchIdFrom(params) ? null : params.get('search'));
  return {
    location,
    radius: location ? radiusFrom(params.get('radius')) : null,
    propertyType: propertyTypeFrom(params.get('propertyType') ?? params.get('type')),
    bedrooms: bedroomsFrom(params.get('bedrooms')),
    minRent,
    maxRent,
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as PropertySort) : 'newest',
    q: text(keywords, 200),
  };
}

/**
 * The canonical query for `filters`: each filter only when it narrows the search. Parameters that are not
 * filters (view, filter, a saved search id) are kept from `base`.
 */
export function filtersToParams(filters: PropertyFilters, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  const location = filters.location.trim();
  if (location) params.set('location', location);
  if (location && filters.radius !== null) params.set('radius', String(filters.radius));
  if (filters.propertyType !== 'all') params.set('propertyType', filters.propertyType);
  if (filters.bedrooms !== 'all') params.set('bedrooms', String(filters.bedrooms));
  if (filters.minRent > RENT_SLIDER.min) params.set('minRent', String(filters.minRent));
  if (filters.maxRent < RENT_SLIDER.max) params.set('maxRent', String(filters.maxRent));
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (base) {
    const keep = new Set<string>([...FILTER_PARAMS, ...ALIAS_PARAMS]);
    for (const [key, value] of base) {
      if (keep.has(key)) continue;
      // `search` is kept only as a saved search id; as keywords it became q.
      if (key === 'search' && !UUID.test(value.trim())) continue;
      params.append(key, value);
    }
  }
  return params;
}

/** The same query with the filters in their canonical names, or null when it already is canonical. */
export function canonicalParams(params: URLSearchParams): URLSearchParams | null {
  const canonical = filtersToParams(filtersFromParams(params), params);
  return canonical.toString() === params.toString() ? null : canonical;
}

/**
 * GET /api/properties query for the filters (doc 1 §5): the location is sent as postcode, propertyType and
 * bedrooms are left out when 'all', minRent is sent only above 0 and maxRent only below 5000.
 */
export function apiSearchParams(filters: PropertyFilters): URLSearchParams {
  const params = new URLSearchParams();
  const location = filters.location.trim();
  if (location) {
    params.set('postcode', location);
    if (filters.radius !== null) params.set('radius', String(filters.radius));
  }
  if (filters.propertyType !== 'all') params.set('propertyType', filters.propertyType);
  if (filters.bedrooms !== 'all') params.set('bedrooms', String(filters.bedrooms));
  if (filters.minRent > RENT_SLIDER.min) params.set('minRent', String(filters.minRent));
  if (filters.maxRent < RENT_SLIDER.max) params.set('maxRent', String(filters.maxRent));
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  const q = filters.q.trim();
  if (q) params.set('q', q);
  return params;
}

/** How many filters narrow the search (the small-screen Filters button shows it). */
export function activeFilterCount(filters: PropertyFilters): number {
  let count = 0;
  if (filters.location.trim()) count++;
  if (filters.propertyType !== 'all') count++;
  if (filters.bedrooms !== 'all') count++;
  if (filters.minRent > RENT_SLIDER.min || filters.maxRent < RENT_SLIDER.max) count++;
  if (filters.q.trim()) count++;
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
}

export function criteriaFromFilters(filters: PropertyFilters): SavedSearchCriteria {
  const criteria: SavedSearchCriteria = {};
  const location = filters.location.trim();
  if (location) criteria.location = location;
  if (location && filters.radius !== null) criteria.radius = filters.radius;
  if (filters.propertyType !== 'all') criteria.propertyType = filters.propertyType;
  if (filters.bedrooms !== 'all') criteria.bedrooms = filters.bedrooms;
  if (filters.minRent > RENT_SLIDER.min) criteria.minRent = filters.minRent;
  if (filters.maxRent < RENT_SLIDER.max) criteria.maxRent = filters.maxRent;
  const q = filters.q.trim();
  if (q) criteria.q = q;
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
  return parts.join(', ');
}

export const DEFAULT_SEARCH_NAME = 'My Property Search';

/** The saved-search dialog's default name (doc 1 §5): the search description, or 'My Property Search'. */
export function defaultSearchName(filters: PropertyFilters): string {
  if (!hasActiveFilters(filters)) return DEFAULT_SEARCH_NAME;
  const description = describeFilters(filters);
  return description.length > 100 ? `${description.slice(0, 99).trimEnd()}…` : description;
}
