// SQL for the review queue: submissions with their owners, and the live records an edit would change.
import { asc, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { SUBMISSION_STATUSES } from '../../../../domain/constants';
import type { Executor, Tx } from '../../../db/client';
import {
  contentSubmissions,
  contractorImages,
  contractors,
  properties,
  propertyImages,
  users,
} from '../../../db/schema';

export type SubmissionRow = typeof contentSubmissions.$inferSelect;
export type PropertyRow = typeof properties.$inferSelect;
export type ContractorRow = typeof contractors.$inferSelect;

const QUEUE_LIMIT = 200;

const ownerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

/** Pending: oldest first (a queue). Reviewed: most recently reviewed first. */
export async function findSubmissions(
  db: Executor,
  filter: { status: (typeof SUBMISSION_STATUSES)[number] } | { recent: number },
) {
  const base = db
    .select({ submission: contentSubmissions, owner: ownerColumns })
    .from(contentSubmissions)
    .leftJoin(users, eq(users.id, contentSubmissions.userId));
  if ('recent' in filter) {
    return base
      .where(isNotNull(contentSubmissions.reviewedAt))
      .orderBy(desc(contentSubmissions.reviewedAt), desc(contentSubmissions.id))
      .limit(filter.recent);
  }
  return base
    .where(eq(contentSubmissions.submissionStatus, filter.status))
    .orderBy(
      ...(filter.status === 'pending'
        ? [asc(contentSubmissions.createdAt), asc(contentSubmissions.id)]
        : [desc(contentSubmissions.reviewedAt), desc(contentSubmissions.id)]),
    )
    .limit(QUEUE_LIMIT);
}

export async function findSubmissionWithOwner(db: Executor, id: string) {
  const [row] = await db
    .select({ submission: contentSubmissions, owner: ownerColumns })
    .from(contentSubmissions)
    .leftJoin(users, eq(users.id, contentSubmissions.userId))
    .where(eq(contentSubmissions.id, id))
    .limit(1);
  return row;
}

/** The submission locked for the review: a second admin reviewing at the same moment waits, then sees it reviewed. */
export async function lockSubmission(tx: Tx, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await tx.select().from(contentSubmissions).where(eq(contentSubmissions.id, id)).for('update');
  return row;
}

export async function markReviewed(
  tx: Tx,
  id: string,
  values: Pick<SubmissionRow, 'submissionStatus' | 'adminNotes' | 'reviewedAt' | 'reviewedBy'>,
): Promise<SubmissionRow> {
  const [row] = await tx
    .update(contentSubmissions)
    .set(values)
    .where(eq(contentSubmissions.id, id))
    .returning();
  return row;
}

/** Properties that have been live before (an edit changes them), with their photos. */
export async function findPublishedProperties(db: Executor, ids: string[]) {
  if (ids.length === 0)
    return { rows: [] as PropertyRow[], images: [] as Array<typeof propertyImages.$inferSelect> };
  const rows = await db.select().from(properties).where(inArray(properties.id, ids));
  const published = rows.filter((r) => r.publishedAt !== null);
  const images = published.length
    ? await db
        .select()
        .from(propertyImages)
        .where(
          inArray(
            propertyImages.propertyId,
            published.map((r) => r.id),
          ),
        )
        .orderBy(asc(propertyImages.position), asc(propertyImages.id))
    : [];
  return { rows: published, images };
}

/** Live contractor profiles, by id or by owner (a profile submission may name either). */
export async function findLiveProfiles(db: Executor, ids: string[], userIds: string[]) {
  if (ids.length === 0 && userIds.length === 0)
    return { rows: [] as ContractorRow[], images: [] as Array<typeof contractorImages.$inferSelect> };
  const conditions = [
    ...(ids.length ? [inArray(contractors.id, ids)] : []),
    ...(userIds.length ? [inArray(contractors.userId, userIds)] : []),
  ];
  const rows = (
    await db
      .select()
      .from(contractors)
      .where(or(...conditions))
  ).filter((r) => r.status === 'live');
  const images = rows.length
    ? await db
        .select()
        .from(contractorImages)
        .where(
          inArray(
            contractorImages.contractorId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(contractorImages.position), asc(contractorImages.id))
    : [];
  return { rows, images };
}

export async function findOwner(db: Executor, userId: string) {
  const [row] = await db.select(ownerColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}
