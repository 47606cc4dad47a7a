// Listing photos: sniffed, turned into a large (≤1600 px) and a card (480×360) WebP without metadata, stored
// under listings/<userId>/. The spec's client-side 400 px JPEG is superseded by proper server renditions.
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { AppError } from '../../../domain/errors';
import { LISTING_PHOTO_LARGE, LISTING_PHOTO_THUMB, type TListingPhoto } from '../../../domain/listings';
import type { AppContext } from '../../context';
import { randomToken } from '../../lib/crypto';
import { sniffImage } from '../../media/images';
import type { MediaStorage } from '../../media/storage';
import { findReferencedPhotoUrls } from './queries';

const IMAGE_FILE_MESSAGE = 'Please select an image file (JPG, PNG, GIF).';
const LARGE_SUFFIX = `-${LISTING_PHOTO_LARGE}.webp`;
const THUMB_SUFFIX = `-${LISTING_PHOTO_THUMB.width}.webp`;
const SHARP_OPTIONS = { failOn: 'error', limitInputPixels: 40_000_000 } as const;

export interface PhotoRow {
  url: string;
  thumbUrl: string | null;
  storageKey: string | null;
  width: number | null;
  height: number | null;
  alt?: string | null;
}

export async function uploadListingPhoto(
  ctx: AppContext,
  userId: string,
  upload: Buffer,
): Promise<TListingPhoto> {
  await sniffImage(upload); // the real type from the bytes: 415 for anything that is not a picture
  let large: { data: Buffer; info: OutputInfo };
  let thumb: Buffer;
  try {
    const base = sharp(upload, SHARP_OPTIONS).rotate(); // EXIF orientation applied before the metadata goes
    [large, thumb] = await Promise.all([
      base
        .clone()
        .resize({
          width: LISTING_PHOTO_LARGE,
          height: LISTING_PHOTO_LARGE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true }),
      base
        .clone()
        .resize({ width: LISTING_PHOTO_THUMB.width, height: LISTING_PHOTO_THUMB.height, fit: 'cover' })
        .webp({ quality: 75 })
        .toBuffer(),
    ]);
  } catch {
    // A header that sniffs as an image over a broken body.
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_FILE_MESSAGE);
  }
  const name = `listings/${userId}/${randomToken(12)}`;
  const url = await ctx.storage.put(`${name}${LARGE_SUFFIX}`, large.data, 'image/webp');
  const thumbUrl = await ctx.storage.put(`${name}${THUMB_SUFFIX}`, thumb, 'image/webp');
  return { url, thumbUrl, width: large.info.width, height: large.info.height };
}

/** The storage key of a listing photo's large rendition uploaded by this user, or null for any other URL. */
export function ownPhotoKey(storage: MediaStorage, userId: string, url: string): string | null {
  const prefix = storage.urlFor(`listings/${userId}/`);
  if (!url.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(name.slice(0, -LARGE_SUFFIX.length)) || !name.endsWith(LARGE_SUFFIX))
    return null;
  return `listings/${userId}/${name}`;
}

function thumbKeyOf(largeKey: string): string {
  return largeKey.slice(0, -LARGE_SUFFIX.length) + THUMB_SUFFIX;
}

/** The image row for one of the user's uploaded photos; null when the file is not there (never uploaded, or gone). */
export async function describeOwnPhoto(
  storage: MediaStorage,
  userId: string,
  url: string,
): Promise<PhotoRow | null> {
  const key = ownPhotoKey(storage, userId, url);
  if (!key) return null;
  try {
    const meta = await sharp(path.join(storage.root, key), SHARP_OPTIONS).metadata();
    if (!meta.width || !meta.height) return null;
    return {
      url,
      thumbUrl: storage.urlFor(thumbKeyOf(key)),
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
  const match = /(listings\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{1,64})-1600\.webp$/.exec(url);
  if (!match) return { url, thumbUrl: null, storageKey: null, width: null, height: null };
  const key = `${match[1]}${LARGE_SUFFIX}`;
  return {
    url,
    thumbUrl: url.slice(0, -LARGE_SUFFIX.length) + THUMB_SUFFIX,
    storageKey: key,
    width: null,
    height: null,
  };
}

/**
 * Best effort, after the commit: removes the files of listing photos no longer used by any property or waiting
 * submission. Anything that is not one of our listing photos (demo images, other folders) is never touched.
 */
export async function removeListingPhotoFiles(
  ctx: AppContext,
  landlordId: string,
  urls: string[],
): Promise<void> {
  const candidates = [...new Set(urls)].filter((url) => ownPhotoKey(ctx.storage, landlordId, url));
  if (candidates.length === 0) return;
  let stillUsed: Set<string>;
  try {
    stillUsed = await findReferencedPhotoUrls(ctx.db, candidates);
  } catch (err) {
    ctx.log.warn({ err }, 'could not check listing photo references; files kept');
    return;
  }
  for (const url of candidates) {
    if (stillUsed.has(url)) continue;
    const key = ownPhotoKey(ctx.storage, landlordId, url)!;
    for (const file of [key, thumbKeyOf(key)]) {
      try {
        await ctx.storage.remove(file);
      } catch (err) {
        ctx.log.warn({ err, key: file }, 'could not remove listing photo');
      }
    }
  }
}
