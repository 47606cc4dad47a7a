// A contractor's own business profile (doc 1 §3 "Contractor own profile", "Contractor dashboard" business profile
// card; doc 2 Contractor Pro "portfolio uploads"). Every new or changed profile goes to admin review as a
// contractor_profile content submission; the public record changes only when an admin approves
// (applyContractorProfile in ./apply).

import {
  PROFILE_MESSAGES,
  type TContractorProfileContent,
  type TOwnContractorProfile,
  type TPortfolioPhoto,
  type TProfileSubmitted,
  ZContractorProfileContent,
} from '../../../domain/contractors';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/identity';
import { mayUse } from '../../../domain/plans';
import type { AppContext } from '../../context';
import { advisoryLock } from '../../db/locks';
import { type ContentSubmissionRow, insertSubmission } from '../../db/submission-queries';
import { assertUploadAllowed, holdOwnUploads } from '../../media/uploads';
import type { SessionUser } from '../../plugins/sessions';
import { checkedServiceAreas } from './areas';
import { profileColumns } from './content';
import {
  describeOwnPortfolioPhoto,
  type PortfolioImageRow,
  removePortfolioFiles,
  uploadPortfolioPhoto,
} from './photos';
import { profileContentOf, ratingOf, toSubmission } from './presenter';
import {
  type ContractorImageRow,
  type ContractorRow,
  findContractorByUser,
  findContractorImages,
  findLatestProfileSubmission,
  findPendingProfileSubmission,
  insertContractor,
  lockContractor,
  lockContractorByUser,
  replaceContractorImages,
  replacePendingSubmission,
} from './queries';
import { isVerifiedNow } from './service';

const ONLY_CONTRACTORS = 'Only contractor accounts have a business profile.';

function assertContractor(actor: Actor<SessionUser>) {
  if (actor.user.userType !== 'contractor') throw new AppError('FORBIDDEN', ONLY_CONTRACTORS);
}

/** Checked before an upload is read, so nobody without a subscription makes the server take in 5 MB. */
export function assertCanUploadPortfolio(actor: Actor<SessionUser>) {
  assertContractor(actor);
  if (!mayUse(actor, 'portfolioPhotos'))
    throw new AppError('SUBSCRIPTION_REQUIRED', PROFILE_MESSAGES.photosNeedSubscription).withFeature(
      'portfolioPhotos',
    );
}

export async function addPortfolioPhoto(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  readUpload: () => Promise<Buffer>,
): Promise<TPortfolioPhoto> {
  assertCanUploadPortfolio(actor);
  await assertUploadAllowed(ctx, actor.user.id);
  const photo = await uploadPortfolioPhoto(ctx, actor.user.id, await readUpload());
  return {
    ...photo,
    url: ctx.mediaUrls.publicUrl(photo.url),
    thumbUrl: ctx.mediaUrls.publicUrl(photo.thumbUrl),
  };
}

function contentOf(submission: ContentSubmissionRow | undefined): TContractorProfileContent | null {
  if (!submission) return null;
  const parsed = ZContractorProfileContent.safeParse(submission.contentData);
  return parsed.success ? parsed.data : null;
}

/** GET /api/contractor/profile: 404 until the contractor has created one. */
export async function getOwnProfile(
  ctx: AppContext,
  actor: Actor<SessionUser>,
): Promise<TOwnContractorProfile> {
  assertContractor(actor);
  const contractor = await findContractorByUser(ctx.db, actor.user.id);
  if (!contractor) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.missing);
  const [images, pending, latest] = await Promise.all([
    findContractorImages(ctx.db, contractor.id),
    findPendingProfileSubmission(ctx.db, contractor.id),
    findLatestProfileSubmission(ctx.db, contractor.id),
  ]);
  return {
    id: contractor.id,
    status: contractor.status,
    verified: await isVerifiedNow(ctx, contractor.id),
    current: profileContentOf(contractor, images, ctx.mediaUrls),
    pending: ctx.mediaUrls.publicContent(contentOf(pending)),
    latestSubmission: toSubmission(latest),
    rating: ratingOf(contractor),
    reviewCount: contractor.reviewCount,
    profileViews: contractor.profileViews,
  };
}

/**
 * The submission's photos as image rows: photos the profile (or its waiting change) already has, or the
 * contractor's own new uploads, which need a subscription.
 */
async function photoRowsFor(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  urls: string[],
  known: Array<Pick<ContractorImageRow, 'url' | 'thumbUrl' | 'storageKey'>>,
): Promise<PortfolioImageRow[]> {
  const byUrl = new Map(known.map((row) => [row.url, row]));
  const rows: PortfolioImageRow[] = [];
  for (const url of urls) {
    const existing = byUrl.get(url);
    if (existing) {
      rows.push({ url, thumbUrl: existing.thumbUrl, storageKey: existing.storageKey });
      continue;
    }
    assertCanUploadPortfolio(actor);
    const own = await describeOwnPortfolioPhoto(ctx.storage, actor.user.id, url);
    if (!own)
      throw new AppError('VALIDATION_FAILED', PROFILE_MESSAGES.uploadedPhotosOnly, {
        images: [PROFILE_MESSAGES.uploadedPhotosOnly],
      });
    rows.push(own);
  }
  return rows;
}

/**
 * The profile as it is kept: its service areas checked against the UK's places and spelt as the data spells them,
 * its photos as references (as the upload replies gave them, MEDIA_PUBLIC_URL's address perhaps).
 */
function asKept(ctx: AppContext, content: TContractorProfileContent): TContractorProfileContent {
  return {
    ...content,
    serviceAreas: checkedServiceAreas(content.serviceAreas, 'serviceAreas'),
    images: content.images.map((url) => ctx.mediaUrls.refOf(url)),
  };
}

function submitted(contractor: ContractorRow, submission: ContentSubmissionRow): TProfileSubmitted {
  return {
    id: contractor.id,
    submissionId: submission.id,
    submissionStatus: 'pending',
    message: PROFILE_MESSAGES.submitted,
  };
}

/**
 * POST /api/contractor/profile. In one transaction: a pending profile (seen by nobody but its owner and the admins)
 * with its photos, and its submission for review.
 */
export async function createOwnProfile(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  sent: TContractorProfileContent,
): Promise<TProfileSubmitted> {
  assertContractor(actor);
  const content = asKept(ctx, sent);
  const photos = await photoRowsFor(ctx, actor, content.images, []);
  const user = actor.user;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // One profile per account: the lock makes a double click find the first one.
    await advisoryLock(tx, `contractor-profile:${user.id}`);
    await holdOwnUploads(tx, ctx, user.id, 'portfolio', photos);
    if (await lockContractorByUser(tx, user.id)) throw new AppError('CONFLICT', PROFILE_MESSAGES.exists);
    const contractor = await insertContractor(tx, {
      ...profileColumns(content),
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    await replaceContractorImages(tx, contractor.id, photos);
    const submission = await insertSubmission(tx, {
      userId: user.id,
      contentType: 'contractor_profile',
      contentData: content,
      targetId: contractor.id,
      createdAt: now,
    });
    return submitted(contractor, submission);
  });
}

/**
 * PUT /api/contractor/profile: the change waits for review and the public profile stays as it is. A change made
 * while another is still waiting replaces it: the reviewer sees the contractor's latest words.
 */
export async function updateOwnProfile(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  sent: TContractorProfileContent,
): Promise<TProfileSubmitted> {
  assertContractor(actor);
  const content = asKept(ctx, sent);
  const user = actor.user;
  const contractor = await findContractorByUser(ctx.db, user.id);
  if (!contractor) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.missing);
  const waiting = await findPendingProfileSubmission(ctx.db, contractor.id);
  const known: PortfolioImageRow[] = (await findContractorImages(ctx.db, contractor.id)).map((row) => ({
    url: row.url,
    thumbUrl: row.thumbUrl,
    storageKey: row.storageKey,
  }));
  // Photos of the change being replaced were checked when it was sent.
  for (const url of contentOf(waiting)?.images ?? []) {
    const own = await describeOwnPortfolioPhoto(ctx.storage, user.id, url);
    if (own) known.push(own);
  }
  const photos = await photoRowsFor(ctx, actor, content.images, known);
  const now = ctx.now();
  const { result, replaced } = await ctx.db.transaction(async (tx) => {
    await holdOwnUploads(tx, ctx, user.id, 'portfolio', photos);
    if (!(await lockContractor(tx, contractor.id))) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.missing);
    const pending = await findPendingProfileSubmission(tx, contractor.id);
    const updated = pending ? await replacePendingSubmission(tx, pending.id, content, now) : undefined;
    const submission =
      updated ??
      (await insertSubmission(tx, {
        userId: user.id,
        contentType: 'contractor_profile',
        contentData: content,
        targetId: contractor.id,
        createdAt: now,
      }));
    return { result: submitted(contractor, submission), replaced: updated ? contentOf(pending) : null };
  });
  // Files after the commit: photos only the replaced change used are no longer wanted by anyone.
  if (replaced) {
    const kept = new Set(content.images);
    await removePortfolioFiles(
      ctx,
      user.id,
      replaced.images.filter((url) => !kept.has(url)),
    );
  }
  return result;
}
