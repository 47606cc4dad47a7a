// SQL for the super admin's live content: what is live for a limited time, and deleting anyone's listing or profile.
import { and, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../../db/client';
import { contractorImages, contractors, properties, propertyImages, users } from '../../../db/schema';

export async function findRecentUsers(db: Db, limit: number) {
  return db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(limit);
}

/** Live listings with a "live until" still ahead: time-limited content. */
export async function findTimedLiveProperties(db: Db, now: Date, limit: number) {
  return db
    .select()
    .from(properties)
    .where(and(eq(properties.status, 'live'), isNotNull(properties.liveUntil), gt(properties.liveUntil, now)))
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(limit);
}

export async function findTimedLiveContractors(db: Db, now: Date, limit: number) {
  return db
    .select()
    .from(contractors)
    .where(
      and(eq(contractors.status, 'live'), isNotNull(contractors.liveUntil), gt(contractors.liveUntil, now)),
    )
    .orderBy(desc(contractors.createdAt), desc(contractors.id))
    .limit(limit);
}

export async function findPropertyPhotos(db: Executor, propertyIds: string[]) {
  if (propertyIds.length === 0) return [];
  return db
    .select()
    .from(propertyImages)
    .where(inArray(propertyImages.propertyId, propertyIds))
    .orderBy(propertyImages.position);
}

export async function findContractorPhotos(db: Executor, contractorIds: string[]) {
  if (contractorIds.length === 0) return [];
  return db
    .select()
    .from(contractorImages)
    .where(inArray(contractorImages.contractorId, contractorIds))
    .orderBy(contractorImages.position);
}

export async function lockProperty(tx: Tx, id: string) {
  const [row] = await tx.select().from(properties).where(eq(properties.id, id)).for('update');
  return row;
}

export async function lockContractorRow(tx: Tx, id: string) {
  const [row] = await tx.select().from(contractors).where(eq(contractors.id, id)).for('update');
  return row;
}

export async function deleteContractorRow(tx: Tx, id: string) {
  await tx.delete(contractors).where(eq(contractors.id, id));
}
