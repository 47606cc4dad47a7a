// SQL for landlords' listings, their photos and their review submissions.
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { auditLog, contentSubmissions, properties, propertyImages } from '../../db/schema';
import type { ContentSubmissionRow } from '../../db/submission-queries';

export type PropertyRow = typeof properties.$inferSelect;
export type PropertyImageRow = typeof propertyImages.$inferSelect;

/** A listing that was not deleted: a deleted one is kept only for its threads, and is "not found" to its owner. */
const notDeleted = (id: string) => and(eq(properties.id, id), isNull(properties.deletedAt));

export async function findProperty(db: Executor, id: string): Promise<PropertyRow | undefined> {
  const [row] = await db.select().from(properties).where(notDeleted(id)).limit(1);
  return row;
}

/** The property locked for the rest of the transaction: submissions and deletes on it queue up. */
export async function lockProperty(tx: Tx, id: string): Promise<PropertyRow | undefined> {
  const [row] = await tx.select().from(properties).where(notDeleted(id)).for('update');
  return row;
}

/** The landlord's listings not yet deleted, locked: their account is being deleted. */
export async function lockLandlordProperties(tx: Tx, landlordId: string): Promise<PropertyRow[]> {
  return tx
    .select()
    .from(properties)
    .where(and(eq(properties.landlordId, landlordId), isNull(properties.deletedAt)))
    .orderBy(asc(properties.id))
    .for('update');
}

export async function insertProperty(tx: Tx, values: typeof properties.$inferInsert): Promise<PropertyRow> {
  const [row] = await tx.insert(properties).values(values).returning();
  return row;
}

export async function updateProperty(
  tx: Tx,
  id: string,
  values: Partial<typeof properties.$inferInsert>,
): Promise<void> {
  await tx.update(properties).set(values).where(eq(properties.id, id));
}

export async function findImages(db: Executor, propertyIds: string[]): Promise<PropertyImageRow[]> {
  if (propertyIds.length === 0) return [];
  return db
    .select()
    .from(propertyImages)
    .where(inArray(propertyImages.propertyId, propertyIds))
    .orderBy(asc(propertyImages.position), asc(propertyImages.id));
}

export async function replaceImages(
  tx: Tx,
  propertyId: string,
  rows: Array<Omit<typeof propertyImages.$inferInsert, 'propertyId' | 'position'>>,
): Promise<void> {
  await tx.delete(propertyImages).where(eq(propertyImages.propertyId, propertyId));
  if (rows.length === 0) return;
  await tx.insert(propertyImages).values(rows.map((row, position) => ({ ...row, propertyId, position })));
}

export async function findPendingSubmission(
  db: Executor,
  propertyId: string,
): Promise<ContentSubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(contentSubmissions)
    .where(
      and(
        eq(contentSubmissions.targetId, propertyId),
        eq(contentSubmissions.contentType, 'property_listing'),
        eq(contentSubmissions.submissionStatus, 'pending'),
      ),
    )
    .limit(1);
  return row;
}

export async function findLandlordProperties(db: Executor, landlordId: string): Promise<PropertyRow[]> {
  return db
    .select()
    .from(properties)
    .where(and(eq(properties.landlordId, landlordId), isNull(properties.deletedAt)))
    .orderBy(desc(properties.createdAt), desc(properties.id));
}

/** Every property_listing submission about these properties, newest first. */
export async function findSubmissionsFor(
  db: Executor,
  propertyIds: string[],
): Promise<ContentSubmissionRow[]> {
  if (propertyIds.length === 0) return [];
  return db
    .select()
    .from(contentSubmissions)
    .where(
      and(
        inArray(contentSubmissions.targetId, propertyIds),
        eq(contentSubmissions.contentType, 'property_listing'),
      ),
    )
    .orderBy(desc(contentSubmissions.createdAt), desc(contentSubmissions.id));
}

export async function findSubmissionsBy(db: Executor, userId: string): Promise<ContentSubmissionRow[]> {
  return db
    .select()
    .from(contentSubmissions)
    .where(eq(contentSubmissions.userId, userId))
    .orderBy(desc(contentSubmissions.createdAt), desc(contentSubmissions.id));
}

/**
 * Withdraws the listing for good (decision 0051): out of every list and page, never bookable again, kept for the
 * conversations and viewings that point at it. The submissions still waiting on it go, so the review queue never
 * holds a change to something that is gone.
 */
export async function markPropertyDeleted(tx: Tx, id: string, now: Date): Promise<void> {
  await tx
    .delete(contentSubmissions)
    .where(and(eq(contentSubmissions.targetId, id), eq(contentSubmissions.submissionStatus, 'pending')));
  await tx
    .update(properties)
    .set({ status: 'withdrawn', deletedAt: now, liveUntil: null, updatedAt: now })
    .where(eq(properties.id, id));
}

/** The photos of a deleted listing that no report holds: only its public advert showed them. */
export async function deleteImagesOf(tx: Tx, propertyId: string): Promise<void> {
  await tx.delete(propertyImages).where(eq(propertyImages.propertyId, propertyId));
}

export async function insertAuditEntry(tx: Tx, entry: typeof auditLog.$inferInsert): Promise<void> {
  await tx.insert(auditLog).values(entry);
}
