// Photo uploads (listing photos, portfolios) before anything refers to them. An upload is only a file until a
// submission names it, so each is recorded (media_uploads) for a day: the record counts against a daily limit per
// account, and a day-old upload that nothing refers to has its files removed (jobs/upload-cleanup.ts).
//
// The race between the clean-up and a submission naming a day-old upload is closed by a per-user advisory lock:
// the clean-up checks references and removes files while holding it; a submission takes it in its own transaction
// and checks its photos are still stored before it commits. Either the submission's reference is committed first
// (the clean-up then sees it and keeps the file), or the files went first (the submission is refused, 409, and asks
// for the photo again): never a listing pointing at a removed file.
import { PHOTO_UPLOADS_PER_DAY } from '../../domain/constants';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { countUploadsSince, insertUpload, lockUploadsOf } from './uploads-queries';

const DAY_MS = 24 * 60 * 60 * 1000;
export const UPLOAD_LIMIT_MESSAGE = `You have uploaded ${PHOTO_UPLOADS_PER_DAY} photos in the last 24 hours, the most we take in a day. Please try again tomorrow.`;
export const PHOTO_GONE_MESSAGE =
  'A photo you uploaded more than a day ago was never used and has been removed. Please upload it again.';

/** 429 once the account has made PHOTO_UPLOADS_PER_DAY uploads in the last 24 hours; checked before reading one. */
export async function assertUploadAllowed(ctx: AppContext, userId: string): Promise<void> {
  const since = new Date(ctx.now().getTime() - DAY_MS);
  if ((await countUploadsSince(ctx.db, userId, since)) >= PHOTO_UPLOADS_PER_DAY)
    throw new AppError('RATE_LIMITED', UPLOAD_LIMIT_MESSAGE).withRetryAfter(DAY_MS / 1000);
}

export function recordUpload(ctx: AppContext, userId: string, folder: string, url: string): Promise<void> {
  return insertUpload(ctx.db, { userId, folder, url, at: ctx.now() });
}

/**
 * In a submission's transaction: hold the user's uploads (see above) and check that every one of their own uploads
 * it names (photos whose storage key is under `<folder>/<userId>/`) is still stored.
 */
export async function holdOwnUploads(
  tx: Tx,
  ctx: AppContext,
  userId: string,
  folder: string,
  photos: Array<{ storageKey: string | null }>,
): Promise<void> {
  await lockUploadsOf(tx, userId);
  const own = `${folder}/${userId}/`;
  const keys = photos.flatMap(({ storageKey: key }) => (key?.startsWith(own) ? [key] : []));
  const stored = await Promise.all(keys.map((key) => ctx.storage.exists(key)));
  if (stored.includes(false)) throw new AppError('CONFLICT', PHOTO_GONE_MESSAGE);
}
