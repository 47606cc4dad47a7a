// Property search and detail rules (doc 1 "Property list", "Property map", "Property detail").

import { publicSearchText } from '../../../domain/addresses';
import { responseTimeLabel } from '../../../domain/conversations';
import { AppError } from '../../../domain/errors';
import { isAdmin, type Viewer } from '../../../domain/identity';
import { isUuid } from '../../../domain/ids';
import { mayUse } from '../../../domain/plans';
import { isValidOutcode, type LatLng, normalisePostcode, outcodeOf } from '../../../domain/postcodes';
import {
  type TPropertyCard,
  type TPropertyDetail,
  type TPropertyPage,
  type TPropertySearch,
  type TSearchedPlace,
  UNKNOWN_PROPERTY_TYPE,
} from '../../../domain/properties';
import type { AppContext } from '../../context';
import { closestPlaces } from '../../geo/place-suggestions';
import { districtsWithin, type ResolvedPlace, resolvePlace } from '../../geo/places';
import type { Serialized } from '../../lib/contract';
import type { SessionUser } from '../../plugins/sessions';
import { listingReader, replyDelays } from '../conversations/lookups';
import { decodeCursor, encodeCursor, type PageCursor } from './cursor';
import { type DetailCore, detailCacheFor } from './detail-cache';
import { toPropertyCard, toPropertyDetail } from './presenter';
import {
  COUNT_CAP,
  countProperties,
  findPropertyCards,
  findPropertyImages,
  findPropertyWithLandlord,
  nextExpiry,
  type PlaceFilter,
  type PropertyWithLandlord,
  type SearchFilters,
} from './queries';
import { readListingVersion, savedSetsFor, searchCacheFor } from './search-cache';
import { isCommonText } from './text-frequency';
import { viewRecorderFor } from './views';

export const PROPERTY_NOT_FOUND = 'Property not found';

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { [field]: [message] });
}

function placeFilter(place: ResolvedPlace): PlaceFilter {
  switch (place.kind) {
    case 'district':
      return { kind: 'district', outcode: place.outcode };
    case 'area':
      return { kind: 'area', area: place.area };
    case 'town':
      return { kind: 'districts', outcodes: place.outcodes };
    case 'text':
      // No house number or inward code can be tried against the listings' addresses (decision 0058).
      return { kind: 'text', text: publicSearchText(place.text) };
  }
}

/** The search's query turned into filters: what each parameter means, decided here. */
export function searchFiltersFor(query: TPropertySearch, now: Date): SearchFilters {
  const filters: SearchFilters = {
    now,
    propertyType: query.propertyType ?? undefined,
    minRentPence: query.minRentPence,
    maxRentPence: query.maxRentPence,
    bedrooms: query.bedrooms,
    places: [],
    includeLetAgreed: query.includeLetAgreed,
  };
  const places = [query.postcode, query.location].filter((p): p is string => !!p).map(resolvePlace);
  // "Within N miles" of the first place with a known centre replaces that place's own boundary.
  let centre: LatLng | null = null;
  for (const place of places) {
    if (query.radiusMiles !== undefined && !centre && place.centre) {
      centre = place.centre;
      continue;
    }
    filters.places.push(placeFilter(place));
  }
  if (centre && query.radiusMiles !== undefined) {
    const miles = query.radiusMiles;
    filters.near = { ...centre, miles, outcodes: districtsWithin(centre, miles) };
  }
  if (query.text) {
    // A postcode or district typed as free text also finds listings in that district. Never by the full postcode,
    // nor by a house number: trying them one by one would tell where a home is (decision 0058).
    const postcode = normalisePostcode(query.text);
    const words = publicSearchText(query.text);
    const outcode = postcode
      ? outcodeOf(postcode)
      : isValidOutcode(query.text)
        ? query.text.replace(/\s+/g, '').toUpperCase()
        : undefined;
    if (words || outcode) filters.text = { query: words || (outcode ?? ''), outcode };
  }
  if (query.bounds) {
    const { north, south, east, west } = query.bounds;
    if (south > north) throw invalid('south', 'The south edge must be below the north edge.');
    if (west > east) throw invalid('west', 'The west edge must be left of the east edge.');
    filters.bounds = query.bounds;
  }
  return filters;
}

interface SearchResult {
  cards: TPropertyCard[];
  /** Up to COUNT_CAP + 1. */
  total: number;
  nextCursor: string | null;
  place: TSearchedPlace | null;
}

/** The places offered for one we could not find. */
const PLACE_ALTERNATIVES = 5;

/**
 * The place the search named, and whether we know it (decision 0060): a postcode, district, area or town is known
 * from the postcode data; other words are a place when some live listing names them (a neighbourhood such as
 * "Headingley"), whatever the other filters. Otherwise the nearest names in the postcode data are offered.
 */
async function searchedPlace(ctx: AppContext, query: TPropertySearch, total: number) {
  const asked = query.location ?? query.postcode;
  if (!asked) return null;
  const place = resolvePlace(asked);
  const known =
    place.kind !== 'text' ||
    total > 0 ||
    (await countProperties(ctx.db, {
      now: ctx.now(),
      places: [placeFilter(place)],
      includeLetAgreed: true,
    })) > 0;
  return { query: asked, found: known, suggestions: known ? [] : closestPlaces(asked, PLACE_ALTERNATIVES) };
}

/** The search itself: the page (every heart empty; the caller fills the viewer's) and the count. */
async function runSearch(
  ctx: AppContext,
  query: TPropertySearch,
  after: PageCursor | null,
): Promise<SearchResult> {
  const filters = searchFiltersFor(query, ctx.now());
  if (filters.text) filters.text.common = await isCommonText(ctx, filters.text.query);
  // The count first (it stops at COUNT_CAP + 1): it tells the page query whether to find the few matches
  // and sort them, or walk an index in the sort order until a page is full.
  const total = await countProperties(ctx.db, filters);
  // One extra row says whether there is a next page without a second query.
  const rows = await findPropertyCards(ctx.db, {
    filters,
    sort: query.sort,
    after,
    limit: query.limit + 1,
    viewerId: null,
    few: total <= COUNT_CAP,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({
          sort: query.sort,
          key: query.sort === 'newest' ? last.createdKey : last.monthlyRentPence,
          id: last.id,
        })
      : null;
  return {
    cards: page.map((row) => toPropertyCard(row, ctx.mediaUrls)),
    total,
    nextCursor,
    place: await searchedPlace(ctx, query, total),
  };
}

function pageOf(result: SearchResult, limit: number): TPropertyPage {
  return {
    properties: result.cards,
    total: Math.min(result.total, COUNT_CAP),
    totalCapped: result.total > COUNT_CAP,
    limit,
    nextCursor: result.nextCursor,
    place: result.place,
  };
}

/**
 * GET /api/properties: one page of live listings as JSON, newest first by default, for everyone. Popular searches are answered from the search cache while no listing has changed, with the
 * viewer's own saved hearts filled in (search-cache.ts).
 */
export async function searchProperties(
  ctx: AppContext,
  query: Readonly<TPropertySearch>,
  viewer: Viewer<SessionUser>,
  /** The search cache's key for `query`: its JSON. */
  key = JSON.stringify(query),
  /** Read with the session (plugins/sessions.ts); read here when absent. */
  listingVersion?: number,
): Promise<Serialized<TPropertyPage>> {
  const after = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  if (query.cursor && !after)
    throw invalid('cursor', 'This page link is no longer valid. Please search again.');
  // A type that is not one of ours (`type=castle`, `type=constructor`) is a mistake to name, not an empty page:
  // the search page never sends one (it reads unknown types as "any"), and saved searches refuse them too.
  if (query.propertyType === null) throw invalid('type', UNKNOWN_PROPERTY_TYPE);

  const user = viewer.user;
  const [version, saved] = await Promise.all([
    listingVersion ?? readListingVersion(ctx.db),
    user ? savedSetsFor(ctx).get(ctx.db, user.id, user.savesVersion) : new Set<string>(),
  ]);
  const now = ctx.now();
  const cache = searchCacheFor(ctx);
  let entry = cache.get(key, version, now);
  if (!entry) {
    if (cache.needsHorizon(version)) cache.setHorizon(version, await nextExpiry(ctx.db, now), now);
    const result = await runSearch(ctx, query, after);
    entry = {
      version,
      ids: result.cards.map((card) => card.id),
      body: Buffer.from(JSON.stringify(pageOf(result, query.limit))),
    };
    cache.set(key, entry);
  }
  if (!entry.ids.some((id) => saved.has(id))) return entry.body as Serialized<TPropertyPage>;
  // Only the page's text is kept; a viewer with saved homes on it gets it read back with their hearts filled.
  const page = JSON.parse(entry.body.toString()) as TPropertyPage;
  return JSON.stringify({
    ...page,
    properties: page.properties.map((card) => (saved.has(card.id) ? { ...card, saved: true } : card)),
  }) as Serialized<TPropertyPage>;
}

export function isLive(property: PropertyWithLandlord['property'], now: Date): boolean {
  return property.status === 'live' && (!property.liveUntil || property.liveUntil > now);
}

/**
 * A listing the viewer may open: live ones for everybody; the landlord's own and any for admins
 * whatever the state (previews and review). Undefined otherwise, so unknown and hidden look the same.
 */
export async function findViewableProperty(ctx: AppContext, id: string, user: SessionUser | null) {
  if (!isUuid(id)) return undefined;
  const row = await findPropertyWithLandlord(ctx.db, id);
  if (!row) return undefined;
  if (isLive(row.property, ctx.now()) || row.property.landlordId === user?.id || isAdmin(user)) return row;
  return undefined;
}

/** The parts of a property page every viewer sees alike: from the detail cache, or read and kept. */
async function detailCore(ctx: AppContext, id: string, version: number): Promise<DetailCore | undefined> {
  const cache = detailCacheFor(ctx);
  const now = ctx.now().getTime();
  const kept = cache.get(id, version, now);
  if (kept) return kept;
  const row = await findPropertyWithLandlord(ctx.db, id);
  if (!row) return undefined;
  const [images, delays] = await Promise.all([
    findPropertyImages(ctx.db, id),
    replyDelays(ctx.db, row.property.landlordId),
  ]);
  const core: DetailCore = { row, images, responseTime: responseTimeLabel(delays) };
  cache.set(id, version, now, core);
  return core;
}

/**
 * GET /api/properties/{id}: public; contact details only for a plan that contacts landlords (plans.ts). Read
 * through the detail cache; a signed-in viewer's view is buffered (views.ts), not written in the request.
 */
export async function getPropertyDetail(
  ctx: AppContext,
  id: string,
  viewer: Viewer<SessionUser>,
  /** Read with the session (plugins/sessions.ts); read here when absent. */
  listingVersion?: number,
): Promise<TPropertyDetail> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  const user = viewer.user;
  const [version, saved] = await Promise.all([
    listingVersion ?? readListingVersion(ctx.db),
    user ? savedSetsFor(ctx).get(ctx.db, user.id, user.savesVersion) : new Set<string>(),
  ]);
  const core = await detailCore(ctx, id, version);
  const now = ctx.now();
  const row = core?.row;
  const own = !!user && user.id === row?.property.landlordId;
  if (!core || !row || !(isLive(row.property, now) || own || isAdmin(user)))
    throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  // "Opening the page while signed in records a view interaction once"; a landlord's own look is not a view.
  if (user && !own && isLive(row.property, now)) viewRecorderFor(ctx).record(user.id, id, now);
  const showContact = mayUse(viewer, 'contactLandlords') || own || isAdmin(user);
  const { conversationId, confirmedViewing } =
    user && !own
      ? await listingReader(ctx.db, id, user.id)
      : { conversationId: undefined, confirmedViewing: false };
  // The house or flat number and full postcode: the landlord, admins and a tenant whose viewing the landlord
  // confirmed (decision 0058); everyone else sees the street and the district.
  const fullAddress = own || isAdmin(user) || confirmedViewing;
  return toPropertyDetail(row, core.images, ctx.mediaUrls, {
    saved: saved.has(id),
    showContact,
    addressPrecision: fullAddress ? 'full' : 'street',
    conversationId: conversationId ?? null,
    responseTime: core.responseTime,
  });
}

/** The listing version now: what server-rendered pages for visitors are kept by (plugins/page-cache.ts). */
export function currentListingVersion(ctx: AppContext): Promise<number> {
  return readListingVersion(ctx.db);
}

/** A landlord's reply time changed (an enquiry, a reply): their listings' pages are read again. */
export function forgetLandlordPages(ctx: AppContext, landlordId: string): void {
  detailCacheFor(ctx).forgetLandlord(landlordId);
}

/** A listing with its landlord's name and contact, any status: for the features that start conversations about it. */
export function propertyWithLandlord(ctx: AppContext, id: string) {
  return findPropertyWithLandlord(ctx.db, id);
}
