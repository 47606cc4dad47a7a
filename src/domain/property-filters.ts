// One meaning per property search filter (issue 14): the names, aliases, limits and rules the search page, the
// API schema (ZPropertySearchQuery) and saved searches all use, and the one serialiser from filters to a query.
// No zod here: the browser imports it.

import { BUDGETS, type PropertyType, RENT_SLIDER } from './constants';
import { isUuid } from './ids';
import { ownValue } from './lookup';
import { type PropertySort, SORTS, TYPE_ALIASES } from './property-options';

export const FILTER_LIMITS = {
  /** A postcode, district, area or town, in characters. */
  location: 80,
  /** Free-text keywords. */
  keywords: 200,
  radius: { min: 0.1, max: 100 },
  /** Pounds per month a query may name (links use up to £10,000 for "no maximum"). */
  rent: { min: 0, max: 100_000 },
  /** Bedrooms a query may name; the page's control tops out at "4+". */
  bedrooms: { max: 20 },
} as const;

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
  /** Let-agreed homes too (left out by default: decision 0060). */
  includeLetAgreed: boolean;
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
  includeLetAgreed: false,
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
  'includeLetAgreed',
] as const;
/**
 * Other names links use for the same filters. `budget` is the landing search's band ("1000-1500", "2000+"): a form
 * that works before its script has run sends one select's value, not the two rents (decision 0061).
 */
export const ALIAS_PARAMS = ['postcode', 'type', 'price_min', 'price_max', 'budget'] as const;

/**
 * Text as a filter holds it: control characters (which PostgreSQL text parameters cannot carry) become spaces,
 * ends are trimmed, and it is cut to `max` UTF-16 units without splitting a character.
 */
export function filterText(value: string | null | undefined, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  let text = (value ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if (text.length > max) {
    text = text.slice(0, max);
    if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
    text = text.trim();
  }
  // A lone surrogate cannot be sent in a URL unchanged: it is not part of any character.
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * Bedrooms as a query names them: "studio" or "0" (studio), "1" to "20", "4+"; "", "all" and "any" mean no
 * filter (undefined). Anything else is null (refused by the API, ignored by the page).
 */
export function parseBedrooms(value: string | null | undefined): number | undefined | null {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'all' || v === 'any') return undefined;
  if (v === 'studio') return 0;
  if (!/^\d{1,2}\+?$/.test(v)) return null;
  const n = Number(v.replace('+', ''));
  return n <= FILTER_LIMITS.bedrooms.max ? n : null;
}

/** A property type or one of its aliases ("flat", "apartments"); undefined = no filter, null = not a type we list. */
export function parsePropertyType(value: string | null | undefined): PropertyType | undefined | null {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'all' || v === 'any') return undefined;
  return ownValue(TYPE_ALIASES, v) ?? null;
}

/**
 * The one rule for a minimum above the maximum: the two were typed the wrong way round, so they swap. The page,
 * the API and saved searches all apply it, so "£1,500 to £1,000" finds the same homes everywhere.
 */
export function orderedRent<T extends number | undefined>(min: T, max: T): [T, T] {
  if (min !== undefined && max !== undefined && (min as number) > (max as number)) return [max, min];
  return [min, max];
}

function rentFrom(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  // The slider moves in steps of £50 between 0 and 5000; a link's £10,000 ("£2,000+") means no maximum.
  const stepped = Math.round(n / RENT_SLIDER.step) * RENT_SLIDER.step;
  return Math.min(RENT_SLIDER.max, Math.max(RENT_SLIDER.min, stepped));
}

function radiusFrom(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= FILTER_LIMITS.radius.min && n <= FILTER_LIMITS.radius.max ? n : null;
}

/**
 * A yes/no filter as a query names it: "1", "true", "yes" and "on" (an HTML checkbox's value) are yes; anything else,
 * or nothing, is no.
 */
export function parseFlag(value: string | null | undefined): boolean {
  return ['1', 'true', 'yes', 'on'].includes((value ?? '').trim().toLowerCase());
}

/** The landing search's budget band; '' or anything else is none. A form may send "2000+" with its + as a space. */
function budgetFrom(value: string | null): { min: string; max: string } | undefined {
  const v = (value ?? '').trim();
  const band = v ? BUDGETS.find((b) => b.key === v || b.key === `${v}+`) : undefined;
  return band && { min: String(band.minRent), max: String(band.maxRent) };
}

/** `search` is a saved search's id (search={id}) when it is a UUID, and keywords otherwise. */
export function savedSearchIdFrom(params: URLSearchParams): string | null {
  const search = params.get('search')?.trim();
  return search && isUuid(search) ? search : null;
}

/** The filters a query string asks for, whatever names it uses; what the page cannot show falls back to "any". */
export function filtersFromParams(params: URLSearchParams): PropertyFilters {
  const location = filterText(params.get('location') || params.get('postcode'), FILTER_LIMITS.location);
  const budget = budgetFrom(params.get('budget'));
  const [minRent, maxRent] = orderedRent(
    rentFrom(params.get('minRent') ?? params.get('price_min') ?? budget?.min ?? null) ??
      DEFAULT_FILTERS.minRent,
    rentFrom(params.get('maxRent') ?? params.get('price_max') ?? budget?.max ?? null) ??
      DEFAULT_FILTERS.maxRent,
  );
  const sort = params.get('sort');
  const keywords = params.get('q') ?? (savedSearchIdFrom(params) ? null : params.get('search'));
  const bedrooms = parseBedrooms(params.get('bedrooms'));
  return {
    location,
    radius: location ? radiusFrom(params.get('radius')) : null,
    propertyType: parsePropertyType(params.get('propertyType') ?? params.get('type')) ?? 'all',
    bedrooms: typeof bedrooms === 'number' ? (Math.min(bedrooms, 4) as BedroomsFilter) : 'all',
    minRent,
    maxRent,
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as PropertySort) : 'newest',
    q: filterText(keywords, FILTER_LIMITS.keywords),
    includeLetAgreed: parseFlag(params.get('includeLetAgreed')),
  };
}

/**
 * The one serialiser: the filters as [name, value] pairs, each only when it narrows the search, in the canonical
 * names. The page's URL, the API query and a saved search's criteria are all written from it.
 */
export function filterEntries(filters: PropertyFilters): Array<[(typeof FILTER_PARAMS)[number], string]> {
  const entries: Array<[(typeof FILTER_PARAMS)[number], string]> = [];
  const location = filterText(filters.location, FILTER_LIMITS.location);
  if (location) entries.push(['location', location]);
  if (location && filters.radius !== null) entries.push(['radius', String(filters.radius)]);
  if (filters.propertyType !== 'all') entries.push(['propertyType', filters.propertyType]);
  if (filters.bedrooms !== 'all') entries.push(['bedrooms', String(filters.bedrooms)]);
  if (filters.minRent > RENT_SLIDER.min) entries.push(['minRent', String(filters.minRent)]);
  if (filters.maxRent < RENT_SLIDER.max) entries.push(['maxRent', String(filters.maxRent)]);
  if (filters.sort !== 'newest') entries.push(['sort', filters.sort]);
  const q = filterText(filters.q, FILTER_LIMITS.keywords);
  if (q) entries.push(['q', q]);
  if (filters.includeLetAgreed) entries.push(['includeLetAgreed', '1']);
  return entries;
}

/** GET /api/properties query for the filters: the same names and values as the page's own URL. */
export function apiSearchParams(filters: PropertyFilters): URLSearchParams {
  return new URLSearchParams(filterEntries(filters));
}
