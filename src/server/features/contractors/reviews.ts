// Reviews of contractors (doc 1 "Contractor detail": Recent Reviews; §3 reviews: rating, customerName, date,
// comment). Every new review rests on a real job (issue 32 item 5; docs/decisions/0073-reviews-rest-on-real-jobs.md,
// replacing decision 0049's "answered quote request"): a repair the trade did at the reviewer's home, or their own
// quote request the trade marked done. The Digital Markets, Competition and Consumers Act 2024, Schedule 20 para 13,
// bans fake reviews and publishing reviews in a misleading way. One review per person and trade (409 on a second);
// its author may edit it, and a later job carries it. The trade replies once, publicly. A contractor's totals, all
// and verified, always equal its reviews, changed in the same transaction as the reviews themselves.
import {
  REVIEW_MESSAGES,
  type TReview,
  type TReviewEligibility,
  type TReviewPage,
  type TReviewReplyRequest,
  type TReviewRequest,
} from '../../../domain/contractors';
import { AppError } from '../../../domain/errors';
import type { Viewer } from '../../../domain/identity';
import type { AppContext } from '../../context';
import { escapeHtml } from '../../mail/mailer';
import type { SessionUser } from '../../plugins/sessions';
import { emailMember } from './member-mail';
import { toReview } from './presenter';
import {
  type ContractorRow,
  countReviews,
  findReviewBy,
  findReviewById,
  findReviews,
  insertReview,
  lockContractor,
  type ReviewRow,
  recomputeRatings,
  setReviewReply,
  updateReview,
} from './queries';
import { chooseJob, findFinishedJobs, jobColumns, toReviewableJob } from './review-jobs';
import { CONTRACTOR_NOT_FOUND, findLiveContractor, findViewableContractor } from './service';

/** "Priya S.": how a review is signed, as on the seeded reviews and most trade sites. */
export function reviewerName(user: Pick<SessionUser, 'firstName' | 'lastName'>): string {
  const first = user.firstName.trim() || 'Customer';
  const initial = user.lastName.trim()[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

function signedIn(viewer: Viewer<SessionUser>): SessionUser {
  if (!viewer.user) throw new AppError('UNAUTHENTICATED');
  return viewer.user;
}

/** GET /api/contractors/{id}/reviews: every review, newest first, a page at a time ('See all reviews'). */
export async function listReviews(
  ctx: AppContext,
  contractorId: string,
  page: { page: number; limit: number },
  viewer: Viewer<SessionUser>,
): Promise<TReviewPage> {
  const contractor = await findViewableContractor(ctx, contractorId, viewer.user);
  if (!contractor) throw new AppError('NOT_FOUND', CONTRACTOR_NOT_FOUND);
  const offset = (page.page - 1) * page.limit;
  const [rows, total] = await Promise.all([
    findReviews(ctx.db, contractor.id, { limit: page.limit, offset }),
    countReviews(ctx.db, contractor.id),
  ]);
  return {
    reviews: rows.map((row) => toReview(row, viewer.user?.id ?? null)),
    total,
    page: page.page,
    limit: page.limit,
    hasMore: offset + rows.length < total,
  };
}

type NamedJob = Pick<TReviewRequest, 'repairId' | 'leadId'>;

/** A review names at most one job. */
function assertOneJob(named: NamedJob) {
  if (named.repairId && named.leadId)
    throw new AppError('VALIDATION_FAILED', REVIEW_MESSAGES.oneJob, { repairId: [REVIEW_MESSAGES.oneJob] });
}

/** GET /api/contractors/{id}/reviews/eligibility: may the reader review this trade, and on which finished jobs. */
export async function getReviewEligibility(
  ctx: AppContext,
  contractorId: string,
  viewer: Viewer<SessionUser>,
): Promise<TReviewEligibility> {
  const user = signedIn(viewer);
  const contractor = await findLiveContractor(ctx, contractorId);
  if (contractor.userId === user.id)
    return { canReview: false, reason: REVIEW_MESSAGES.own, jobs: [], reviewId: null };
  const [jobs, mine] = await Promise.all([
    findFinishedJobs(ctx.db, contractor.id, user.id),
    findReviewBy(ctx.db, contractor.id, user.id),
  ]);
  const reason = mine ? REVIEW_MESSAGES.duplicate : jobs.length === 0 ? REVIEW_MESSAGES.noFinishedJob : null;
  return { canReview: reason === null, reason, jobs: jobs.map(toReviewableJob), reviewId: mine?.id ?? null };
}

/** POST /api/contractors/{id}/reviews: after a finished job, once per person and trade; a second is a 409. */
export async function createReview(
  ctx: AppContext,
  contractorId: string,
  viewer: Viewer<SessionUser>,
  input: TReviewRequest,
): Promise<TReview> {
  const user = signedIn(viewer);
  const contractor = await findLiveContractor(ctx, contractorId);
  if (contractor.userId === user.id) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.own);
  assertOneJob(input);
  const now = ctx.now();
  const review = await ctx.db.transaction(async (tx) => {
    // The lock first: the totals computed below then see every review committed before this one, and two reviews
    // sent at once by one person queue here, so the second finds the first.
    if (!(await lockContractor(tx, contractor.id))) throw new AppError('NOT_FOUND', CONTRACTOR_NOT_FOUND);
    if (await findReviewBy(tx, contractor.id, user.id))
      throw new AppError('CONFLICT', REVIEW_MESSAGES.duplicate);
    // No finished job, no review: someone the trade never worked for has no experience to tell.
    const jobs = await findFinishedJobs(tx, contractor.id, user.id);
    const job = chooseJob(jobs, input);
    if (!job)
      throw new AppError(
        'FORBIDDEN',
        input.repairId || input.leadId ? REVIEW_MESSAGES.notYourJob : REVIEW_MESSAGES.noFinishedJob,
      );
    const row = await insertReview(tx, {
      contractorId: contractor.id,
      authorId: user.id,
      ...jobColumns(job),
      customerName: reviewerName(user),
      rating: input.rating,
      comment: input.comment,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw new AppError('CONFLICT', REVIEW_MESSAGES.duplicate);
    await recomputeRatings(tx, [contractor.id]);
    return findReviewById(tx, contractor.id, row.id);
  });
  if (!review) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notFound);
  return toReview(review, user.id);
}

/**
 * PUT /api/contractors/{id}/reviews: the author edits their own review. Naming a finished job moves the review onto
 * it; an unverified review (written before the rule) moves onto the author's newest finished job when they have one.
 */
export async function updateOwnReview(
  ctx: AppContext,
  contractorId: string,
  viewer: Viewer<SessionUser>,
  input: TReviewRequest,
): Promise<TReview> {
  const user = signedIn(viewer);
  const contractor = await findLiveContractor(ctx, contractorId);
  assertOneJob(input);
  const now = ctx.now();
  const review = await ctx.db.transaction(async (tx) => {
    if (!(await lockContractor(tx, contractor.id))) throw new AppError('NOT_FOUND', CONTRACTOR_NOT_FOUND);
    const existing = await findReviewBy(tx, contractor.id, user.id);
    if (!existing) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.missing);
    const named = !!(input.repairId || input.leadId);
    const jobs = named || !existing.verified ? await findFinishedJobs(tx, contractor.id, user.id) : [];
    const job = chooseJob(jobs, input);
    if (named && !job) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.notYourJob);
    await updateReview(tx, existing.id, {
      rating: input.rating,
      comment: input.comment,
      updatedAt: now,
      ...(job ? jobColumns(job) : {}),
    });
    await recomputeRatings(tx, [contractor.id]);
    return findReviewById(tx, contractor.id, existing.id);
  });
  if (!review) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.missing);
  return toReview(review, user.id);
}

/** POST /api/contractors/{id}/reviews/{reviewId}/reply: the trade's one public reply; the reviewer is emailed. */
export async function replyToReview(
  ctx: AppContext,
  contractorId: string,
  reviewId: string,
  viewer: Viewer<SessionUser>,
  input: TReviewReplyRequest,
): Promise<TReview> {
  const user = signedIn(viewer);
  const contractor = await findViewableContractor(ctx, contractorId, user);
  if (!contractor) throw new AppError('NOT_FOUND', CONTRACTOR_NOT_FOUND);
  if (contractor.userId !== user.id) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.replyOwnerOnly);
  if (!(await findReviewById(ctx.db, contractor.id, reviewId)))
    throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notFound);
  // One statement: of two replies sent at once, only one finds the review still unanswered.
  if (!(await setReviewReply(ctx.db, contractor.id, reviewId, input.body, ctx.now())))
    throw new AppError('CONFLICT', REVIEW_MESSAGES.replied);
  const review = await findReviewById(ctx.db, contractor.id, reviewId);
  if (!review) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notFound);
  try {
    await emailReviewer(ctx, contractor, review);
  } catch (err) {
    ctx.log.warn({ err, reviewId }, 'could not email a reviewer about a reply');
  }
  return toReview(review, user.id);
}

/** The reviewer hears of the reply, unless their account is gone or they switched account emails off. */
async function emailReviewer(ctx: AppContext, contractor: ContractorRow, review: ReviewRow) {
  if (!review.reply) return;
  const link = `${ctx.config.publicUrl}/contractors/${contractor.id}#reviews`;
  const text = [
    'Hello,',
    '',
    `${contractor.businessName} replied to your review on Your Place:`,
    '',
    review.reply,
    '',
    `See it under your review: ${link}`,
  ].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>${escapeHtml(contractor.businessName)} replied to your review on Your Place:</p>`,
    `<blockquote>${escapeHtml(review.reply).replace(/\n/g, '<br />')}</blockquote>`,
    `<p><a href="${escapeHtml(link)}">See it under your review</a></p>`,
  ].join('\n');
  await emailMember(ctx, review.authorId, {
    subject: `${contractor.businessName} replied to your review`,
    text,
    html,
    kind: 'review_reply',
  });
}
