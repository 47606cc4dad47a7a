// A folder of user-uploaded photos (listing photos, contractor portfolios): each upload is sniffed, turned into a
// large (fits within `large` px) and a card-sized (cover crop) WebP without metadata, and stored as
// `<folder>/<userId>/<random>-<size>.webp`. Only a user's own uploads can be named back; unused files are removed.
import type { OutputInfo } from 'sharp';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { randomToken } from '../lib/crypto';
import { loadSharp, sniffImage } from './images';
import { recordUpload } from './uploads';
import { mediaRef } from './urls';

const IMAGE_FILE_MESSAGE = 'Please select an image file (JPG, PNG, GIF).';
export const SHARP_OPTIONS = { failOn: 'error', limitInputPixels: 40_000_000 } as const;

/** References as rows keep them (`/media/<key>`); replies give them out through `ctx.mediaUrls`. */
export interface UploadedPhoto {
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

export interface PhotoCollection {
  upload(ctx: AppContext, userId: string, upload: Buffer): Promise<UploadedPhoto>;
  /** The storage key of a large rendition this user uploaded, or null for any other reference. */
  ownKey(userId: string, ref: string): string | null;
  thumbKeyOf(largeKey: string): string;
  /** What a URL alone says about a photo (for URLs already checked as own uploads). */
  rowFromUrl(url: string): { url: string; thumbUrl: string | null; storageKey: string | null };
  /** Best effort, after the commit: remove this user's files that `findStillUsed` says nothing refers to. */
  removeUnused(
    ctx: AppContext,
    userId: string,
    urls: string[],
    findStillUsed: (db: Db, urls: string[]) => Promise<Set<string>>,
  ): Promise<void>;
}

export function photoCollection(
  folder: string,
  sizes: { large: number; thumb: { width: number; height: number } },
): PhotoCollection {
  const largeSuffix = `-${sizes.large}.webp`;
  const thumbSuffix = `-${sizes.thumb.width}.webp`;
  const fromUrl = new RegExp(`(${folder}/[0-9a-f-]{36}/[A-Za-z0-9_-]{1,64})-${sizes.large}\\.webp$`);
  const thumbKeyOf = (largeKey: string) => largeKey.slice(0, -largeSuffix.length) + thumbSuffix;

  const ownKey = (userId: string, ref: string): string | null => {
    const prefix = mediaRef(`${folder}/${userId}/`);
    if (!ref.startsWith(prefix)) return null;
    const name = ref.slice(prefix.length);
    if (!name.endsWith(largeSuffix)) return null;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(name.slice(0, -largeSuffix.length))) return null;
    return `${folder}/${userId}/${name}`;
  };

  return {
    thumbKeyOf,
    ownKey,
    async upload(ctx, userId, upload) {
      await sniffImage(upload); // the real type from the bytes: 415 for anything that is not a picture
      const sharp = await loadSharp();
      let large: { data: Buffer; info: OutputInfo };
      let thumb: Buffer;
      try {
        const base = sharp(upload, SHARP_OPTIONS).rotate(); // EXIF orientation applied before the metadata goes
        [large, thumb] = await Promise.all([
          base
            .clone()
            .resize({ width: sizes.large, height: sizes.large, fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 80 })
            .toBuffer({ resolveWithObject: true }),
          base
            .clone()
            .resize({ width: sizes.thumb.width, height: sizes.thumb.height, fit: 'cover' })
            .webp({ quality: 75 })
            .toBuffer(),
        ]);
      } catch {
        // A header that sniffs as an image over a broken body.
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_FILE_MESSAGE);
      }
      const name = `${folder}/${userId}/${randomToken(12)}`;
      await ctx.storage.put(`${name}${largeSuffix}`, large.data, 'image/webp');
      await ctx.storage.put(`${name}${thumbSuffix}`, thumb, 'image/webp');
      const url = mediaRef(`${name}${largeSuffix}`);
      // Counted against the daily limit, and removed in a day if nothing refers to it (media/uploads.ts).
      await recordUpload(ctx, userId, folder, url);
      return {
        url,
        thumbUrl: mediaRef(`${name}${thumbSuffix}`),
        width: large.info.width,
        height: large.info.height,
      };
    },
    rowFromUrl(url) {
      const match = fromUrl.exec(url);
      if (!match) return { url, thumbUrl: null, storageKey: null };
      return {
        url,
        thumbUrl: url.slice(0, -largeSuffix.length) + thumbSuffix,
        storageKey: `${match[1]}${largeSuffix}`,
      };
    },
    async removeUnused(ctx, userId, urls, findStillUsed) {
      const candidates = [...new Set(urls)].filter((url) => ownKey(userId, url));
      if (candidates.length === 0) return;
      let stillUsed: Set<string>;
      try {
        stillUsed = await findStillUsed(ctx.db, candidates);
      } catch (err) {
        ctx.log.warn({ err, folder }, 'could not check photo references; files kept');
        return;
      }
      for (const url of candidates) {
        if (stillUsed.has(url)) continue;
        const key = ownKey(userId, url)!;
        for (const file of [key, thumbKeyOf(key)]) {
          try {
            await ctx.storage.remove(file);
          } catch (err) {
            ctx.log.warn({ err, key: file }, 'could not remove photo');
          }
        }
      }
    },
  };
}
