// What approving or rejecting a contractor_profile submission does to the business profile. The admin review calls
// these inside its own transaction (and marks the submission approved/rejected itself); nothing here commits.
import { ZContractorProfileContent } from '../../../domain/contractors';
import { AppError } from '../../../domain/errors';
import type { Tx } from '../../db/client';
import type { ContentSubmissionRow } from '../../db/submission-queries';
import { profileColumns } from './content';
import { type PortfolioImageRow, portfolioRowFromUrl } from './photos';
import {
  type ContractorRow,
  findContractorImages,
  findOwnerName,
  insertContractor,
  lockContractor,
  lockContractorByUser,
  replaceContractorImages,
  updateContractor,
} from './queries';

export interface AppliedProfile {
  contractorId: string;
  userId: string;
  /** True when this approval created the contractors row (a submission without a profile behind it). */
  created: boolean;
  /**
   * Portfolio photos the profile no longer uses: pass them, after the commit, to
   * removePortfolioFiles(ctx, userId, urls) from ./photos (best effort).
   */
  removedImageUrls: string[];
}

function assertProfileSubmission(submission: ContentSubmissionRow) {
  if (submission.contentType !== 'contractor_profile')
    throw new AppError('BAD_REQUEST', 'This submission is not a contractor profile.');
}

async function lockOwnTarget(tx: Tx, submission: ContentSubmissionRow): Promise<ContractorRow | undefined> {
  if (submission.targetId) {
    const row = await lockContractor(tx, submission.targetId);
    if (row && row.userId !== submission.userId) throw new AppError('NOT_FOUND', 'Contractor not found');
    if (row) return row;
  }
  // No profile behind the submission (or it is gone): the user's own profile, if they have one by now.
  return lockContractorByUser(tx, submission.userId);
}

/**
 * Applies an approved profile: every field from the submission, the portfolio replaced in the submitted order, and
 * status live. A submission with no profile behind it creates one. `now` defaults to the submission's reviewedAt.
 */
export async function applyContractorProfile(
  tx: Tx,
  submission: ContentSubmissionRow,
  options: { now?: Date } = {},
): Promise<AppliedProfile> {
  assertProfileSubmission(submission);
  const parsed = ZContractorProfileContent.safeParse(submission.contentData);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'The submitted profile is no longer valid.');
  const content = parsed.data;
  const now = options.now ?? submission.reviewedAt ?? new Date();

  let contractor = await lockOwnTarget(tx, submission);
  let created = false;
  if (contractor) {
    await updateContractor(tx, contractor.id, { ...profileColumns(content), status: 'live', updatedAt: now });
  } else {
    const owner = await findOwnerName(tx, submission.userId);
    if (!owner) throw new AppError('NOT_FOUND', 'The account behind this profile no longer exists.');
    contractor = await insertContractor(tx, {
      ...profileColumns(content),
      userId: submission.userId,
      firstName: owner.firstName,
      lastName: owner.lastName,
      status: 'live',
      createdAt: now,
      updatedAt: now,
    });
    created = true;
  }

  const existing = new Map((await findContractorImages(tx, contractor.id)).map((row) => [row.url, row]));
  const rows: PortfolioImageRow[] = content.images.map((url) => {
    const known = existing.get(url);
    return known ? { url, thumbUrl: known.thumbUrl, storageKey: known.storageKey } : portfolioRowFromUrl(url);
  });
  await replaceContractorImages(tx, contractor.id, rows);
  const kept = new Set(content.images);
  return {
    contractorId: contractor.id,
    userId: submission.userId,
    created,
    removedImageUrls: [...existing.keys()].filter((url) => !kept.has(url)),
  };
}

/** A new profile that was never live stays out of sight as rejected; a rejected change leaves the live profile as it is. */
export async function rejectContractorProfile(
  tx: Tx,
  submission: ContentSubmissionRow,
  options: { now?: Date } = {},
): Promise<void> {
  assertProfileSubmission(submission);
  if (!submission.targetId) return;
  const contractor = await lockContractor(tx, submission.targetId);
  if (contractor?.status !== 'pending') return;
  await updateContractor(tx, contractor.id, {
    status: 'rejected',
    updatedAt: options.now ?? submission.reviewedAt ?? new Date(),
  });
}
