// SQL for property search and detail. Every value from a request reaches PostgreSQL as a bound parameter.
import {
  and,
  asc,
  between,
  desc,
  eq,
  fillPlaceholders,
  gt,
  gte,
  isNotNull,
  isNull,
  lte,
  min,
  or,
  type SQL,
  type SQLWrapper,
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
export function liveAt(now: Date | SQLWrapper): SQL {
  // A literal 'live', so the planner can use the partial indexes declared `where status = 'live'`.
  return and(
    sql`${properties.status} = 'live'`,
    or(isNull(properties.liveUntil), gt(properties.liveUntil, now)),
  )!;
}

// ---- search: its WHERE, order and page, each shape's SQL built once ----
//
// Drizzle took about as long to build a search's two statements as PostgreSQL took to run them (decision 0076),
// so a search is split into its shape (which filters it has and how each is checked, never their values) and its
// values. Each shape's SQL is built once, with placeholders, and run with the search's values.

/** A search's values by the names of its SQL's placeholders. */
type Values = Record<string, unknown>;

/** A value in the SQL: a placeholder in SQL built to be kept, or the value itself (searchConditions). */
type Bind = (name: string) => SQLWrapper;

const placeholders: Bind = (name) => sql.placeholder(name);

function boundTo(values: Values): Bind {
  return (name) => sql.param(values[name]);
}

/** Great-circle miles from a point to the listing's district centroid (haversine, as in domain/postcodes). */
function distanceMiles(lat: SQLWrapper, lng: SQLWrapper): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
    power(sin(radians(${properties.lat} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${properties.lat}))
      * power(sin(radians(${properties.lng} - ${lng}::float8) / 2), 2)))))`;
}

/** The columns a search may fix to one value and lead its order with (fixedColumns), with their SQL types. */
const LEADS = {
  area: { column: properties.area, type: 'text' },
  type: { column: properties.propertyType, type: 'property_type' },
  beds: { column: properties.bedrooms, type: 'smallint' },
} as const;
type Lead = keyof typeof LEADS;

/**
 * `column = value`, written `column = any(array[value])` for the first of the search's fixed columns. The two
 * match the same rows, but PostgreSQL drops a column compared with `=` from ORDER BY as redundant, and then
 * walks the plain rent or date index and filters (see fixedColumns); with `= any(…)` the column stays in the
 * order and only the index that starts with it can give it.
 */
function equals(name: Lead, value: SQLWrapper, lead: Lead | null): SQL {
  const { column, type } = LEADS[name];
  return name === lead ? sql`${column} = any(array[${value}]::${sql.raw(type)}[])` : eq(column, value);
}

/** Every choice a search's WHERE makes from its filters, and none of their values. */
interface WhereShape {
  letAgreed: boolean;
  type: boolean;
  minRent: boolean;
  maxRent: boolean;
  bedrooms: 'exact' | 'atLeast' | null;
  places: PlaceFilter['kind'][];
  /** Free text, checked on the rows the other filters find (byRow) or looked up in the full-text index. */
  text: { byRow: boolean; outcode: boolean } | null;
  nearDistricts: boolean;
  bounds: boolean;
  /** The fixed column ORDER BY starts with, if any (see equals). */
  lead: Lead | null;
}

/** A postcode, area, town, radius or map view: a bounded set of rows, found through its own index. */
function narrowedByPlace(filters: SearchFilters): boolean {
  return !!filters.near || !!filters.bounds || filters.places.some((place) => place.kind !== 'text');
}

function placeValue(place: PlaceFilter): unknown {
  switch (place.kind) {
    case 'district':
      return place.outcode;
    case 'area':
      return place.area;
    case 'districts':
      return place.outcodes;
    case 'text':
      return place.text;
  }
}

/** `narrowed` says a place bounds the rows, even one the caller walks itself (districtWalk). */
function whereOf(
  filters: SearchFilters,
  lead: Lead | null,
  narrowed = narrowedByPlace(filters),
): { shape: WhereShape; values: Values } {
  const { text, near, bounds } = filters;
  const values: Values = {
    now: filters.now.toISOString(),
    type: filters.propertyType,
    minRent: filters.minRentPence,
    maxRent: filters.maxRentPence,
    bedrooms: filters.bedrooms,
    text: text?.query,
    textOutcode: text?.outcode,
    nearDistricts: near?.outcodes,
    ...bounds,
  };
  filters.places.forEach((place, i) => {
    values[`place${i}`] = placeValue(place);
  });
  const shape: WhereShape = {
    letAgreed: !!filters.includeLetAgreed,
    type: !!filters.propertyType,
    minRent: filters.minRentPence !== undefined,
    maxRent: filters.maxRentPence !== undefined,
    bedrooms:
      filters.bedrooms === undefined ? null : filters.bedrooms >= BEDROOMS_OR_MORE ? 'atLeast' : 'exact',
    places: filters.places.map((place) => place.kind),
    text: text ? { byRow: narrowed || !!text.common, outcode: !!text.outcode } : null,
    nearDistricts: !!near?.outcodes,
    bounds: !!bounds,
    lead,
  };
  return { shape, values };
}

function placeCondition(kind: PlaceFilter['kind'], value: SQLWrapper, lead: Lead | null): SQL {
  switch (kind) {
    case 'district':
      return eq(properties.outcode, value);
    case 'area':
      // The stored area column ("L" never matches "LS12"), with its own indexes in each sort order.
      return equals('area', value, lead);
    case 'districts':
      return sql`${properties.outcode} = any(${value}::text[])`;
    case 'text':
      return or(
        sql`lower(${properties.location}) = lower(${value})`,
        sql`${properties.searchVector} @@ websearch_to_tsquery('english', ${value})`,
      )!;
  }
}

function whereSql(shape: WhereShape, bind: Bind): SQL {
  const { lead } = shape;
  const conditions: SQL[] = [liveAt(bind('now')), eq(properties.available, true)];
  if (!shape.letAgreed) conditions.push(isNull(properties.letAgreedAt));
  if (shape.type) conditions.push(equals('type', bind('type'), lead));
  if (shape.minRent) conditions.push(gte(properties.monthlyRentPence, bind('minRent')));
  if (shape.maxRent) conditions.push(lte(properties.monthlyRentPence, bind('maxRent')));
  if (shape.bedrooms === 'atLeast') conditions.push(gte(properties.bedrooms, bind('bedrooms')));
  if (shape.bedrooms === 'exact') conditions.push(equals('beds', bind('bedrooms'), lead));
  shape.places.forEach((kind, i) => {
    conditions.push(placeCondition(kind, bind(`place${i}`), lead));
  });
  if (shape.text) {
    const query = sql`websearch_to_tsquery('english', ${bind('text')})`;
    const matches = [
      shape.text.byRow
        ? // Checked on the rows the place or the other filters find, or along the sort order when the words
          // are common, not looked up in the full-text index: a common word ("garden") is in half of all
          // listings, and the index would list every one of them before the place cut them down (139 ms at
          // 1,000,000 listings, against 2 ms walking the place's rows). coalesce() keeps the same meaning
          // while hiding the match from the index.
          sql`coalesce(${properties.searchVector} @@ ${query}, false)`
        : sql`${properties.searchVector} @@ ${query}`,
    ];
    if (shape.text.outcode) matches.push(eq(properties.outcode, bind('textOutcode')));
    conditions.push(or(...matches)!);
  }
  if (shape.nearDistricts) {
    // Within the radius: the districts whose centre lies inside it (every listing sits at its district's
    // centre, and the spec measures from district centroids). A box and the exact distance as well would
    // match the same rows, but the planner multiplies their selectivities as if independent and, expecting
    // a few dozen homes, sorts 22,000 of them.
    conditions.push(sql`${properties.outcode} = any(${bind('nearDistricts')}::text[])`);
  }
  if (shape.bounds) {
    conditions.push(
      between(properties.lat, bind('south'), bind('north')),
      between(properties.lng, bind('west'), bind('east')),
    );
  }
  return and(...conditions)!;
}

/** The search's WHERE with its values bound (saved-search alerts add it to their own query). */
export function searchConditions(filters: SearchFilters): SQL {
  const { shape, values } = whereOf(filters, null);
  return whereSql(shape, boundTo(values));
}

/**
 * Whether the WHERE reads only columns of the covering indexes (properties_live_{,district_,area_}cover_idx,
 * migration 0031): free text, a text place and a map view read the table.
 */
function coveredByIndex(shape: WhereShape): boolean {
  return !shape.text && !shape.bounds && !shape.places.includes('text');
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
function fixedColumns(filters: SearchFilters): Lead[] {
  if (filters.places.some((place) => place.kind === 'area')) return ['area'];
  const fixedBedrooms = filters.bedrooms !== undefined && filters.bedrooms < BEDROOMS_OR_MORE;
  if (filters.propertyType && fixedBedrooms) return ['type', 'beds'];
  if (filters.propertyType) return ['type'];
  if (fixedBedrooms) return ['beds'];
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

/**
 * How a page is found. `sorted`: a count of at most COUNT_CAP says the matches are few, so find them all and
 * sort them. Many matches are walked in the sort order: `walked` district by district for a few districts
 * (districtWalk), else `ordered` along the index of the search's fixed columns and the sort.
 */
type PageMode = 'sorted' | 'walked' | 'ordered';

function ordering(sort: PropertySort, mode: PageMode, fixed: Lead[]): SQL[] {
  const sortFirst = mode === 'sorted';
  const lead = fixed.map((name) => LEADS[name].column);
  const rent = sortFirst ? sql`(${properties.monthlyRentPence} + 0)` : sql`${properties.monthlyRentPence}`;
  const created = sortFirst ? sql`(${properties.createdAt} + interval '0 s')` : sql`${properties.createdAt}`;
  switch (sort) {
    case 'rent_asc':
      return [...lead.map((c) => asc(c)), sql`${rent} asc`, asc(properties.id)];
    case 'rent_desc':
      // Every column descending: the same index, walked backwards.
      return [...lead.map((c) => desc(c)), sql`${rent} desc`, desc(properties.id)];
    default:
      // The order of properties_live_created_idx (created_at desc nulls last, id), after any fixed columns.
      return [...lead.map((c) => asc(c)), sql`${created} desc nulls last`, asc(properties.id)];
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
function afterCursor(sort: PropertySort, bind: Bind): SQL {
  const key = bind('cursorKey');
  const id = bind('cursorId');
  switch (sort) {
    case 'rent_asc':
      return sql`(${properties.monthlyRentPence}, ${properties.id}) > (${key}::int, ${id}::uuid)`;
    case 'rent_desc':
      return sql`(${properties.monthlyRentPence}, ${properties.id}) < (${key}::int, ${id}::uuid)`;
    default: {
      const created = sql`${key}::timestamptz`;
      return and(
        sql`${properties.createdAt} <= ${created}`,
        or(sql`${properties.createdAt} < ${created}`, sql`${properties.id} > ${id}::uuid`),
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

/** Every choice the page query makes from a search, and none of its values. */
interface PageShape {
  where: WhereShape;
  sort: PropertySort;
  mode: PageMode;
  /** The fixed columns that lead the order of an `ordered` page. */
  fixed: Lead[];
  /**
   * Few matches and a WHERE the covering indexes answer: the page's ids are chosen from the index alone, and
   * only their rows are read (a sorted page otherwise reads every match's row, ~3 KB each, to keep 25).
   */
  deferred: boolean;
  after: boolean;
  distance: boolean;
  viewer: boolean;
}

function pageOf(options: CardQueryOptions): { shape: PageShape; values: Values } {
  const { filters, sort, after, limit, viewerId, few } = options;
  const walk = few === false ? districtWalk(filters) : null;
  const mode: PageMode = walk ? 'walked' : (few ?? findsFewFirst(filters)) ? 'sorted' : 'ordered';
  const lead = few || walk ? null : (fixedColumns(filters)[0] ?? null);
  const where = walk ? whereOf(walk.rest, lead, true) : whereOf(filters, lead);
  const shape: PageShape = {
    where: where.shape,
    sort,
    mode,
    fixed: mode === 'ordered' ? fixedColumns(filters) : [],
    deferred: mode === 'sorted' && coveredByIndex(where.shape),
    after: !!after,
    distance: !!filters.near,
    viewer: !!viewerId,
  };
  const values: Values = {
    ...where.values,
    limit,
    walk: walk?.outcodes,
    // The cursor's key as its sort compares it: pence, or the instant with its microseconds.
    cursorKey: after && (sort === 'newest' ? String(after.key) : Number(after.key)),
    cursorId: after?.id,
    lat: filters.near?.lat,
    lng: filters.near?.lng,
    viewer: viewerId,
  };
  return { shape, values };
}

function pageSql(db: Db, shape: PageShape) {
  const bind = placeholders;
  const limit = sql.placeholder('limit');
  const { sort } = shape;
  const conditions = whereSql(shape.where, bind);
  const where = shape.after ? and(conditions, afterCursor(sort, bind))! : conditions;
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
    distanceMiles: (shape.distance
      ? sql<number | null>`${distanceMiles(bind('lat'), bind('lng'))}`
      : sql<number | null>`null::float8`
    ).as('distance_miles'),
  };
  // The page first, with nothing costly per row, so the planner chooses how to find and order the matches by
  // the filters alone; then the saved flag for each of its rows. With a lookup per row in the same query the
  // planner would rather walk a whole index than sort a few hundred matches, to save lookups for rows it
  // will not return.
  const page = shape.mode === 'walked' ? walkedPage() : shape.deferred ? deferredPage() : sortedPage();
  function walkedPage() {
    // Many matches in a few districts: each district's first page from its own index in the sort order
    // (properties_live_district_{created,rent}_idx), then the best of those. The work is a page per
    // district, however many listings each holds.
    const district = sql`${sql.identifier('district')}.${sql.identifier('outcode')}`;
    const perDistrict = db
      .select(columns)
      .from(properties)
      .where(and(where, sql`${properties.outcode} = ${district}`))
      .orderBy(...ordering(sort, 'walked', []))
      .limit(limit)
      .as('district_page');
    return db
      .select({ ...perDistrict._.selectedFields })
      .from(
        sql`unnest(${bind('walk')}::text[]) as ${sql.identifier('district')}(${sql.identifier('outcode')})`,
      )
      .crossJoinLateral(perDistrict)
      .orderBy(...pageOrdering(sort, perDistrict))
      .limit(limit)
      .as('page');
  }
  function deferredPage() {
    // The ids from an index-only scan of a covering index, sorted; then the page's rows by their ids.
    const ids = db
      .select({ id: properties.id })
      .from(properties)
      .where(where)
      .orderBy(...ordering(sort, shape.mode, shape.fixed))
      .limit(limit)
      .as('page_ids');
    return db.select(columns).from(ids).innerJoin(properties, eq(properties.id, ids.id)).as('page');
  }
  function sortedPage() {
    return db
      .select(columns)
      .from(properties)
      .where(where)
      .orderBy(...ordering(sort, shape.mode, shape.fixed))
      .limit(limit)
      .as('page');
  }
  const pageId = sql`${sql.identifier('page')}.${sql.identifier('id')}`;
  return db
    .select({
      ...page._.selectedFields,
      saved: shape.viewer
        ? sql<boolean>`exists(
            select 1 from ${propertyInteractions} saves
            where saves.user_id = ${bind('viewer')} and saves.property_id = ${pageId} and saves.type = 'save')`
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

function countSql(db: Db, shape: WhereShape) {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(properties)
    .where(whereSql(shape, placeholders))
    .limit(COUNT_CAP + 1)
    .as('matches');
  return db.select({ total: sql<number>`count(*)::int` }).from(matches);
}

/**
 * Built SQL run as an unnamed statement (the empty name): PostgreSQL plans it with each search's values, as
 * these plans need (few matches or many, which districts). A named statement may settle on one generic plan.
 */
const UNNAMED = '';
/** Shapes kept per database; the search's filters make a few hundred at most, but the bound holds regardless. */
const MAX_SHAPES = 2000;

function keptStatements() {
  return {
    count: new Map<string, ReturnType<ReturnType<typeof countSql>['prepare']>>(),
    page: new Map<string, ReturnType<ReturnType<typeof pageSql>['prepare']>>(),
  };
}
const statements = new WeakMap<Db, ReturnType<typeof keptStatements>>();

/** The statement kept for this shape, built now if it is the shape's first search. */
function kept<S, P>(byShape: Map<string, P>, shape: S, build: (shape: S) => { prepare(name: string): P }): P {
  const key = JSON.stringify(shape);
  let statement = byShape.get(key);
  if (!statement) {
    if (byShape.size >= MAX_SHAPES) byShape.clear();
    statement = build(shape).prepare(UNNAMED);
    byShape.set(key, statement);
  }
  return statement;
}

function statementsFor(db: Db) {
  let found = statements.get(db);
  if (!found) {
    found = keptStatements();
    statements.set(db, found);
  }
  return found;
}

/** How many count and page statements this database keeps, one per shape searched (the tests read it). */
export function keptSearchStatements(db: Db): { count: number; page: number } {
  const { count, page } = statementsFor(db);
  return { count: count.size, page: page.size };
}

export async function findPropertyCards(db: Db, options: CardQueryOptions): Promise<PropertyCardRow[]> {
  const { shape, values } = pageOf(options);
  return kept(statementsFor(db).page, shape, (s) => pageSql(db, s)).execute(values);
}

/** How many listings match, at most COUNT_CAP + 1 (which means "more than COUNT_CAP"). */
export async function countProperties(db: Db, filters: SearchFilters): Promise<number> {
  const { shape, values } = whereOf(filters, null);
  const [row] = await kept(statementsFor(db).count, shape, (s) => countSql(db, s)).execute(values);
  return Number(row?.total ?? 0);
}

/** A search's count and page statements with their values, as PostgreSQL receives them (for EXPLAIN). */
export function searchStatements(db: Db, options: CardQueryOptions) {
  const where = whereOf(options.filters, null);
  const page = pageOf(options);
  const withValues = ({ sql: text, params }: { sql: string; params: unknown[] }, values: Values) => ({
    sql: text,
    params: fillPlaceholders(params, values),
  });
  return {
    count: withValues(countSql(db, where.shape).toSQL(), where.values),
    page: withValues(pageSql(db, page.shape).toSQL(), page.values),
  };
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
