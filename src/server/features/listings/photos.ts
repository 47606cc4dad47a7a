// Listing photos: sniffed, turned into a large (≤1600 px) and a card (480×360) WebP without metadata, stored
// under listings/<userId>/. The spec's client-side 400 px JPEG is superseded by proper server renditions.
import { LISTING_PHOTO_LARGE, LISTING_PHOTO_THUMB, type TListingPhoto } from '../../../domain/listings';
import type { AppContext } from '../../context';
import { findReferencedImageUrls } from '../../db/submission-queries';
import { loadSharp } from '../../media/images';
import { photoCollection, SHARP_OPTIONS } from '../../media/photo-collection';
import { type MediaStorage, readMedia } from '../../media/storage';
import { mediaRef } from '../../media/urls';

const LISTING_PHOTOS = photoCollection('listings', {
  large: LISTING_PHOTO_LARGE,
  thumb: LISTING_PHOTO_THUMB,
});

export interface PhotoRow {
  url: string;
  thumbUrl: string | null;
  storageKey: string | null;
  width: number | null;
  height: number | null;
  alt?: string | null;
}

export function uploadListingPhoto(ctx: AppContext, userId: string, upload: Buffer): Promise<TListingPhoto> {
  return LISTING_PHOTOS.upload(ctx, userId, upload);
}

/** The storage key of a listing photo's large rendition uploaded by this user, or null for any other URL. */
export function ownPhotoKey(userId: string, url: string): string | null {
  return LISTING_PHOTOS.ownKey(userId, url);
}

/** The image row for one of the user's uploaded photos; null when the file is not there (never uploaded, or gone). */
export async function describeOwnPhoto(
  storage: MediaStorage,
  userId: string,
  url: string,
): Promise<PhotoRow | null> {
  const key = ownPhotoKey(userId, url);
  if (!key) return null;
  const bytes = await readMedia(storage, key);
  if (!bytes) return null;
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, SHARP_OPTIONS).metadata();
    if (!meta.width || !meta.height) return null;
    return {
      url,
      thumbUrl: mediaRef(LISTING_PHOTOS.thumbKeyOf(key)),
      storageKey: key,
      width: meta.width,
      height: meta.height,
    };
  } catch {
    return null;
  }
}

/**
 * What an image row can say about a photo from its URL alone (its pixel size stays unknown). Only for URLs
 * already checked as the landlord's own uploads (a submission's photos).
 */
export function photoRowFromUrl(url: string): PhotoRow {
  return { ...LISTING_PHOTOS.rowFromUrl(url), width: null, height: null };
}

/**
 * Best effort, after the commit: removes the files of listing photos no longer used by any property or waiting
 * submission. Anything that is not one of our listing photos (demo images, other folders) is never touched.
 */
export function removeListingPhotoFiles(ctx: AppContext, landlordId: string, urls: string[]): Promise<void> {
  return LISTING_PHOTOS.removeUnused(ctx, landlordId, urls, (db, found) =>
    findReferencedImageUrls(db, 'property_listing', found),
  );
}
