// Portfolio photos (doc 2 plans: Contractor Pro "portfolio uploads"): sniffed, turned into a large (≤1600 px) and a
// card (480×360) WebP without metadata, stored under portfolio/<userId>/. Only the contractor's own uploads may be
// named in a profile.
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import {
  PORTFOLIO_PHOTO_LARGE,
  PORTFOLIO_PHOTO_THUMB,
  type TPortfolioPhoto,
} from '../../../domain/contractors';
import { AppError } from '../../../domain/errors';
import type { AppContext } from '../../context';
import { randomToken } from '../../lib/crypto';
import { sniffImage } from '../../media/images';
import type { MediaStorage } from '../../media/storage';
import { findReferencedPortfolioUrls } from './queries';

const IMAGE_FILE_MESSAGE = 'Please select an image file (JPG, PNG, GIF).';
const LARGE_SUFFIX = `-${PORTFOLIO_PHOTO_LARGE}.webp`;
const THUMB_SUFFIX = `-${PORTFOLIO_PHOTO_THUMB.width}.webp`;
const SHARP_OPTIONS = { failOn: 'error', limitInputPixels: 40_000_000 } as const;

export interface PortfolioImageRow {
  url: string;
  thumbUrl: string | null;
  storageKey: string | null;
}

export async function uploadPortfolioPhoto(
  ctx: AppContext,
  userId: string,
  upload: Buffer,
): Promise<TPortfolioPhoto> {
  await sniffImage(upload); // the real type from the bytes: 415 for anything that is not a picture
  let large: { data: Buffer; info: OutputInfo };
  let thumb: Buffer;
  try {
    const base = sharp(upload, SHARP_OPTIONS).rotate(); // EXIF orientation applied before the metadata goes
    [large, thumb] = await Promise.all([
      base
        .clone()
        .resize({
          width: PORTFOLIO_PHOTO_LARGE,
          height: PORTFOLIO_PHOTO_LARGE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true }),
      base
        .clone()
        .resize({ width: PORTFOLIO_PHOTO_THUMB.width, height: PORTFOLIO_PHOTO_THUMB.height, fit: 'cover' })
        .webp({ quality: 75 })
        .toBuffer(),
    ]);
  } catch {
    // A header that sniffs as an image over a broken body.
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_FILE_MESSAGE);
  }
  const name = `portfolio/${userId}/${randomToken(12)}`;
  const url = await ctx.storage.put(`${name}${LARGE_SUFFIX}`, large.data, 'image/webp');
  const thumbUrl = await ctx.storage.put(`${name}${THUMB_SUFFIX}`, thumb, 'image/webp');
  return { url, thumbUrl, width: large.info.width, height: large.info.height };
}

/** The storage key of a portfolio photo's large rendition uploaded by this user, or null for any other URL. */
export function ownPortfolioKey(storage: MediaStorage, userId: string, url: string): string | null {
  const prefix = storage.urlFor(`portfolio/${userId}/`);
  if (!url.startsWith(prefix)) return null;
  const name = url.slice(prefix.length);
  if (!name.endsWith(LARGE_SUFFIX)) return null;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(name.slice(0, -LARGE_SUFFIX.length))) return null;
  return `portfolio/${userId}/${name}`;
}

function thumbKeyOf(largeKey: string): string {
  return largeKey.slice(0, -LARGE_SUFFIX.length) + THUMB_SUFFIX;
}

/** The image row for one of the user's uploaded photos; null when it is not theirs or the file is not there. */
export function describeOwnPortfolioPhoto(
  storage: MediaStorage,
  userId: string,
  url: string,
): PortfolioImageRow | null {
  const key = ownPortfolioKey(storage, userId, url);
  if (!key || !existsSync(path.join(storage.root, key))) return null;
  return { url, thumbUrl: storage.urlFor(thumbKeyOf(key)), storageKey: key };
}

/** What an image row can say about a portfolio photo from its URL alone (for URLs already checked as own uploads). */
export function portfolioRowFromUrl(url: string): PortfolioImageRow {
  const match = /(portfolio\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{1,64})-1600\.webp$/.exec(url);
  if (!match) return { url, thumbUrl: null, storageKey: null };
  return {
    url,
    thumbUrl: url.slice(0, -LARGE_SUFFIX.length) + THUMB_SUFFIX,
    storageKey: `${match[1]}${LARGE_SUFFIX}`,
  };
}

/**
 * Best effort, after the commit: removes the files of portfolio photos no longer used by any profile or waiting
 * submission. Anything that is not one of this contractor's uploads is never touched.
 */
export async function removePortfolioFiles(ctx: AppContext, userId: string, urls: string[]): Promise<void> {
  const candidates = [...new Set(urls)].filter((url) => ownPortfolioKey(ctx.storage, userId, url));
  if (candidates.length === 0) return;
  let stillUsed: Set<string>;
  try {
    stillUsed = await findReferencedPortfolioUrls(ctx.db, candidates);
  } catch (err) {
    ctx.log.warn({ err }, 'could not check portfolio photo references; files kept');
    return;
  }
  for (const url of candidates) {
    if (stillUsed.has(url)) continue;
    const key = ownPortfolioKey(ctx.storage, userId, url)!;
    for (const file of [key, thumbKeyOf(key)]) {
      try {
        await ctx.storage.remove(file);
      } catch (err) {
        ctx.log.warn({ err, key: file }, 'could not remove portfolio photo');
      }
    }
  }
}
