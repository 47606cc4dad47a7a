// The property search's plain options (sorts, page sizes, radii, bedroom and type values): no zod here, so the
// browser's /properties page can use them without loading the validation schemas of ./properties, which
// re-exports all of them for the server.
import type { PropertyType } from './constants';

/** Marketing links use `type` values that are not property types (doc 1 "Property list"). */
export const TYPE_ALIASES: Record<string, PropertyType> = {
  house: 'house',
  flat: 'apartment',
  apartment: 'apartment',
  studio: 'studio',
  room: 'room',
};

/** A `type` that is none of ours (nor an alias): refused by the search API and by saved searches alike. */
export const UNKNOWN_PROPERTY_TYPE =
  'Unknown property type: choose apartment (or flat), house, studio or room.';

export const SORTS = ['newest', 'rent_asc', 'rent_desc'] as const;
export type PropertySort = (typeof SORTS)[number];
export const SORT_LABELS: Record<PropertySort, string> = {
  newest: 'Newest first',
  rent_asc: 'Rent: low to high',
  rent_desc: 'Rent: high to low',
};

export const PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const RADIUS_OPTIONS = [1, 3, 5, 10, 20, 40] as const;

/** Bedroom filter value that means "this many or more" (doc 1 §9: Studio, 1, 2, 3, 4+). */
export const BEDROOMS_OR_MORE = 4;
