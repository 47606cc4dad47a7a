// SQL for the super admin's live content: what is live for a limited time, and deleting anyone's listing or profile.
import { and, desc, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../../db/client';
import {
  contractorImages,
  contractors,
  leads,
  properties,
  propertyImages,
  reviews,
  users,
} from '../../../db/schema';

export async function findRecentUsers(db: Db, limit: number) {
  return db
    .select()
    .from(users)
    .where(isNull(users.deletedAt))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
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

/** A listing not already deleted, locked. */
export async function lockProperty(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), isNull(properties.deletedAt)))
    .for('update');
  return row;
}

export async function lockContractorRow(tx: Tx, id: string) {
  const [row] = await tx.select().from(contractors).where(eq(contractors.id, id)).for('update');
  return row;
}

export async function deleteContractorRow(tx: Tx, id: string) {
  await tx.delete(contractors).where(eq(contractors.id, id));
}

/** Whether a customer's lead or review points at the profile: then it is withdrawn, never deleted (decision 0051). */
export async function hasCustomerRecords(tx: Tx, contractorId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: contractors.id })
    .from(contractors)
    .where(
      and(
        eq(contractors.id, contractorId),
        or(
          inArray(contractors.id, tx.select({ id: leads.contractorId }).from(leads)),
          inArray(contractors.id, tx.select({ id: reviews.contractorId }).from(reviews)),
        ),
      ),
    )
    .limit(1);
  return !!row;
}

/** Out of the directory for good, its portfolio gone; kept for the leads, reviews and quote threads on it. */
export async function withdrawContractorRow(tx: Tx, id: string, now: Date) {
  await tx
    .update(contractors)
    .set({ status: 'withdrawn', liveUntil: null, updatedAt: now })
    .where(eq(contractors.id, id));
  await tx.delete(contractorImages).where(eq(contractorImages.contractorId, id));
}
