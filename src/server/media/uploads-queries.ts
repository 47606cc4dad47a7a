// SQL for media_uploads: every listing or portfolio photo upload until it is a day old.
import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client';
import { mediaUploads } from '../db/schema';

export async function insertUpload(
  db: Executor,
  values: { userId: string; folder: string; url: string; at: Date },
) {
  await db
    .insert(mediaUploads)
    .values({ userId: values.userId, folder: values.folder, url: values.url, createdAt: values.at });
}

export async function countUploadsSince(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.userId, userId), gte(mediaUploads.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** The oldest uploads made before `before`, a batch at a time. */
export function findUploadsBefore(db: Executor, before: Date, limit: number) {
  return db
    .select({
      id: mediaUploads.id,
      userId: mediaUploads.userId,
      folder: mediaUploads.folder,
      url: mediaUploads.url,
    })
    .from(mediaUploads)
    .where(lt(mediaUploads.createdAt, before))
    .orderBy(mediaUploads.createdAt)
    .limit(limit);
}

export async function deleteUploads(db: Executor, ids: string[]) {
  if (ids.length > 0) await db.delete(mediaUploads).where(inArray(mediaUploads.id, ids));
}

/**
 * One user's uploads, held until the transaction ends: the clean-up takes it while it checks references and removes
 * files, a submission while it checks its photos are still there and commits the reference.
 */
export async function lockUploadsOf(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('yp-media-uploads'), hashtext(${userId}))`);
}
