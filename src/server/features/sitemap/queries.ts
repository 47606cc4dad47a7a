// SQL for the sitemap: the ids and last changes of what the public may open, in a stable order.
import { asc, count, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contractors, properties } from '../../db/schema';
import { contractorLiveAt } from '../contractors/queries';
import { liveAt } from '../properties/queries';

export interface SitemapEntry {
  id: string;
  updatedAt: Date;
}

export async function countLiveProperties(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(properties).where(liveAt(now));
  return Number(row?.n ?? 0);
}

export async function liveProperties(
  db: Db,
  now: Date,
  offset: number,
  limit: number,
): Promise<SitemapEntry[]> {
  return db
    .select({ id: properties.id, updatedAt: properties.updatedAt })
    .from(properties)
    .where(liveAt(now))
    .orderBy(asc(properties.id))
    .limit(limit)
    .offset(offset);
}

export async function liveContractors(db: Db, now: Date, limit: number): Promise<SitemapEntry[]> {
  return db
    .select({ id: contractors.id, updatedAt: contractors.updatedAt })
    .from(contractors)
    .where(contractorLiveAt(now))
    .orderBy(asc(contractors.id))
    .limit(limit);
}

/** The newest change among live listings: the properties sitemaps' lastmod in the index. */
export async function latestPropertyChange(db: Db, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${properties.updatedAt})` })
    .from(properties)
    .where(liveAt(now));
  return row?.at ? new Date(row.at) : null;
}

export async function countLiveContractors(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contractors).where(contractorLiveAt(now));
  return Number(row?.n ?? 0);
}

/**
 * The newest live listing (the footer's link to a home), in properties_live_created_idx's own order (created_at
 * desc nulls last, id): any other order sorted all 100,000 live rows, ~500 ms a page render on the bench.
 */
export async function newestLiveProperty(
  db: Db,
  now: Date,
): Promise<{ id: string; title: string } | undefined> {
  const [row] = await db
    .select({ id: properties.id, title: properties.title })
    .from(properties)
    .where(liveAt(now))
    .orderBy(sql`${properties.createdAt} desc nulls last`, asc(properties.id))
    .limit(1);
  return row;
}

/** The best-rated live profile, the better proven first among equals (the footer's link to a trade). */
export async function topLiveContractor(
  db: Db,
  now: Date,
): Promise<{ id: string; businessName: string } | undefined> {
  const [row] = await db
    .select({ id: contractors.id, businessName: contractors.businessName })
    .from(contractors)
    .where(contractorLiveAt(now))
    .orderBy(desc(contractors.rating), desc(contractors.reviewCount), asc(contractors.id))
    .limit(1);
  return row;
}
