// The contractor directory's zod-free part (doc 1 "Contractor list", §9): trades and areas with their aliases, sorts,
// page sizes. The directory and the cards load it first; the schemas in ./contractors load with the forms.
import { type LEAD_STATUSES, SERVICE_AREAS, SPECIALTIES } from './constants';
import { ownValue } from './lookup';

export type Specialty = (typeof SPECIALTIES)[number];
export type ServiceArea = (typeof SERVICE_AREAS)[number];
export type LeadStatus = (typeof LEAD_STATUSES)[number];

// ---- directory ----

/** Marketing links say `specialty=plumbing` or `service=cleaning` (doc 1 "Property list"): the trade they mean. */
export const SPECIALTY_ALIASES: Record<string, Specialty> = {
  plumbing: 'Plumbing & Heating',
  plumber: 'Plumbing & Heating',
  heating: 'Plumbing & Heating',
  electrical: 'Electrical Services',
  electrician: 'Electrical Services',
  maintenance: 'General Building',
  building: 'General Building',
  builder: 'General Building',
  carpentry: 'Carpentry & Joinery',
  joinery: 'Carpentry & Joinery',
  painting: 'Painting & Decorating',
  decorating: 'Painting & Decorating',
  roofing: 'Roofing',
  roofer: 'Roofing',
  landscaping: 'Landscaping',
  gardening: 'Landscaping',
  cleaning: 'Cleaning Services',
};

/** A trade the directory does not list: refused by the directory API. */
export const UNKNOWN_SPECIALTY = `Unknown trade: choose one of ${SPECIALTIES.join(', ')}.`;

/**
 * The specialty a link or a form means: a specialty's own name (any case) or a marketing alias. `undefined` for no
 * filter (empty, 'all', 'any'); `null` for a trade we do not list, which finds nothing rather than everything.
 */
export function resolveSpecialty(value: string | undefined | null): Specialty | null | undefined {
  const text = value?.trim().toLowerCase();
  if (!text || text === 'all' || text === 'any') return undefined;
  const exact = SPECIALTIES.find((s) => s.toLowerCase() === text);
  return exact ?? ownValue(SPECIALTY_ALIASES, text) ?? null;
}

/** The most places one profile may list as its service areas (issue 17: any UK place). */
export const MAX_SERVICE_AREAS = 20;
export const SERVICE_AREA_MAX_CHARS = 60;

/** One of the ten quick-pick cities, whatever its case; undefined for anything else. */
export function knownServiceArea(value: string | undefined | null): ServiceArea | undefined {
  const text = value?.trim().toLowerCase();
  return text ? SERVICE_AREAS.find((a) => a.toLowerCase() === text) : undefined;
}

export const CONTRACTOR_SORTS = ['rating', 'reviews', 'name'] as const;
export type ContractorSort = (typeof CONTRACTOR_SORTS)[number];
export const CONTRACTOR_SORT_LABELS: Record<ContractorSort, string> = {
  rating: 'Highest Rated',
  reviews: 'Most Reviews',
  name: 'Name A-Z',
};

/** "Top Rated" means an average of 4.5 stars or more. */
export const TOP_RATED_MIN_RATING = 4.5;
export const DIRECTORY_PAGE_SIZE = 12;
export const DIRECTORY_MAX_PAGE_SIZE = 50;
/** doc 1 §9: a card shows the first two service areas, then '+N more'. */
export const CARD_SERVICE_AREAS = 2;
/** doc 1 §9: the detail shows the newest three reviews. */
export const DETAIL_REVIEWS = 3;
export const REVIEWS_PAGE_SIZE = 10;
export const LEADS_PAGE_SIZE = 20;
