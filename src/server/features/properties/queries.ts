// SQL for property search and detail. Every value from a request reaches PostgreSQL as a bound parameter.
import {
  and,
  asc,
  between,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  min,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PropertyType } from '../../../domain/constants';
import { BEDROOMS_OR_MORE, type PropertySort } from '../../../domain/properties';
import type { Db } from '../../db/client';
import { listingVersion, properties, propertyImages, propertyInteractions, users } from '../../db/schema';
import type { PageCursor } from './cursor';

export type PlaceFilter =
  | { kind: 'district'; outcode: string }
  | { kind: 'area'; area: string }
  | { kind: 'districts'; outcodes: string[] }
  /** A place we do not know as a postcode, area or town: the listing's location, or its text. */
  | { kind: 'text'; text: string };

export interface SearchFilters {
  now: Date;
  propertyType?: PropertyType;
  minRentPence?: number;
  maxRentPence?: number;
  /** Exact, except BEDROOMS_OR_MORE, which means that many or more. */
  bedrooms?: number;
  places: PlaceFilter[];
  /**
   * Free text; `common` when its words are in many listings (text-frequency.ts), so they are checked row by
   * row rather than looked up in the full-text index.
   */
  text?: { query: string; outcode?: string; common?: boolean };
  /**
   * Within `miles` of a point: the listings of `outcodes`, the districts whose centre is that close
   * (places.ts), left out only by a query that walks those districts itself (districtWalk).
   */
  near?: { lat: number; lng: number; miles: number; outcodes?: string[] };
  bounds?: { north: number; south: number; east: number; west: number };
  /**
   * Homes marked "Let agreed" too. Without it a search finds only homes on offer: not let agreed, and not switched
   * to "Not available" by their landlord, which no search brings back (decision 0060).
   */
  includeLetAgreed?: boolean;
}

const EARTH_RADIUS_MILES = 3958.8;

/** Approved and not past its admin "live until" (doc 2 live content): the only listings the public sees. */
export function liveAt(now: Date): SQL {
  // A literal 'live', so the planner can use the partial indexes declared `where status = 'live'`.
  return and(
    sql`${properties.status} = 'live'`,
    or(isNull(properties.liveUntil), gt(properties.liveUntil, now)),
  )!;
}

/** Great-circle miles from a point to the listing's district centroid (haversine, as in domain/postcodes). */
function distanceMiles(lat: number, lng: number): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
    power(sin(radians(${properties.lat} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${properties.lat}))
      * power(sin(radians(${properties.lng} - ${lng}::float8) / 2), 2)))))`;
}

/**
 * `column = value`, written `column = any(array[value])` for the first of the search's fixed columns. The two
 * match the same rows, but PostgreSQL drops a column compared with `=` from ORDER BY as redundant, and then
 * walks the plain rent or date index and filters (see fixedColumns); with `= any(…)` the column stays in the
 * order and only the index that starts with it can give it.
 */
function equals(
  column: AnyPgColumn,
  value: string | number,
  lead: AnyPgColumn | undefined,
  type: string,
): SQL {
  return column === lead ? sql`${column} = any(array[${value}]::${sql.raw(type)}[])` : eq(column, value);
}

function placeCondition(place: PlaceFilter, lead: AnyPgColumn | undefined): SQL {
  switch (place.kind) {
    case 'district':
      return eq(properties.outcode, place.outcode);
    case 'area':
      // The stored area column ("L" never matches "LS12"), with its own indexes in each sort order.
      return equals(properties.area, place.area, lead, 'text');
    case 'districts':
      return inArray(properties.outcode, place.outcodes);
    case 'text':
      return or(
        sql`lower(${properties.location}) = lower(${place.text})`,
        sql`${properties.searchVector} @@ websearch_to_tsquery('english', ${place.text})`,
      )!;
  }
}

/** A postcode, area, town, radius or map view: a bounded set of rows, found through its own index. */
function narrowedByPlace(filters: SearchFilters): boolean {
  return !!filters.near || !!filters.bounds || filters.places.some((place) => place.kind !== 'text');
}

/**
 * The search's WHERE; `lead` is the fixed column ORDER BY starts with, if any (see equals); `narrowed` says a
 * place bounds the rows, even one the caller walks itself.
 */
export function searchConditions(
  filters: SearchFilters,
  lead?: AnyPgColumn,
  narrowed = narrowedByPlace(filters),
): SQL {
  const conditions: SQL[] = [liveAt(filters.now), eq(properties.available, true)];
  if (!filters.includeLetAgreed) conditions.push(isNull(properties.letAgreedAt));
  if (filters.propertyType)
    conditions.push(equals(properties.propertyType, filters.propertyType, lead, 'property_type'));
  if (filters.minRentPence !== undefined)
    conditions.push(gte(properties.monthlyRentPence, filters.minRentPence));
  if (filters.maxRentPence !== undefined)
    conditions.push(lte(properties.monthlyRentPence, filters.maxRentPence));
  if (filters.bedrooms !== undefined) {
    conditions.push(
      filters.bedrooms >= BEDROOMS_OR_MORE
        ? gte(properties.bedrooms, filters.bedrooms)
        : equals(properties.bedrooms, filters.bedrooms, lead, 'smallint'),
    );
  }
  for (const place of filters.places) conditions.push(placeCondition(place, lead));
  if (filters.text) {
    const { query, outcode, common } = filters.text;
    const matches = [
      narrowed || common
        ? // Checked on the rows the place or the other filters find, or along the sort order when the words
          // are common, not looked up in the full-text index: a common word ("garden") is in half of all
          // listings, and the index would list every one of them before the place cut them down (139 ms at
          // 1,000,000 listings, against 2 ms walking the place's rows). coalesce() keeps the same meaning
          // while hiding the match from the index.
          sql`coalesce(${properties.searchVector} @@ websearch_to_tsquery('english', ${query}), false)`
        : sql`${properties.searchVector} @@ websearch_to_tsquery('english', ${query})`,
    ];
    if (outcode) matches.push(eq(properties.outcode, outcode));
    conditions.push(or(...matches)!);
  }
  if (filters.near?.outcodes) {
    // Within the radius: the districts whose centre lies inside it (every listing sits at its district's
    // centre, and the spec measures from district centroids). A box and the exact distance as well would
    // match the same rows, but the planner multiplies their selectivities as if independent and, expecting
    // a few dozen homes, sorts 22,000 of them.
    conditions.push(sql`${properties.outcode} = any(${sql.param(filters.near.outcodes)}::text[])`);
  }
  if (filters.bounds) {
    const { north, south, east, west } = filters.bounds;
    conditions.push(between(properties.lat, south, north), between(properties.lng, west, east));
  }
  return and(...conditions)!;
}

/** created_at with its microseconds, in UTC: a JavaScript Date would drop them and break the keyset. */
const createdKey = sql<string>`to_char(${properties.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Columns a search fixes to one value, in the order of an index that starts with them and ends with the sort
 * (schema.ts properties_live_{area,type,beds}_{created,rent}_idx). Putting them first in ORDER BY changes
 * nothing in the result (each has one value) but leaves the planner one way to produce that order: walk the
 * index that matches both the filter and the sort, and stop after a page. Left to itself it walks the plain
 * rent index and filters, which is slow when the filter and the rent go together: the cheapest homes are
 * rarely three-bedroom houses.
 */
function fixedColumns(filters: SearchFilters): AnyPgColumn[] {
  if (filters.places.some((place) => place.kind === 'area')) return [properties.area];
  const fixedBedrooms = filters.bedrooms !== undefined && filters.bedrooms < BEDROOMS_OR_MORE;
  if (filters.propertyType && fixedBedrooms) return [properties.propertyType, properties.bedrooms];
  if (filters.propertyType) return [properties.propertyType];
  if (fixedBedrooms) return [properties.bedrooms];
  return [];
}

/**
 * A search narrowed to a few districts (a district, a town, a radius) without a fixed column: its matches are
 * few, so find them first and sort them. Ordering by an expression no index provides makes the planner do
 * that, instead of walking the whole rent or date index hoping to meet them early (it meets them late when
 * the place's rents are high or low: Watford's homes sit behind 128,000 dearer ones at 1,000,000 listings).
 */
function findsFewFirst(filters: SearchFilters): boolean {
  return (
    !!filters.near || filters.places.some((place) => place.kind === 'district' || place.kind === 'districts')
  );
}

/**
 * Past this many districts a page per district costs more than one walk along the sort order: London's 183
 * districts cost 375 ms at 1,000,000 listings, against a few for the walk.
 */
const MAX_DISTRICTS_TO_WALK = 20;

interface DistrictWalk {
  outcodes: string[];
  /** The search without the district list being walked (each walk fixes one district). */
  rest: SearchFilters;
}

/**
 * The districts to walk one by one when a search by district, town or radius has many matches (more than
 * COUNT_CAP): null when the search has no such place or spans too many districts.
 */
function districtWalk(filters: SearchFilters): DistrictWalk | null {
  const { near } = filters;
  if (near?.outcodes) {
    return near.outcodes.length <= MAX_DISTRICTS_TO_WALK
      ? { outcodes: near.outcodes, rest: { ...filters, near: { ...near, outcodes: undefined } } }
      : null;
  }
  const place = filters.places.find((p) => p.kind === 'district' || p.kind === 'districts');
  if (!place) return null;
  const outcodes =
    place.kind === 'district' ? [place.outcode] : place.kind === 'districts' ? place.outcodes : [];
  return outcodes.length <= MAX_DISTRICTS_TO_WALK
    ? { outcodes, rest: { ...filters, places: filters.places.filter((p) => p !== place) } }
    : null;
}

function ordering(
  sort: PropertySort,
  filters: SearchFilters,
  few: boolean | undefined,
  /** The plain sort, for a walk of one district's index (districtWalk). */
  plain = false,
): SQL[] {
  // A count of at most COUNT_CAP says the matches are few: find them all and sort them. Many matches are
  // walked in the sort order: district by district for a few districts (districtWalk), else along the index
  // of the search's fixed columns and the sort.
  const sortFirst = !plain && (few ?? findsFewFirst(filters));
  const fixed = sortFirst || plain ? [] : fixedColumns(filters);
  const rent = sortFirst ? sql`(${properties.monthlyRentPence} + 0)` : sql`${properties.monthlyRentPence}`;
  const created = sortFirst ? sql`(${properties.createdAt} + interval '0 s')` : sql`${properties.createdAt}`;
  switch (sort) {
    case 'rent_asc':
      return [...fixed.map((c) => asc(c)), sql`${rent} asc`, asc(properties.id)];
    case 'rent_desc':
      // Every column descending: the same index, walked backwards.
      return [...fixed.map((c) => desc(c)), sql`${rent} desc`, desc(properties.id)];
    default:
      // The order of properties_live_created_idx (created_at desc nulls last, id), after any fixed columns.
      return [...fixed.map((c) => asc(c)), sql`${created} desc nulls last`, asc(properties.id)];
  }
}

/** The sort again, on the page subquery's columns (a subquery's order is not kept by the query around it). */
function pageOrdering(
  sort: PropertySort,
  page: {
    monthlyRentPence: AnyPgColumn | SQL.Aliased;
    createdAt: AnyPgColumn | SQL.Aliased;
    id: AnyPgColumn | SQL.Aliased;
  },
): SQL[] {
  switch (sort) {
    case 'rent_asc':
      return [sql`${page.monthlyRentPence} asc`, sql`${page.id} asc`];
    case 'rent_desc':
      return [sql`${page.monthlyRentPence} desc`, sql`${page.id} desc`];
    default:
      return [sql`${page.createdAt} desc nulls last`, sql`${page.id} asc`];
  }
}

/**
 * Rows strictly after the cursor's row in the sort order. The rent sorts compare (rent, id) as a row, an
 * index condition on properties_live_rent_idx; newest mixes directions, so its `<=` half starts the range.
 */
function afterCursor(cursor: PageCursor): SQL {
  switch (cursor.sort) {
    case 'rent_asc':
      return sql`(${properties.monthlyRentPence}, ${properties.id}) > (${Number(cursor.key)}::int, ${cursor.id}::uuid)`;
    case 'rent_desc':
      return sql`(${properties.monthlyRentPence}, ${properties.id}) < (${Number(cursor.key)}::int, ${cursor.id}::uuid)`;
    default: {
      const created = sql`${String(cursor.key)}::timestamptz`;
      return and(
        sql`${properties.createdAt} <= ${created}`,
        or(sql`${properties.createdAt} < ${created}`, gt(properties.id, cursor.id)),
      )!;
    }
  }
}

/** Longest description sent for a card; the presenter trims it to a word boundary. */
const CARD_DESCRIPTION_CHARS = 320;

export interface PropertyCardRow {
  id: string;
  title: string;
  description: string;
  propertyType: PropertyType;
  bedrooms: number | null;
  bathrooms: number | null;
  areaSqm: number | null;
  monthlyRentPence: number;
  /** The street as anyone may see it (decision 0058): a card never reads the full address or postcode. */
  publicStreet: string;
  outcode: string;
  location: string | null;
  lat: number | null;
  lng: number | null;
  available: boolean;
  availableFrom: string | null;
  letAgreedAt: Date | null;
  rentReducedAt: Date | null;
  createdAt: Date;
  createdKey: string;
  thumbnailUrl: string | null;
  saved: boolean;
  distanceMiles: number | null;
}

export interface CardQueryOptions {
  filters: SearchFilters;
  sort: PropertySort;
  after: PageCursor | null;
  limit: number;
  viewerId: string | null;
  /** The search's count, when known first: few matches (at most COUNT_CAP) are found first and sorted. */
  few?: boolean;
}

export async function findPropertyCards(db: Db, options: CardQueryOptions): Promise<PropertyCardRow[]> {
  return propertyCardsQuery(db, options);
}

/** The page query itself, unexecuted (the bench and EXPLAIN read its SQL). */
export function propertyCardsQuery(db: Db, options: CardQueryOptions) {
  const { filters, sort, after, limit, viewerId, few } = options;
  const walk = few === false ? districtWalk(filters) : null;
  const lead = few || walk ? undefined : fixedColumns(filters)[0];
  const conditions = walk ? searchConditions(walk.rest, lead, true) : searchConditions(filters, lead);
  const where = after ? and(conditions, afterCursor(after))! : conditions;
  const columns = {
    id: properties.id,
    title: properties.title,
    description: sql<string>`left(${properties.description}, ${CARD_DESCRIPTION_CHARS})`.as('description'),
    propertyType: properties.propertyType,
    bedrooms: properties.bedrooms,
    bathrooms: properties.bathrooms,
    areaSqm: properties.areaSqm,
    monthlyRentPence: properties.monthlyRentPence,
    publicStreet: properties.publicStreet,
    outcode: properties.outcode,
    location: properties.location,
    lat: properties.lat,
    lng: properties.lng,
    available: properties.available,
    availableFrom: properties.availableFrom,
    letAgreedAt: properties.letAgreedAt,
    rentReducedAt: properties.rentReducedAt,
    createdAt: properties.createdAt,
    createdKey: createdKey.as('created_key'),
    // One thumbnail per card (the first photo, kept on the row by triggers), never the whole gallery.
    thumbnailUrl: properties.coverUrl,
    distanceMiles: (filters.near
      ? sql<number | null>`${distanceMiles(filters.near.lat, filters.near.lng)}`
      : sql<number | null>`null::float8`
    ).as('distance_miles'),
  };
  // The page first, with nothing costly per row, so the planner chooses how to find and order the matches by
  // the filters alone; then the saved flag for each of its rows. With a lookup per row in the same query the
  // planner would rather walk a whole index than sort a few hundred matches, to save lookups for rows it
  // will not return.
  const page = walk ? walkedPage(walk) : sortedPage();
  function walkedPage({ outcodes }: DistrictWalk) {
    // Many matches in a few districts: each district's first page from its own index in the sort order
    // (properties_live_district_{created,rent}_idx), then the best of those. The work is a page per
    // district, however many listings each holds.
    const district = sql`${sql.identifier('district')}.${sql.identifier('outcode')}`;
    const perDistrict = db
      .select(columns)
      .from(properties)
      .where(and(where, sql`${properties.outcode} = ${district}`))
      .orderBy(...ordering(sort, filters, false, true))
      .limit(limit)
      .as('district_page');
    return db
      .select({ ...perDistrict._.selectedFields })
      .from(
        sql`unnest(${sql.param(outcodes)}::text[]) as ${sql.identifier('district')}(${sql.identifier('outcode')})`,
      )
      .crossJoinLateral(perDistrict)
      .orderBy(...pageOrdering(sort, perDistrict))
      .limit(limit)
      .as('page');
  }
  function sortedPage() {
    return db
      .select(columns)
      .from(properties)
      .where(where)
      .orderBy(...ordering(sort, filters, few))
      .limit(limit)
      .as('page');
  }
  const pageId = sql`${sql.identifier('page')}.${sql.identifier('id')}`;
  return db
    .select({
      ...page._.selectedFields,
      saved: viewerId
        ? sql<boolean>`exists(
            select 1 from ${propertyInteractions} saves
            where saves.user_id = ${viewerId} and saves.property_id = ${pageId} and saves.type = 'save')`
        : sql<boolean>`false`,
    })
    .from(page)
    .orderBy(...pageOrdering(sort, page));
}

/**
 * Matches are counted exactly up to this many; past it the reply says "1,000+". A count then stops after
 * COUNT_CAP + 1 index entries instead of walking every match (100,000 for an unfiltered search).
 */
export const COUNT_CAP = 1000;

/** How many listings match, at most COUNT_CAP + 1 (which means "more than COUNT_CAP"). */
export async function countProperties(db: Db, filters: SearchFilters): Promise<number> {
  const [row] = await countQuery(db, filters);
  return Number(row?.total ?? 0);
}

export function countQuery(db: Db, filters: SearchFilters) {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(properties)
    .where(searchConditions(filters))
    .limit(COUNT_CAP + 1)
    .as('matches');
  return db.select({ total: sql<number>`count(*)::int` }).from(matches);
}

export async function findPropertyWithLandlord(db: Db, id: string) {
  const [row] = await db
    .select({
      property: properties,
      landlord: {
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
      },
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.landlordId))
    // A deleted listing is kept for its threads only: no page, no enquiry, for anyone (decision 0051).
    .where(and(eq(properties.id, id), isNull(properties.deletedAt)))
    .limit(1);
  return row;
}
export type PropertyWithLandlord = NonNullable<Awaited<ReturnType<typeof findPropertyWithLandlord>>>;

export async function findPropertyImages(db: Db, propertyId: string) {
  return db
    .select()
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, propertyId))
    .orderBy(asc(propertyImages.position), asc(propertyImages.id));
}
export type PropertyImageRow = Awaited<ReturnType<typeof findPropertyImages>>[number];

/**
 * Views, one per user and property, in one statement: the unique (user, property, type) index makes a repeat a
 * no-op, and a view of a listing or by an account deleted since is skipped rather than failing the batch.
 */
export async function recordViews(
  db: Db,
  views: ReadonlyArray<{ userId: string; propertyId: string; at: Date }>,
): Promise<void> {
  if (views.length === 0) return;
  const users = `{${views.map((v) => v.userId).join(',')}}`;
  const props = `{${views.map((v) => v.propertyId).join(',')}}`;
  const ats = `{${views.map((v) => `"${v.at.toISOString()}"`).join(',')}}`;
  await db.execute(sql`
    insert into property_interactions (user_id, property_id, type, created_at)
    select v.user_id, v.property_id, 'view', v.at
    from unnest(${users}::uuid[], ${props}::uuid[], ${ats}::timestamptz[]) as v(user_id, property_id, at)
    where exists (select 1 from properties p where p.id = v.property_id)
      and exists (select 1 from users u where u.id = v.user_id)
    on conflict (user_id, property_id, type) do nothing`);
}

// ---- the search cache's statements (search-cache.ts) ----

/** Prepared once per database: the listing version, and one user's saved property ids. */
export function prepareCacheStatements(db: Db) {
  return {
    version: db
      .select({ version: listingVersion.version })
      .from(listingVersion)
      .limit(1)
      .prepare('listing_version'),
    savedIds: db
      .select({ id: propertyInteractions.propertyId })
      .from(propertyInteractions)
      .where(
        and(
          eq(propertyInteractions.userId, sql.placeholder('userId')),
          eq(propertyInteractions.type, 'save'),
        ),
      )
      .prepare('saved_property_ids'),
  };
}

/** The next instant a live listing's "live until" passes, or null when none is set. */
export async function nextExpiry(db: Db, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ until: min(properties.liveUntil) })
    .from(properties)
    .where(
      and(sql`${properties.status} = 'live'`, isNotNull(properties.liveUntil), gt(properties.liveUntil, now)),
    );
  return row?.until ? new Date(row.until) : null;
}

// ---- text frequency (text-frequency.ts) ----

type Rows<T> = { rows: T[] };

/** The planner's statistics: each common lexeme of listing text and the share of listings that hold it. */
export async function findLexemeShares(db: Db): Promise<Array<{ lexeme: string; share: number }>> {
  // most_common_elem_freqs holds one share per element, then the minimum, maximum and null share; unnest
  // pads the shorter array with nulls.
  const result = (await db.execute(sql`
    select u.lexeme, u.share
    from pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as u(lexeme, share)
    where s.schemaname = current_schema() and s.tablename = 'properties' and s.attname = 'search_vector'
      and u.lexeme is not null`)) as unknown as Rows<{ lexeme: string; share: number }>;
  return result.rows;
}

/** to_tsvector's lexemes of a query text (stemmed: "parking" is "park"). */
export async function findLexemes(db: Db, text: string): Promise<string[]> {
  const result = (await db.execute(
    sql`select tsvector_to_array(to_tsvector('english', ${text})) as lexemes`,
  )) as unknown as Rows<{ lexemes: string[] }>;
  return result.rows[0]?.lexemes ?? [];
}
