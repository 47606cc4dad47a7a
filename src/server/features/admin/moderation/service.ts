// Content moderation (doc 2 "Admin area" /admin/moderation, §4 "Content submission"): nothing goes live unvetted.
// Approval applies the submission to its property or profile inside the review's transaction (the listings and
// contractors features own what "apply" means); rejection needs a reason. Either way the owner is emailed.

import type { TAdminSubmission, TReviewReply, TReviewRequest } from '../../../../domain/admin';
import type { SUBMISSION_STATUSES } from '../../../../domain/constants';
import { BRAND_NAME } from '../../../../domain/constants';
import { AppError } from '../../../../domain/errors';
import type { Actor } from '../../../../domain/identity';
import { isUuid } from '../../../../domain/ids';
import type { AppContext } from '../../../context';
import { audit } from '../../../db/audit';
import type { MailMessage } from '../../../mail/mailer';
import type { SessionUser } from '../../../plugins/sessions';
import { wantsEmail } from '../../accounts/email-preferences';
import { applyContractorProfile, rejectContractorProfile } from '../../contractors/apply';
import { removePortfolioFiles } from '../../contractors/photos';
import { profileContentOf } from '../../contractors/presenter';
import { applyPropertyListing, listingRuleResults, rejectPropertyListing } from '../../listings/apply';
import { removeListingPhotoFiles } from '../../listings/photos';
import {
  findLiveProfiles,
  findOwner,
  findPublishedProperties,
  findSubmissions,
  findSubmissionWithOwner,
  lockSubmission,
  markReviewed,
  type PropertyRow,
  type SubmissionRow,
} from './queries';

export const NOT_FOUND = 'Submission not found';
type Owner = TAdminSubmission['owner'];

/** A live property in the same shape as a listing submission's contentData, for side-by-side comparison. */
function listingContentOf(row: PropertyRow, imageUrls: string[]): Record<string, unknown> {
  return {
    title: row.title,
    description: row.description,
    propertyType: row.propertyType,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    area: row.areaSqm,
    monthlyRent: row.monthlyRentPence / 100,
    deposit: row.depositPence === null ? null : row.depositPence / 100,
    holdingDeposit: row.holdingDepositPence === null ? null : row.holdingDepositPence / 100,
    address: row.address,
    postcode: row.postcode,
    availableFrom: row.availableFrom,
    available: row.available,
    amenities: row.amenities,
    epcRating: row.epcRating,
    councilTaxBand: row.councilTaxBand,
    furnished: row.furnished,
    images: imageUrls,
  };
}

function present(
  ctx: AppContext,
  row: SubmissionRow,
  owner: Owner,
  current: Record<string, unknown> | null,
): TAdminSubmission {
  return {
    id: row.id,
    contentType: row.contentType,
    contentData: ctx.mediaUrls.publicContent((row.contentData ?? {}) as Record<string, unknown>),
    targetId: row.targetId,
    submissionStatus: row.submissionStatus,
    adminNotes: row.adminNotes,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    reviewedBy: row.reviewedBy,
    owner: owner?.id ? owner : null,
    current,
    ...listingRuleResults(row, ctx.now()),
  };
}

/** For each submission, the live record it would change (null for something new). */
async function currentRecords(
  ctx: AppContext,
  rows: SubmissionRow[],
): Promise<Map<string, Record<string, unknown>>> {
  const listingTargets = rows
    .filter((r) => r.contentType === 'property_listing' && r.targetId)
    .map((r) => r.targetId!);
  const profileRows = rows.filter((r) => r.contentType === 'contractor_profile');
  const properties = await findPublishedProperties(ctx.db, [...new Set(listingTargets)]);
  const profiles = await findLiveProfiles(
    ctx.db,
    [...new Set(profileRows.filter((r) => r.targetId).map((r) => r.targetId!))],
    [...new Set(profileRows.map((r) => r.userId))],
  );
  const current = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    if (row.contentType === 'property_listing') {
      const property = properties.rows.find((p) => p.id === row.targetId);
      if (!property) continue;
      const urls = properties.images
        .filter((i) => i.propertyId === property.id)
        .map((i) => ctx.mediaUrls.publicUrl(i.url));
      current.set(row.id, listingContentOf(property, urls));
    } else {
      const profile =
        profiles.rows.find((p) => row.targetId && p.id === row.targetId) ??
        profiles.rows.find((p) => p.userId === row.userId);
      if (!profile) continue;
      current.set(
        row.id,
        profileContentOf(
          profile,
          profiles.images.filter((i) => i.contractorId === profile.id),
          ctx.mediaUrls,
        ) as unknown as Record<string, unknown>,
      );
    }
  }
  return current;
}

export async function listSubmissions(
  ctx: AppContext,
  query: { status: (typeof SUBMISSION_STATUSES)[number]; recent?: number },
): Promise<TAdminSubmission[]> {
  const rows = await findSubmissions(
    ctx.db,
    query.recent ? { recent: query.recent } : { status: query.status },
  );
  const current = await currentRecords(
    ctx,
    rows.map((r) => r.submission),
  );
  return rows.map((r) => present(ctx, r.submission, r.owner as Owner, current.get(r.submission.id) ?? null));
}

function titleOf(row: SubmissionRow): string {
  const data = (row.contentData ?? {}) as Record<string, unknown>;
  const title = row.contentType === 'property_listing' ? data.title : data.businessName;
  return typeof title === 'string' && title
    ? title
    : row.contentType === 'property_listing'
      ? 'your listing'
      : 'your profile';
}

export function reviewEmail(
  to: { email: string; firstName: string },
  row: SubmissionRow,
  publicUrl: string,
): MailMessage {
  const what = row.contentType === 'property_listing' ? 'property listing' : 'business profile';
  const title = titleOf(row);
  const dashboard = `${publicUrl}${row.contentType === 'property_listing' ? '/landlord-dashboard' : '/contractor-dashboard'}`;
  const approved = row.submissionStatus === 'approved';
  const subject = approved
    ? `Approved: your ${what} "${title}" is live on ${BRAND_NAME}`
    : `Not approved: your ${what} "${title}"`;
  const lines = [
    `Hello ${to.firstName},`,
    approved
      ? `Good news: our team has approved your ${what} "${title}". It is now live on ${BRAND_NAME}.`
      : `Our team has reviewed your ${what} "${title}" and could not approve it this time.`,
    ...(row.adminNotes ? [`${approved ? 'Notes from our team' : 'Reason'}: ${row.adminNotes}`] : []),
    approved
      ? `See it on your dashboard: ${dashboard}`
      : `You can make the changes and submit it again from your dashboard: ${dashboard}`,
    BRAND_NAME,
  ];
  return { to: to.email, kind: 'moderation', subject, text: lines.join('\n\n') };
}

/**
 * POST /api/admin/content-submissions/{id}/review. The submission row is locked, so it is reviewed once: a second
 * review (or two admins at once) gets 409.
 */
export async function reviewSubmission(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
  input: TReviewRequest,
): Promise<TReviewReply> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', NOT_FOUND);
  const { reviewed, cleanup } = await ctx.db.transaction(async (tx) => {
    const pending = await lockSubmission(tx, id);
    if (!pending) throw new AppError('NOT_FOUND', NOT_FOUND);
    if (pending.submissionStatus !== 'pending') throw new AppError('ALREADY_REVIEWED');
    const now = ctx.now();
    const row = await markReviewed(tx, id, {
      submissionStatus: input.status,
      adminNotes: input.adminNotes || null,
      reviewedAt: now,
      reviewedBy: actor.user.id,
    });
    let cleanup: (() => Promise<void>) | null = null;
    let targetId = row.targetId;
    if (row.contentType === 'property_listing') {
      if (input.status === 'approved') {
        const applied = await applyPropertyListing(tx, row, { now, storage: ctx.storage });
        cleanup = () => removeListingPhotoFiles(ctx, applied.landlordId, applied.removedImageUrls);
      } else {
        await rejectPropertyListing(tx, row, { now });
      }
    } else if (input.status === 'approved') {
      const applied = await applyContractorProfile(tx, row, { now });
      targetId = applied.contractorId;
      cleanup = () => removePortfolioFiles(ctx, applied.userId, applied.removedImageUrls);
    } else {
      await rejectContractorProfile(tx, row, { now });
    }
    await audit(tx, {
      actor: { id: actor.user.id, email: actor.user.email },
      action: input.status === 'approved' ? 'content.approve' : 'content.reject',
      targetType: 'content_submission',
      targetId: id,
      before: { submissionStatus: pending.submissionStatus },
      after: {
        submissionStatus: row.submissionStatus,
        adminNotes: row.adminNotes,
        contentType: row.contentType,
        targetId,
        title: titleOf(row),
      },
      ip: actor.ip,
      at: now,
    });
    return { reviewed: row, cleanup };
  });

  // After the commit: files no longer used go (best effort), and the owner hears the outcome if they want emails.
  if (cleanup) await cleanup().catch((err) => ctx.log.warn({ err }, 'could not remove replaced photos'));
  const owner = await findOwner(ctx.db, reviewed.userId);
  if (owner && (await wantsEmail(ctx.db, reviewed.userId, 'email')))
    await ctx.mailer.send(reviewEmail(owner, reviewed, ctx.config.publicUrl));

  const fresh = await findSubmissionWithOwner(ctx.db, id);
  const current = await currentRecords(ctx, [reviewed]);
  return {
    success: true,
    message:
      input.status === 'approved' ? 'Approved: it is now live.' : 'Rejected: the owner has been told why.',
    submission: present(ctx, reviewed, (fresh?.owner ?? null) as Owner, current.get(reviewed.id) ?? null),
  };
}
