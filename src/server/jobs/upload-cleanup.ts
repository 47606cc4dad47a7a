// Removes the files of photo uploads that nothing refers to a day after they were made (media/uploads.ts): an
// upload is only kept by a listing, a portfolio, or a submission waiting for review. Runs every hour on every
// instance; the per-user lock makes concurrent runs and submissions safe, and each batch is its own transaction.
import { UNATTACHED_UPLOAD_TTL_MS } from '../../domain/constants';
import type { AppContext } from '../context';
import { removePortfolioFiles } from '../features/contractors/photos';
import { removeListingPhotoFiles } from '../features/listings/photos';
import { removeRepairPhotoFiles } from '../features/repairs/photos';
import { deleteUploads, findUploadsBefore, lockUploadsOf } from '../media/uploads-queries';

export const UPLOAD_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 500;

/** Each folder's reference-checked removal (it never touches another user's files, demo images or other folders). */
const REMOVERS: Record<string, (ctx: AppContext, userId: string, urls: string[]) => Promise<void>> = {
  listings: removeListingPhotoFiles,
  portfolio: removePortfolioFiles,
  repairs: removeRepairPhotoFiles,
};

export interface UploadCleanupResult {
  /** Upload records looked at (a day old or more). */
  checked: number;
}

export async function runUploadCleanup(ctx: AppContext): Promise<UploadCleanupResult> {
  const before = new Date(ctx.now().getTime() - UNATTACHED_UPLOAD_TTL_MS);
  let checked = 0;
  for (;;) {
    const batch = await findUploadsBefore(ctx.db, before, BATCH);
    if (batch.length === 0) break;
    const groups = new Map<string, typeof batch>();
    for (const row of batch) {
      const key = `${row.userId}\u0000${row.folder}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const rows of groups.values()) {
      const { userId, folder } = rows[0];
      await ctx.db.transaction(async (tx) => {
        await lockUploadsOf(tx, userId);
        // References are read in this transaction, under the lock a submission also takes.
        await REMOVERS[folder]?.(
          { ...ctx, db: tx },
          userId,
          rows.map((r) => r.url),
        );
        await deleteUploads(
          tx,
          rows.map((r) => r.id),
        );
      });
    }
    checked += batch.length;
    if (batch.length < BATCH) break;
  }
  return { checked };
}
