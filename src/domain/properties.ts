// Contracts for properties: search query, card and detail shapes, saved searches, listing submissions.
// Money crosses the API as pounds (the spec's monthlyRent) and pence (monthlyRentPence); the database keeps pence.
import { z } from 'zod';
import { BILLS, EPC_EXEMPTION_KINDS, NATIONS, OCCUPATION_CONTRACTS, PET_POLICIES } from './advert-rules';
import {
  ALERT_FREQUENCIES,
  COUNCIL_TAX_BANDS,
  EPC_RATINGS,
  FURNISHED_STATES,
  PROPERTY_TYPES,
} from './constants';

import {
  FILTER_LIMITS,
  filterText,
  orderedRent,
  parseBedrooms,
  parseFlag,
  parsePropertyType,
} from './property-filters';
import { MAX_PAGE_SIZE, PAGE_SIZE, type PropertySort, SORTS } from './property-options';

// The plain options live in ./property-options (no zod, for the browser); they stay importable from here.
export {
  BEDROOMS_OR_MORE,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  type PropertySort,
  RADIUS_OPTIONS,
  SORT_LABELS,
  SORTS,
  TYPE_ALIASES,
  UNKNOWN_PROPERTY_TYPE,
} from './property-options';

import { ZCalendarDay } from './date-schemas';
import { ZPlaceSuggestion } from './places';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    // The filters' own text rule (control characters, which PostgreSQL cannot take, become spaces).
    .transform((v) => filterText(v, max) || undefined);
const optionalNumber = (min: number, max: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `Must be a number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/**
 * GET /api/properties query. Accepts the spec's filter names and the marketing links' aliases
 * (type, location, q, price_min, price_max, search); `any`/`all` mean no filter.
 */
export const ZPropertySearchQuery = z
  .object({
    postcode: optionalText(FILTER_LIMITS.location),
    propertyType: optionalText(20),
    type: optionalText(20),
    minRent: optionalNumber(FILTER_LIMITS.rent.min, FILTER_LIMITS.rent.max),
    maxRent: optionalNumber(FILTER_LIMITS.rent.min, FILTER_LIMITS.rent.max),
    price_min: optionalNumber(FILTER_LIMITS.rent.min, FILTER_LIMITS.rent.max),
    price_max: optionalNumber(FILTER_LIMITS.rent.min, FILTER_LIMITS.rent.max),
    bedrooms: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const n = parseBedrooms(v);
        if (n === null) {
          ctx.addIssue({ code: 'custom', message: 'Bedrooms must be studio, 0 to 20, or 4+' });
          return z.NEVER;
        }
        return n;
      }),
    location: optionalText(FILTER_LIMITS.location),
    q: optionalText(FILTER_LIMITS.keywords),
    search: optionalText(FILTER_LIMITS.keywords),
    radius: optionalNumber(FILTER_LIMITS.radius.min, FILTER_LIMITS.radius.max),
    north: optionalNumber(-90, 90),
    south: optionalNumber(-90, 90),
    east: optionalNumber(-180, 180),
    west: optionalNumber(-180, 180),
    sort: z.enum(SORTS).optional().catch(undefined),
    // Let-agreed homes are left out unless asked for (decision 0060); a saved search's criteria send a boolean.
    includeLetAgreed: z
      .union([z.string().max(10), z.boolean()])
      .optional()
      .transform((v) => (typeof v === 'boolean' ? v : parseFlag(v)))
      .describe('1 (or true) to include homes marked "Let agreed"; they are left out by default'),
    cursor: optionalText(200),
    limit: optionalNumber(1, MAX_PAGE_SIZE),
  })
  .transform((q) => {
    const pence = (pounds: number | undefined) =>
      pounds !== undefined ? Math.round(pounds * 100) : undefined;
    // One rule with the page and saved searches: a minimum above the maximum swaps (property-filters.ts).
    const [minRentPence, maxRentPence] = orderedRent(
      pence(q.minRent ?? q.price_min),
      pence(q.maxRent ?? q.price_max),
    );
    return {
      postcode: q.postcode,
      /** null = a type was asked for that does not exist: no results rather than all. */
      propertyType: parsePropertyType(q.propertyType ?? q.type),
      minRentPence,
      maxRentPence,
      bedrooms: q.bedrooms,
      location: q.location,
      text: q.q ?? q.search,
      radiusMiles: q.radius,
      bounds:
        q.north !== undefined && q.south !== undefined && q.east !== undefined && q.west !== undefined
          ? { north: q.north, south: q.south, east: q.east, west: q.west }
          : undefined,
      sort: q.sort ?? ('newest' as PropertySort),
      includeLetAgreed: q.includeLetAgreed,
      cursor: q.cursor,
      limit: Math.floor(q.limit ?? PAGE_SIZE),
    };
  });
export type TPropertySearch = z.output<typeof ZPropertySearchQuery>;

// ---- replies (the response schemas of the OpenAPI document; the types are read from them) ----

const isoInstant = z.string().describe('ISO 8601 instant');

/** A card in the list and a marker on the map: only what they show. */
export const ZPropertyCard = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    propertyType: z.enum(PROPERTY_TYPES),
    bedrooms: z.number().int().nullable().describe('0 is a studio'),
    bathrooms: z.number().int().nullable(),
    area: z.number().nullable().describe('Square metres'),
    monthlyRent: z.number().describe('Pounds a month'),
    monthlyRentPence: z.number().int(),
    rent: z.number().describe('The same as monthlyRent (the spec reads both)'),
    address: z
      .string()
      .describe(
        'The street and town, without the house or flat number; in full only on the detail for those entitled (decision 0058)',
      ),
    postcode: z
      .string()
      .describe('The postcode district ("LS1"); the full postcode only on the detail for those entitled'),
    outcode: z.string(),
    location: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    available: z.boolean(),
    availableFrom: z.string().nullable().describe('A calendar day, YYYY-MM-DD'),
    letAgreedAt: isoInstant
      .nullable()
      .describe('Marked "Let agreed" (src/domain/availability.ts decides the label)'),
    rentReducedAt: isoInstant
      .nullable()
      .describe('The latest rent change was a reduction, on this instant: "Reduced on {date}"'),
    createdAt: isoInstant,
    thumbnailUrl: z.string().nullable(),
    distanceMiles: z
      .number()
      .optional()
      .describe('Distance from the searched postcode, when searching by radius'),
    saved: z.boolean().optional().describe("The signed-in user saved it (fills the card's heart)"),
  })
  .meta({ id: 'PropertyCard' });
export type TPropertyCard = z.output<typeof ZPropertyCard>;

/** A marker is nudged at most this far (degrees, each way) from its district centroid. */
export const MARKER_OFFSET_DEGREES = 0.005;

/** FNV-1a, 32 bits: a cheap, stable hash of a string, the same in the browser and on the server. */
function fnv1a(text: string, seed = 0x811c9dc5): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * Where a listing's marker goes: its district centroid plus an offset of up to ±0.005° derived from the
 * listing id, so markers in one district do not stack and each stays put on every render (doc 1 "Property map").
 */
export function markerPosition(
  id: string,
  centroid: { lat: number; lng: number },
): { lat: number; lng: number } {
  const unit = (hash: number) => (hash / 0xffffffff) * 2 - 1;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return {
    lat: round(centroid.lat + unit(fnv1a(id)) * MARKER_OFFSET_DEGREES),
    lng: round(centroid.lng + unit(fnv1a(id, 0x9747b28c)) * MARKER_OFFSET_DEGREES),
  };
}

/**
 * The place a search named, as the search understood it (decision 0060): a postcode, district, area or town from the
 * postcode data, or words found in listings, is `found`; anything else is not, and comes with the places whose names
 * are nearest, so the page can say "We couldn't find 'Atlantis'" and offer them.
 */
export const ZSearchedPlace = z
  .object({
    query: z.string().describe('What was searched for, as typed'),
    found: z.boolean(),
    suggestions: z.array(ZPlaceSuggestion).describe('Known places with the nearest names; empty when found'),
  })
  .meta({ id: 'SearchedPlace' });
export type TSearchedPlace = z.output<typeof ZSearchedPlace>;

/** GET /api/properties: a page of cards (an envelope, not the spec's bare list: decision 0025). */
export const ZPropertyPage = z
  .object({
    properties: z.array(ZPropertyCard),
    total: z
      .number()
      .int()
      .describe('Exact when totalCapped is false; otherwise there are more than this many'),
    totalCapped: z.boolean(),
    limit: z.number().int(),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last'),
    place: ZSearchedPlace.nullable().describe(
      'The place searched for (location or postcode), whether we know it, and if not the places we do; null without one',
    ),
  })
  .meta({ id: 'PropertyPage' });
export type TPropertyPage = z.output<typeof ZPropertyPage>;

/** A listing photo (objects rather than the spec's bare addresses: decision 0025). */
export const ZPropertyImage = z
  .object({
    url: z.string(),
    thumbUrl: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    alt: z.string().nullable(),
  })
  .meta({ id: 'PropertyImage' });
export type TPropertyImage = z.output<typeof ZPropertyImage>;

/** GET /api/properties/{id}. */
export const ZPropertyDetail = ZPropertyCard.omit({ thumbnailUrl: true, distanceMiles: true, saved: true })
  .extend({
    status: z
      .enum(['pending', 'live', 'rejected', 'withdrawn', 'paused', 'let'])
      .describe('live for everyone; the owner and admins also open the others'),
    previousRentPence: z.number().int().nullable().describe('The rent before the latest reduction'),
    addressPrecision: z
      .enum(['full', 'street'])
      .describe(
        'full: the whole address and postcode (the landlord, admins, a tenant with a confirmed viewing); street: the street and district only',
      ),
    images: z.array(ZPropertyImage),
    amenities: z.array(z.string()),
    deposit: z.number().nullable().describe('Pounds, as the landlord gave it; null is "Not stated"'),
    depositPence: z.number().int().nullable().describe('As the landlord gave it; null is "Not stated"'),
    holdingDepositPence: z
      .number()
      .int()
      .nullable()
      .describe("The landlord's holding deposit as they gave it; null when not stated"),
    epcRating: z.string().nullable(),
    epcExemption: z
      .object({ kind: z.enum(EPC_EXEMPTION_KINDS), reference: z.string() })
      .nullable()
      .describe('Its exemption on the PRS Exemptions Register, when it has one'),
    councilTaxBand: z.string().nullable(),
    furnished: z.enum(FURNISHED_STATES).nullable(),
    nation: z
      .enum(NATIONS)
      .describe("The nation whose law applies: the postcode district's, or the landlord's choice"),
    pets: z.enum(PET_POLICIES).nullable(),
    billsIncluded: z.array(z.enum(BILLS)),
    landlordRegistrationNumber: z
      .string()
      .nullable()
      .describe('Scotland: the Scottish Landlord Register number'),
    occupationContract: z
      .enum(OCCUPATION_CONTRACTS)
      .nullable()
      .describe('Wales: the occupation contract given'),
    landlordId: z.uuid(),
    landlord: z
      .object({
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        phone: z.string().nullable(),
      })
      .nullable()
      .describe('Contact details, only for those whose plan has them; null otherwise'),
    saved: z.boolean(),
    publishedAt: isoInstant.nullable(),
    conversationId: z.uuid().nullable().describe("The signed-in tenant's conversation about this home"),
    responseTime: z
      .string()
      .nullable()
      .describe('"Usually replies within a day", from real replies; null until there are 3 enquiries'),
  })
  .meta({ id: 'PropertyDetail' });
export type TPropertyDetail = z.output<typeof ZPropertyDetail>;

/** A listing's amenities: at most this many, each at most MAX_AMENITY_LENGTH characters. */
export const MAX_AMENITIES = 30;
export const MAX_AMENITY_LENGTH = 40;

/** Listing form content (doc 1 §5 property form; contentData of a property_listing submission). */
export const ZPropertyListingContent = z.strictObject({
  title: z.string().trim().min(1, 'Title is required').max(120, 'Title must be at most 120 characters'),
  description: z.string().trim().max(5000, 'Description must be at most 5000 characters').default(''),
  propertyType: z.enum(PROPERTY_TYPES, { error: 'Property type is required' }),
  bedrooms: z.number().int().min(0).max(20).nullable().default(null),
  bathrooms: z.number().int().min(0).max(20).nullable().default(null),
  area: z.number().int().min(0).max(10_000).nullable().default(null),
  monthlyRent: z
    .number({ error: 'Monthly rent is required' })
    .min(1, 'Monthly rent is required')
    .max(100_000, 'Monthly rent must be at most £100,000'),
  /** Optional: shown as given ("Not stated" when blank); capped by the nation's law (advert-rules.ts). */
  deposit: z.number().min(0).max(600_000).nullable().default(null),
  /** Optional: at most one week's rent in England and Wales (advert-rules.ts). */
  holdingDeposit: z.number().min(0).max(100_000).nullable().default(null),
  address: z.string().trim().min(1, 'Address is required').max(200),
  postcode: z.string().trim().min(1, 'Postcode is required').max(10),
  availableFrom: ZCalendarDay('Available from must be a date (YYYY-MM-DD)').nullable().default(null),
  available: z.boolean().default(true),
  amenities: z
    .array(z.string().trim().min(1).max(MAX_AMENITY_LENGTH))
    .max(MAX_AMENITIES)
    .default([])
    .transform((list) => [...new Set(list)]),
  epcRating: z.enum(EPC_RATINGS).nullable().default(null),
  councilTaxBand: z.enum(COUNCIL_TAX_BANDS).nullable().default(null),
  furnished: z.enum(FURNISHED_STATES).nullable().default(null),
  /** URLs returned by the listing photo upload endpoint. */
  images: z.array(z.string().max(500)).max(20).default([]),
  pets: z.enum(PET_POLICIES, { error: 'Choose allowed, on request or not allowed' }).nullable().default(null),
  billsIncluded: z
    .array(
      z.enum(BILLS, { error: 'Bills are water, gas, electricity, council_tax, broadband or tv_licence' }),
    )
    .max(BILLS.length)
    .default([])
    .transform((list) => [...new Set(list)]),
  /** Scotland: the Scottish Landlord Register's number, shown on the listing (advert-rules.ts checks it). */
  landlordRegistrationNumber: z
    .string()
    .trim()
    .max(40, 'A registration number is at most 40 characters')
    .nullable()
    .default(null)
    .transform((v) => v || null),
  /** A home without a rating of E or better: its exemption on the PRS Exemptions Register. */
  epcExemption: z
    .strictObject({
      kind: z.enum(EPC_EXEMPTION_KINDS, { error: 'Choose the kind of exemption' }),
      reference: z
        .string()
        .trim()
        .min(3, 'Give the exemption’s PRS Exemptions Register reference')
        .max(60, 'A register reference is at most 60 characters'),
    })
    .nullable()
    .default(null),
  /** Wales: the occupation contract the landlord gives. */
  occupationContract: z.enum(OCCUPATION_CONTRACTS).nullable().default(null),
  /** The nation of the home, confirmed by the landlord where the postcode district crosses a border. */
  nation: z.enum(NATIONS).nullable().default(null),
});
// The law's rules (wording, deposits, EPC, registration) depend on the nation and the day, so they are not here:
// advert-rules.ts (listingFindings) runs them in the form, the API, at approval and daily on live listings.

export type TPropertyListingContent = z.output<typeof ZPropertyListingContent>;

/** A saved search's criteria: the search filters' own limits (property-filters.ts); read as the API reads them. */
export const ZPropertyFilterCriteria = z.object({
  postcode: z.string().max(FILTER_LIMITS.location).optional(),
  location: z.string().max(FILTER_LIMITS.location).optional(),
  propertyType: z.string().max(20).optional(),
  minRent: z.number().min(FILTER_LIMITS.rent.min).max(FILTER_LIMITS.rent.max).optional(),
  maxRent: z.number().min(FILTER_LIMITS.rent.min).max(FILTER_LIMITS.rent.max).optional(),
  bedrooms: z.union([z.number().int().min(0).max(FILTER_LIMITS.bedrooms.max), z.string().max(6)]).optional(),
  q: z.string().max(FILTER_LIMITS.keywords).optional(),
  radius: z.number().min(FILTER_LIMITS.radius.min).max(FILTER_LIMITS.radius.max).optional(),
  /** Let-agreed homes too, when the search is opened (alerts never announce them: decision 0060). */
  includeLetAgreed: z.boolean().optional(),
});

export const ZSavedSearchRequest = z.strictObject({
  name: z.string({ error: 'Search name is required' }).trim().min(1, 'Search name is required').max(100),
  emailAlerts: z.boolean().default(true),
  alertFrequency: z.enum(ALERT_FREQUENCIES).default('daily'),
  searchCriteria: ZPropertyFilterCriteria.default({}),
});

export const ZSavedSearchUpdate = z
  .strictObject({
    name: z.string().trim().min(1, 'Search name is required').max(100).optional(),
    emailAlerts: z.boolean().optional(),
    alertFrequency: z.enum(ALERT_FREQUENCIES).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });

/** A saved search (POST, PATCH and the list of GET /api/saved-searches). */
export const ZSavedSearch = z
  .object({
    id: z.uuid(),
    name: z.string(),
    location: z.string().nullable(),
    minPrice: z.number().nullable().describe('Pounds a month'),
    maxPrice: z.number().nullable().describe('Pounds a month'),
    lastAlert: isoInstant.nullable(),
    emailAlerts: z.boolean(),
    alertFrequency: z.enum(ALERT_FREQUENCIES),
    searchCriteria: ZPropertyFilterCriteria,
    createdAt: isoInstant,
  })
  .meta({ id: 'SavedSearch' });
export type TSavedSearch = z.output<typeof ZSavedSearch>;

export const ZPropertyInteraction = z.strictObject({
  propertyId: z.uuid({ error: 'Unknown property' }),
  type: z.enum(['save', 'view'], { error: 'Type must be save or view' }),
});

/** A saved home (GET /api/saved-properties, newest first). */
export const ZSavedProperty = z
  .object({
    id: z.uuid(),
    title: z.string(),
    location: z.string().nullable(),
    price: z.number().describe('Pounds a month (the same as monthlyRent)'),
    monthlyRent: z.number().describe('Pounds a month'),
    bedrooms: z.number().int().nullable().describe('0 is a studio'),
    propertyType: z.enum(PROPERTY_TYPES),
    thumbnailUrl: z.string().nullable(),
    available: z.boolean(),
    availableFrom: z.string().nullable().describe('A calendar day, YYYY-MM-DD'),
    letAgreedAt: isoInstant.nullable(),
    rentReducedAt: isoInstant.nullable(),
    savedAt: isoInstant,
  })
  .meta({ id: 'SavedProperty' });
export type TSavedProperty = z.output<typeof ZSavedProperty>;
