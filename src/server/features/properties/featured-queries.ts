// SQL for the landing page's featured homes (decision 0062): the pool the rules choose from, the admins' pins, and
// the chosen homes as cards.
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { FEATURED_MIN_PHOTOS, FEATURED_POOL } from '../../../domain/featured';
import type { Db, Tx } from '../../db/client';
import { featuredPins, properties, propertyImages } from '../../db/schema';
import { liveAt, type PropertyCardRow } from './queries';

// Written out in full: inside a select list drizzle leaves a column unqualified, and "id" would be the photo's own.
const photoCount = sql<number>`(select count(*)::int from ${propertyImages} where ${propertyImages}."property_id" = ${properties}."id")`;
/** The later of the last confirmation and going live. */
const freshAt = sql<Date | null>`greatest(${properties.confirmedAt}, ${properties.publishedAt})`;

/**
 * The freshest live homes to let with a photo, confirmed or put live since `since`: the rules (src/domain/featured.ts)
 * decide which of them qualify. Photos and freshness are narrowed here too, so the pool is homes that may qualify.
 */
export async function findFeaturedCandidates(db: Db, now: Date, since: Date) {
  const rows = await db
    .select({
      id: properties.id,
      outcode: properties.outcode,
      photoCount,
      descriptionLength: sql<number>`char_length(btrim(${properties.description}))::int`,
      monthlyRentPence: properties.monthlyRentPence,
      bedrooms: properties.bedrooms,
      bathrooms: properties.bathrooms,
      depositPence: properties.depositPence,
      epcRating: properties.epcRating,
      epcExemptionKind: properties.epcExemptionKind,
      councilTaxBand: properties.councilTaxBand,
      nation: properties.nation,
      available: properties.available,
      letAgreedAt: properties.letAgreedAt,
      freshAt: freshAt.mapWith((value: string | Date | null) => (value ? new Date(value) : null)),
    })
    .from(properties)
    .where(
      and(
        liveAt(now),
        isNull(properties.deletedAt),
        isNull(properties.letAgreedAt),
        eq(properties.available, true),
        isNotNull(properties.coverUrl),
        sql`${freshAt} >= ${since.toISOString()}::timestamptz`,
        sql`${photoCount} >= ${FEATURED_MIN_PHOTOS}`,
      ),
    )
    .orderBy(desc(freshAt), properties.id)
    .limit(FEATURED_POOL);
  return rows;
}

/** Every pin, newest first, with what the admin page shows and whether the home may be shown now. */
export async function findFeaturedPins(db: Db | Tx, now: Date) {
  return db
    .select({
      id: properties.id,
      title: properties.title,
      outcode: properties.outcode,
      location: properties.location,
      coverUrl: properties.coverUrl,
      pinnedAt: featuredPins.pinnedAt,
      showable: sql<boolean>`(${liveAt(now)} and ${properties.deletedAt} is null and ${properties.letAgreedAt} is null and ${properties.available} and ${properties.coverUrl} is not null)`,
    })
    .from(featuredPins)
    .innerJoin(properties, eq(properties.id, featuredPins.propertyId))
    .orderBy(desc(featuredPins.pinnedAt), properties.id);
}

export async function countFeaturedPins(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(featuredPins);
  return row?.n ?? 0;
}

/** The listing as pinning reads it, locked against a change of state while the pin is written. */
export async function lockPinTarget(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: properties.id,
      title: properties.title,
      status: properties.status,
      liveUntil: properties.liveUntil,
      deletedAt: properties.deletedAt,
      letAgreedAt: properties.letAgreedAt,
      available: properties.available,
      coverUrl: properties.coverUrl,
    })
    .from(properties)
    .where(eq(properties.id, id))
    .for('update');
  return row;
}

export async function findPin(tx: Tx, propertyId: string) {
  const [row] = await tx.select().from(featuredPins).where(eq(featuredPins.propertyId, propertyId));
  return row;
}

export async function insertPin(tx: Tx, propertyId: string, at: Date): Promise<void> {
  await tx.insert(featuredPins).values({ propertyId, pinnedAt: at });
}

export async function deletePin(tx: Tx, propertyId: string): Promise<boolean> {
  const rows = await tx
    .delete(featuredPins)
    .where(eq(featuredPins.propertyId, propertyId))
    .returning({ id: featuredPins.propertyId });
  return rows.length > 0;
}

/** Cards for the chosen homes (any order: the caller orders them), with no viewer's saved flag. */
export async function findFeaturedCards(db: Db, ids: string[], now: Date): Promise<PropertyCardRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: properties.id,
      title: properties.title,
      description: sql<string>`left(${properties.description}, 320)`,
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
      thumbnailUrl: properties.coverUrl,
    })
    .from(properties)
    .where(and(inArray(properties.id, ids), liveAt(now), isNull(properties.deletedAt)));
  return rows.map((row) => ({
    ...row,
    createdKey: row.createdAt.toISOString(),
    saved: false,
    distanceMiles: null,
  }));
}
