// Repair photos: the tenant's with a report (item 1), the trade's with the finished work (item 3). The listings'
// pipeline (sniffed, a large ≤1600 px and a 480×360 WebP without metadata), under repairs/<userId>/. Files whose
// repair was never written (a report refused after its photos were read) are removed by the upload clean-up.
import { LISTING_PHOTO_LARGE, LISTING_PHOTO_THUMB } from '../../../domain/listings';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { photoCollection, type UploadedPhoto } from '../../media/photo-collection';
import { assertUploadAllowed } from '../../media/uploads';
import { findRepairPhotoUrls } from './queries';

export const REPAIR_PHOTO_FOLDER = 'repairs';

const REPAIR_PHOTOS = photoCollection(REPAIR_PHOTO_FOLDER, {
  large: LISTING_PHOTO_LARGE,
  thumb: LISTING_PHOTO_THUMB,
});

export function uploadRepairPhoto(ctx: AppContext, userId: string, upload: Buffer): Promise<UploadedPhoto> {
  return REPAIR_PHOTOS.upload(ctx, userId, upload);
}

export function repairPhotoRow(url: string) {
  return REPAIR_PHOTOS.rowFromUrl(url);
}

/** Best effort: removes this user's repair photo files that no repair refers to. */
export function removeRepairPhotoFiles(ctx: AppContext, userId: string, urls: string[]): Promise<void> {
  return REPAIR_PHOTOS.removeUnused(ctx, userId, urls, (db: Db, found) => findRepairPhotoUrls(db, found));
}

/**
 * Stores each photo under the user's folder, then runs `write` with them. If a photo is refused or the write fails,
 * the photos already stored are removed: nothing refers to them.
 */
export async function withStoredPhotos<T>(
  ctx: AppContext,
  userId: string,
  photos: Buffer[],
  write: (stored: UploadedPhoto[]) => Promise<T>,
): Promise<T> {
  const stored: UploadedPhoto[] = [];
  if (photos.length > 0) await assertUploadAllowed(ctx, userId);
  try {
    for (const photo of photos) stored.push(await uploadRepairPhoto(ctx, userId, photo));
    return await write(stored);
  } catch (err) {
    await removeRepairPhotoFiles(
      ctx,
      userId,
      stored.map((p) => p.url),
    );
    throw err;
  }
}
