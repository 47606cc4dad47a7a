// Portfolio photos (doc 2 plans: Contractor Pro "portfolio uploads"): sniffed, turned into a large (≤1600 px) and a
// card (480×360) WebP without metadata, stored under portfolio/<userId>/. Only the contractor's own uploads may be
// named in a profile.
import {
  PORTFOLIO_PHOTO_LARGE,
  PORTFOLIO_PHOTO_THUMB,
  type TPortfolioPhoto,
} from '../../../domain/contractors';
import type { AppContext } from '../../context';
import { findReferencedImageUrls } from '../../db/submission-queries';
import { photoCollection } from '../../media/photo-collection';
import type { MediaStorage } from '../../media/storage';
import { mediaRef } from '../../media/urls';

const PORTFOLIO_PHOTOS = photoCollection('portfolio', {
  large: PORTFOLIO_PHOTO_LARGE,
  thumb: PORTFOLIO_PHOTO_THUMB,
});

export interface PortfolioImageRow {
  url: string;
  thumbUrl: string | null;
  storageKey: string | null;
}

export function uploadPortfolioPhoto(
  ctx: AppContext,
  userId: string,
  upload: Buffer,
): Promise<TPortfolioPhoto> {
  return PORTFOLIO_PHOTOS.upload(ctx, userId, upload);
}

/** The storage key of a portfolio photo's large rendition uploaded by this user, or null for any other URL. */
export function ownPortfolioKey(userId: string, url: string): string | null {
  return PORTFOLIO_PHOTOS.ownKey(userId, url);
}

/** The image row for one of the user's uploaded photos; null when it is not theirs or the file is not there. */
export async function describeOwnPortfolioPhoto(
  storage: MediaStorage,
  userId: string,
  url: string,
): Promise<PortfolioImageRow | null> {
  const key = ownPortfolioKey(userId, url);
  if (!key || !(await storage.exists(key))) return null;
  return { url, thumbUrl: mediaRef(PORTFOLIO_PHOTOS.thumbKeyOf(key)), storageKey: key };
}

/** What an image row can say about a portfolio photo from its URL alone (for URLs already checked as own uploads). */
export function portfolioRowFromUrl(url: string): PortfolioImageRow {
  return PORTFOLIO_PHOTOS.rowFromUrl(url);
}

/**
 * Best effort, after the commit: removes the files of portfolio photos no longer used by any profile or waiting
 * submission. Anything that is not one of this contractor's uploads is never touched.
 */
export function removePortfolioFiles(ctx: AppContext, userId: string, urls: string[]): Promise<void> {
  return PORTFOLIO_PHOTOS.removeUnused(ctx, userId, urls, (db, found) =>
    findReferencedImageUrls(db, 'contractor_profile', found),
  );
}
