// SQL for saved homes, saved searches and the alerts that follow them.
import { and, asc, count, desc, eq, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import type { TPropertySearch } from '../../../domain/properties';
import type { Executor, Tx } from '../../db/client';
import {
  alertDeliveries,
  notificationSettings,
  properties,
  propertyImages,
  propertyInteractions,
  savedSearches,
  users,
} from '../../db/schema';
import { liveAt, searchConditions } from '../properties/queries';
import { searchFiltersFor } from '../properties/service';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

export { liveAt };

const firstThumbnail = sql<string | null>`(
  select coalesce(${propertyImages.thumbUrl}, ${propertyImages.url}) from ${propertyImages}
  where ${propertyImages.propertyId} = ${properties.id}
  order by ${propertyImages.position}, ${propertyImages.id} limit 1)`;

// ---- interactions and saved homes ----

export async function findLiveProperty(db: Executor, id: string, now: Date) {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, id), liveAt(now)))
    .limit(1);
  return row;
}

/** True when the row is new; the unique (user, property, type) index makes a repeat a no-op. */
export async function insertInteraction(
  db: Executor,
  values: { userId: string; propertyId: string; type: 'save' | 'view'; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(propertyInteractions)
    .values(values)
    .onConflictDoNothing({
      target: [propertyInteractions.userId, propertyInteractions.propertyId, propertyInteractions.type],
    })
    .returning({ id: propertyInteractions.id });
  return rows.length > 0;
}

export async function deleteSave(db: Executor, userId: string, propertyId: string): Promise<boolean> {
  const rows = await db
    .delete(propertyInteractions)
    .where(
      and(
        eq(propertyInteractions.userId, userId),
        eq(propertyInteractions.propertyId, propertyId),
        eq(propertyInteractions.type, 'save'),
      ),
    )
    .returning({ id: propertyInteractions.id });
  return rows.length > 0;
}

/** Saved homes that are still live, newest save first. */
export async function findSavedProperties(db: Executor, userId: string, now: Date) {
  return db
    .select({
      id: properties.id,
      title: properties.title,
      location: properties.location,
      outcode: properties.outcode,
      monthlyRentPence: properties.monthlyRentPence,
      bedrooms: properties.bedrooms,
      propertyType: properties.propertyType,
      thumbnailUrl: firstThumbnail,
      available: properties.available,
      availableFrom: properties.availableFrom,
      letAgreedAt: properties.letAgreedAt,
      rentReducedAt: properties.rentReducedAt,
      savedAt: propertyInteractions.createdAt,
    })
    .from(propertyInteractions)
    .innerJoin(properties, eq(properties.id, propertyInteractions.propertyId))
    .where(and(eq(propertyInteractions.userId, userId), eq(propertyInteractions.type, 'save'), liveAt(now)))
    .orderBy(desc(propertyInteractions.createdAt), desc(propertyInteractions.id));
}

/**
 * The tenant dashboard's counts in one pass: saved homes that are still live (as the saved list shows them) and
 * distinct listings viewed (the unique (user, property, type) index makes each view row one listing).
 */
export async function countInteractions(db: Executor, userId: string, now: Date) {
  const [row] = await db
    .select({
      saved:
        sql<number>`count(*) filter (where ${propertyInteractions.type} = 'save' and ${liveAt(now)})`.mapWith(
          Number,
        ),
      viewed: sql<number>`count(*) filter (where ${propertyInteractions.type} = 'view')`.mapWith(Number),
    })
    .from(propertyInteractions)
    .innerJoin(properties, eq(properties.id, propertyInteractions.propertyId))
    .where(eq(propertyInteractions.userId, userId));
  return { saved: row?.saved ?? 0, viewed: row?.viewed ?? 0 };
}

// ---- saved searches ----

/** Locks the user's row for the rest of the transaction, so two racing saves cannot both pass the limit. */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countSavedSearches(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertSavedSearch(
  db: Executor,
  values: typeof savedSearches.$inferInsert,
): Promise<SavedSearchRow> {
  const [row] = await db.insert(savedSearches).values(values).returning();
  return row;
}

export async function findSavedSearches(db: Executor, userId: string): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
}

export async function findOwnSavedSearch(
  db: Executor,
  userId: string,
  id: string,
): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .limit(1);
  return row;
}

export async function updateSavedSearch(
  db: Executor,
  id: string,
  changes: Partial<typeof savedSearches.$inferInsert>,
): Promise<SavedSearchRow> {
  const [row] = await db.update(savedSearches).set(changes).where(eq(savedSearches.id, id)).returning();
  return row;
}

export async function deleteOwnSavedSearch(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

// ---- alerts ----

/**
 * Every search with email alerts on, with what decides whether its owner hears about it. Users with no
 * settings row have the defaults (property alerts on).
 */
export async function findAlertingSearches(tx: Tx) {
  return tx
    .select({
      search: savedSearches,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        isPremium: users.isPremium,
        premiumUntil: users.premiumUntil,
        subscriptionStatus: users.subscriptionStatus,
        currentPeriodEnd: users.currentPeriodEnd,
      },
      propertyAlerts: sql<boolean>`coalesce(${notificationSettings.propertyAlerts}, true)`,
    })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, savedSearches.userId))
    .where(eq(savedSearches.emailAlerts, true))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}
export type AlertingSearch = Awaited<ReturnType<typeof findAlertingSearches>>[number];

/**
 * Records, in one statement, every live listing that matches and has never been alerted to this user, and
 * returns the ones recorded. The primary key (user, property) is the final guard against a second send.
 */
export async function recordNewMatches(
  tx: Tx,
  opts: { userId: string; savedSearchId: string; matches: SQL[]; publishedAfter: Date; now: Date },
): Promise<string[]> {
  const published = sql`coalesce(${properties.publishedAt}, ${properties.createdAt})`;
  const candidates = tx
    .select({
      userId: sql`${opts.userId}::uuid`.as('user_id'),
      propertyId: properties.id,
      savedSearchId: sql`${opts.savedSearchId}::uuid`.as('saved_search_id'),
      sentAt: sql`${opts.now.toISOString()}::timestamptz`.as('sent_at'),
    })
    .from(properties)
    .where(
      and(
        liveAt(opts.now),
        sql`${published} > ${opts.publishedAfter.toISOString()}::timestamptz`,
        sql`${published} <= ${opts.now.toISOString()}::timestamptz`,
        ...opts.matches,
        notExists(
          tx
            .select({ one: sql`1` })
            .from(alertDeliveries)
            .where(
              and(eq(alertDeliveries.userId, opts.userId), eq(alertDeliveries.propertyId, properties.id)),
            ),
        ),
      ),
    );
  const rows = await tx
    .insert(alertDeliveries)
    .select(candidates)
    .onConflictDoNothing()
    .returning({ propertyId: alertDeliveries.propertyId });
  return rows.map((r) => r.propertyId);
}

/** The listings to name in an alert, newest first. */
export async function findAlertListings(tx: Tx, ids: string[], limit: number) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: properties.id,
      title: properties.title,
      monthlyRentPence: properties.monthlyRentPence,
      bedrooms: properties.bedrooms,
      propertyType: properties.propertyType,
      location: properties.location,
      outcode: properties.outcode,
      rentReducedAt: properties.rentReducedAt,
      previousRentPence: properties.previousRentPence,
    })
    .from(properties)
    .where(inArray(properties.id, ids))
    .orderBy(desc(sql`coalesce(${properties.publishedAt}, ${properties.createdAt})`), desc(properties.id))
    .limit(limit);
}

/**
 * What a listing must be to match the search: the search page's own conditions (live listings only). An alert
 * announces homes that can be rented, so never a let-agreed one, even for a search that shows them (decision 0060).
 */
export function criteriaConditions(search: TPropertySearch, now: Date): SQL[] {
  return [searchConditions(searchFiltersFor({ ...search, includeLetAgreed: false }, now))];
}
