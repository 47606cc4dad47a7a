// What approving or rejecting a property_listing submission does to its property. The admin review calls these
// inside its own transaction (and marks the submission approved/rejected itself); nothing here commits.
import { listingFindings, refusals, ruleResults, type TRuleResult } from '../../../domain/advert-rules';
import { londonToday } from '../../../domain/dates';
import { AppError } from '../../../domain/errors';
import { ZPropertyListingContent } from '../../../domain/properties';
import type { Tx } from '../../db/client';
import type { ContentSubmissionRow } from '../../db/submission-queries';
import type { MediaStorage } from '../../media/storage';
import { factsOf, findingErrors, listingColumns, nationOfContent } from './content';
import { insertRentChange } from './lifecycle-queries';
import { describeOwnPhoto, type PhotoRow, photoRowFromUrl } from './photos';
import { findImages, lockProperty, replaceImages, updateProperty } from './queries';

export interface AppliedListing {
  propertyId: string;
  /**
   * Photos the property no longer uses: pass them, after the commit, to
   * removeListingPhotoFiles(ctx, landlordId, urls) from ./photos (best effort).
   */
  removedImageUrls: string[];
  landlordId: string;
}

/**
 * For the moderation view: each rule's result for a listing submission today, with its source, and the nation
 * whose law applies; nulls for anything else (or content that no longer parses, which approval refuses anyway).
 */
export function listingRuleResults(
  submission: ContentSubmissionRow,
  now: Date,
): { ruleResults: TRuleResult[] | null; nation: string | null } {
  if (submission.contentType !== 'property_listing') return { ruleResults: null, nation: null };
  const parsed = ZPropertyListingContent.safeParse(submission.contentData);
  if (!parsed.success) return { ruleResults: null, nation: null };
  try {
    const nation = nationOfContent(parsed.data);
    return { ruleResults: ruleResults(factsOf(parsed.data), nation, londonToday(now)), nation };
  } catch {
    // A postcode we no longer know, or a border district without its nation: nothing to judge by.
    return { ruleResults: null, nation: null };
  }
}

function targetOf(submission: ContentSubmissionRow): string {
  if (submission.contentType !== 'property_listing' || !submission.targetId) {
    throw new AppError('BAD_REQUEST', 'This submission is not a property listing.');
  }
  return submission.targetId;
}

/**
 * Applies an approved listing to its property: every field from the submission, the photos replaced in the
 * submitted order, status live, and publishedAt the first time it goes live. `now` defaults to the
 * submission's reviewedAt; `storage` lets new photos carry their pixel size.
 */
export async function applyPropertyListing(
  tx: Tx,
  submission: ContentSubmissionRow,
  options: { now?: Date; storage?: MediaStorage } = {},
): Promise<AppliedListing> {
  const propertyId = targetOf(submission);
  const parsed = ZPropertyListingContent.safeParse(submission.contentData);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'The submitted listing is no longer valid.');
  const content = parsed.data;
  const now = options.now ?? submission.reviewedAt ?? new Date();
  // The law again, on the day of approval: a rule that started since it was sent still stops it (409).
  const refused = refusals(listingFindings(factsOf(content), nationOfContent(content), londonToday(now)));
  if (refused.length > 0)
    throw new AppError(
      'CONFLICT',
      `This listing breaks a rule in force, so it cannot be approved: ${refused.map((f) => f.message).join(' ')}`,
      findingErrors(refused),
    );
  const property = await lockProperty(tx, propertyId);
  if (!property || property.landlordId !== submission.userId)
    throw new AppError('NOT_FOUND', 'Property not found');
  const columns = listingColumns(content);
  // Every rent change is kept; a reduction shows "Reduced on {date}" and is told to those who saved the home.
  const rentChanged = property.publishedAt && columns.monthlyRentPence !== property.monthlyRentPence;
  if (rentChanged) {
    await insertRentChange(tx, {
      propertyId,
      fromPence: property.monthlyRentPence,
      toPence: columns.monthlyRentPence,
      changedAt: now,
    });
  }
  const reduced = rentChanged && columns.monthlyRentPence < property.monthlyRentPence;

  await updateProperty(tx, propertyId, {
    ...columns,
    // A home that was let stays let until its landlord relists it; any other approved edit puts it live, and
    // the landlord editing it confirms it is available (a paused listing comes back).
    status: property.status === 'let' ? 'let' : 'live',
    confirmedAt: now,
    ...(rentChanged
      ? {
          rentReducedAt: reduced ? now : null,
          previousRentPence: reduced ? property.monthlyRentPence : null,
        }
      : {}),
    publishedAt: property.publishedAt ?? now,
    updatedAt: now,
  });

  const existing = new Map((await findImages(tx, [propertyId])).map((row) => [row.url, row]));
  const rows: PhotoRow[] = [];
  for (const url of content.images) {
    const known = existing.get(url);
    if (known) {
      rows.push({
        url,
        thumbUrl: known.thumbUrl,
        storageKey: known.storageKey,
        width: known.width,
        height: known.height,
        alt: known.alt,
      });
      continue;
    }
    const described = options.storage
      ? await describeOwnPhoto(options.storage, property.landlordId, url)
      : null;
    rows.push(described ?? photoRowFromUrl(url));
  }
  await replaceImages(tx, propertyId, rows);
  const kept = new Set(content.images);
  return {
    propertyId,
    landlordId: property.landlordId,
    removedImageUrls: [...existing.keys()].filter((url) => !kept.has(url)),
  };
}

/** A new listing that was never live stays out of sight as rejected; a rejected edit changes nothing. */
export async function rejectPropertyListing(
  tx: Tx,
  submission: ContentSubmissionRow,
  options: { now?: Date } = {},
): Promise<void> {
  const property = await lockProperty(tx, targetOf(submission));
  if (property?.status !== 'pending' || property.publishedAt) return;
  await updateProperty(tx, property.id, {
    status: 'rejected',
    updatedAt: options.now ?? submission.reviewedAt ?? new Date(),
  });
}
