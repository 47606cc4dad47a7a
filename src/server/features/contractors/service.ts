// Contractor directory and profile rules (doc 1 "Contractor list", "Contractor detail"). The directory and profile
// pages are open to everyone; contact details only for a plan that hires trades (src/domain/plans.ts).

import {
  DETAIL_REVIEWS,
  type TContractorDetail,
  type TContractorDirectoryQuery,
  type TContractorPage,
  UNKNOWN_SPECIALTY,
} from '../../../domain/contractors';
import { londonToday } from '../../../domain/dates';
import { AppError } from '../../../domain/errors';
import { isAdmin, type Viewer } from '../../../domain/identity';
import { isUuid } from '../../../domain/ids';
import { mayUse } from '../../../domain/plans';
import { tradeResponseTime } from '../../../domain/trade-response';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { advisoryLock } from '../../db/locks';
import type { SessionUser } from '../../plugins/sessions';
import { serviceAreaFilter } from './areas';
import { ratingOf, toContractorCard, toPublicTradeCheck, toReview } from './presenter';
import {
  type ContractorRow,
  countDirectory,
  countWonLeads,
  type DirectoryFilters,
  findActiveTradeChecks,
  findContractor,
  findContractorImages,
  findDirectoryPage,
  findQuoteReplyDelays,
  findReviewBy,
  findReviews,
  hasProfileViewSince,
  insertContractor,
  recordProfileView,
  replaceContractorImages,
} from './queries';
import { findFinishedJobs } from './review-jobs';

export const CONTRACTOR_NOT_FOUND = 'Contractor not found';
/** Free text is matched word by word; more words than this add nothing but work. */
const MAX_SEARCH_WORDS = 8;

/** Hiring trades (contact details, quotes, reviews) is in the tenant and landlord plans (src/domain/plans.ts). */
export function isHirer(viewer: Viewer<SessionUser>): boolean {
  return mayUse(viewer, 'hireContractors');
}

export function isLiveProfile(row: Pick<ContractorRow, 'status' | 'liveUntil'>, now: Date): boolean {
  return row.status === 'live' && (!row.liveUntil || row.liveUntil > now);
}

/** The directory query turned into filters: what each parameter means, decided here. */
export function directoryFiltersFor(query: TContractorDirectoryQuery, now: Date): DirectoryFilters {
  return {
    now,
    specialty: query.specialty ?? undefined,
    serviceArea: serviceAreaFilter(query.serviceArea),
    words: (query.text ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS),
    topRated: query.topRated,
    emergency: query.emergency,
  };
}

/** GET /api/contractors: one page of live, vetted profiles with the total. */
export async function searchContractors(
  ctx: AppContext,
  query: TContractorDirectoryQuery,
): Promise<TContractorPage> {
  const { page, limit } = query;
  // A trade we do not list (`specialty=wizardry`, `specialty=__proto__`) is a mistake to name, not an empty page:
  // the directory page never sends one (it reads unknown trades as "all").
  if (query.specialty === null)
    throw new AppError('VALIDATION_FAILED', UNKNOWN_SPECIALTY, { specialty: [UNKNOWN_SPECIALTY] });
  const filters = directoryFiltersFor(query, ctx.now());
  const offset = (page - 1) * limit;
  const [rows, total] = await Promise.all([
    findDirectoryPage(ctx.db, filters, query.sort, { limit, offset }),
    countDirectory(ctx.db, filters),
  ]);
  return {
    contractors: rows.map((row) => toContractorCard(row, ctx.mediaUrls)),
    total,
    page,
    limit,
    totalPages: Math.ceil(total / limit),
    hasMore: offset + rows.length < total,
  };
}

/**
 * A profile the viewer may open: live ones for everybody; the owner's own and any for admins whatever the state
 * (previews and review). Undefined otherwise, so unknown and hidden look the same.
 */
export async function findViewableContractor(
  ctx: AppContext,
  id: string,
  user: SessionUser | null,
): Promise<ContractorRow | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await findContractor(ctx.db, id);
  if (!row) return undefined;
  if (isLiveProfile(row, ctx.now()) || (!!user && row.userId === user.id) || isAdmin(user)) return row;
  return undefined;
}

/** A live profile that reviews and quote requests can be about; 404 otherwise. */
export async function findLiveContractor(ctx: AppContext, id: string): Promise<ContractorRow> {
  const row = isUuid(id) ? await findContractor(ctx.db, id) : undefined;
  if (!row || !isLiveProfile(row, ctx.now())) throw new AppError('NOT_FOUND', CONTRACTOR_NOT_FOUND);
  return row;
}

/** Whether the profile carries the "Verified" badge today: an admin's check whose document has not expired. */
export async function isVerifiedNow(ctx: AppContext, contractorId: string): Promise<boolean> {
  return (await findActiveTradeChecks(ctx.db, contractorId, londonToday(ctx.now()))).length > 0;
}

/** Profile views are counted at most once per viewer in any 24 hours. */
export const PROFILE_VIEW_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The server's own record of a counted view, kept in page_views. The '?' makes it a path the analytics endpoint
 * can never write (it drops query strings), so a client can neither fake nor suppress a counted view.
 */
export function profileViewMarker(contractorId: string): string {
  return `/contractors/${contractorId}?profile-view`;
}

/**
 * Counts a signed-in visitor's view of a live profile (doc 1 dashboard "profile views", recorded like property
 * views): not the owner's or an admin's own looks, and once per viewer per 24 hours.
 */
export async function countProfileView(
  ctx: AppContext,
  contractorId: string,
  viewerId: string,
): Promise<void> {
  const now = ctx.now();
  const marker = profileViewMarker(contractorId);
  await ctx.db.transaction(async (tx) => {
    await advisoryLock(tx, `profile-view:${contractorId}:${viewerId}`);
    if (await hasProfileViewSince(tx, marker, viewerId, new Date(now.getTime() - PROFILE_VIEW_WINDOW_MS)))
      return;
    await recordProfileView(tx, contractorId, marker, viewerId, now);
  });
}

/** GET /api/contractors/{id}: public; phone and email only for premium members, the owner and admins. */
export async function getContractorDetail(
  ctx: AppContext,
  id: string,
  viewer: Viewer<SessionUser>,
): Promise<TContractorDetail> {
  const row = await findViewableContractor(ctx, id, viewer.user);
  if (!row) throw new AppError('NOT_FOUND', CONTRACTOR_NOT_FOUND);
  const user = viewer.user;
  const isOwner = !!user && row.userId === user.id;
  const live = isLiveProfile(row, ctx.now());
  const now = ctx.now();
  const [images, recent, jobsCompleted, mine, checks, delays, finishedJobs] = await Promise.all([
    findContractorImages(ctx.db, row.id),
    findReviews(ctx.db, row.id, { limit: DETAIL_REVIEWS, offset: 0 }),
    countWonLeads(ctx.db, row.id),
    user ? findReviewBy(ctx.db, row.id, user.id) : undefined,
    findActiveTradeChecks(ctx.db, row.id, londonToday(now)),
    findQuoteReplyDelays(ctx.db, row.id, now),
    user && !isOwner ? findFinishedJobs(ctx.db, row.id, user.id) : [],
  ]);
  if (user && !isOwner && !isAdmin(user) && live) await countProfileView(ctx, row.id, user.id);
  const contactVisible = isHirer(viewer) || isOwner || isAdmin(user);
  const hirer = isHirer(viewer) && !isOwner && live;
  const card = toContractorCard(row, ctx.mediaUrls, checks.length > 0);
  return {
    ...card,
    description: row.description ?? '',
    rating: ratingOf(row),
    phone: contactVisible ? row.phone : null,
    email: contactVisible ? row.email : null,
    // The website is on every directory card already; the page hides it with the rest of the contact details.
    website: contactVisible ? row.website : null,
    contactVisible,
    experience: row.experienceYears,
    jobsCompleted,
    responseTime: tradeResponseTime(delays),
    checks: checks.map(toPublicTradeCheck),
    images: images.map((image) => ({
      url: ctx.mediaUrls.publicUrl(image.url),
      thumbUrl: ctx.mediaUrls.publicUrl(image.thumbUrl),
    })),
    reviews: recent.map((review) => toReview(review, user?.id ?? null)),
    myReview: mine ? toReview(mine, user?.id ?? null) : null,
    // Only after a job this trade finished for the reader, once (decision 0073; the server refuses the rest).
    canReview: live && finishedJobs.length > 0 && !mine,
    canRequestQuote: hirer,
    isOwner,
    status: row.status,
  };
}

/**
 * A contractor profile written straight to live with its portfolio, inside the caller's transaction (the super
 * admin's Live Content, with no owning account).
 */
export async function insertLiveProfile(
  tx: Tx,
  values: Parameters<typeof insertContractor>[1],
  images: Parameters<typeof replaceContractorImages>[2],
): Promise<ContractorRow> {
  const contractor = await insertContractor(tx, values);
  await replaceContractorImages(tx, contractor.id, images);
  return contractor;
}
