// Reviews of contractors (doc 1 "Contractor detail": Recent Reviews; §3 reviews: rating, customerName, date,
// comment). Only someone whose quote request the trade answered may write one (issue 28: the Digital Markets,
// Competition and Consumers Act 2024 bans fake reviews; docs/decisions/0049-claims-backed-by-records.md), one per
// contractor and request, and may edit it; a contractor's rating total and review count always equal its reviews,
// changed in the same transaction as the reviews themselves.

import {
  REVIEW_MESSAGES,
  type TReview,
  type TReviewPage,
  type TReviewRequest,
} from '../../../domain/contractors';
import { AppError } from '../../../domain/errors';
import type { Viewer } from '../../../domain/identity';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../plugins/sessions';
import { toReview } from './presenter';
import {
  countReviews,
  findReviewableLead,
  findReviewBy,
  findReviews,
  insertReview,
  lockContractor,
  recomputeRatings,
  updateReview,
} from './queries';
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

/** POST /api/contractors/{id}/reviews: one review per contractor and author; a second is a 409. */
export async function createReview(
  ctx: AppContext,
  contractorId: string,
  viewer: Viewer<SessionUser>,
  input: TReviewRequest,
): Promise<TReview> {
  const user = signedIn(viewer);
  const contractor = await findLiveContractor(ctx, contractorId);
  if (contractor.userId === user.id) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.own);
  const now = ctx.now();
  const { review, lead } = await ctx.db.transaction(async (tx) => {
    // The lock first: the totals computed below then see every review committed before this one, and two reviews
    // sent at once by one person queue here, so the second finds the first.
    if (!(await lockContractor(tx, contractor.id))) throw new AppError('NOT_FOUND', CONTRACTOR_NOT_FOUND);
    if (await findReviewBy(tx, contractor.id, user.id))
      throw new AppError('CONFLICT', REVIEW_MESSAGES.duplicate);
    // Someone who never asked (or whom the trade never answered) has no experience to review.
    const lead = await findReviewableLead(tx, contractor.id, user.id);
    if (!lead) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.noAnsweredRequest);
    const row = await insertReview(tx, {
      contractorId: contractor.id,
      authorId: user.id,
      leadId: lead.id,
      customerName: reviewerName(user),
      rating: input.rating,
      comment: input.comment,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) throw new AppError('CONFLICT', REVIEW_MESSAGES.duplicate);
    await recomputeRatings(tx, [contractor.id]);
    return { review: row, lead };
  });
  return toReview({ ...review, quoteRequestedAt: lead.createdAt }, user.id);
}

/** PUT /api/contractors/{id}/reviews: the author edits their own review. */
export async function updateOwnReview(
  ctx: AppContext,
  contractorId: string,
  viewer: Viewer<SessionUser>,
  input: TReviewRequest,
): Promise<TReview> {
  const user = signedIn(viewer);
  const contractor = await findLiveContractor(ctx, contractorId);
  const now = ctx.now();
  const review = await ctx.db.transaction(async (tx) => {
    if (!(await lockContractor(tx, contractor.id))) throw new AppError('NOT_FOUND', CONTRACTOR_NOT_FOUND);
    const existing = await findReviewBy(tx, contractor.id, user.id);
    if (!existing) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.missing);
    const row = await updateReview(tx, existing.id, {
      rating: input.rating,
      comment: input.comment,
      updatedAt: now,
    });
    await recomputeRatings(tx, [contractor.id]);
    return { ...row, quoteRequestedAt: existing.quoteRequestedAt };
  });
  return toReview(review, user.id);
}
