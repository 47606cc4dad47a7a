// Quote requests and leads (doc 1 "Contractor detail" Request Quote, "Contractor dashboard", §3 Lead, §6 "Manage
// Leads only for premium"). A premium tenant or landlord asks for a quote; it becomes an active lead for that
// contractor, who is emailed and manages the lead's status from /leads.

import {
  CONTRACTORS_ONLY_MESSAGE,
  LEADS_PREMIUM_MESSAGE,
  QUOTE_MESSAGES,
  QUOTE_REQUESTS_PER_HOUR,
  type TContractorDashboard,
  type TLead,
  type TLeadPage,
  type TQuoteRequest,
  type TQuoteRequestCreated,
} from '../../../domain/contractors';
import { londonToday } from '../../../domain/dates';
import { AppError } from '../../../domain/errors';
import type { Actor, Viewer } from '../../../domain/identity';
import { isUuid } from '../../../domain/ids';
import { fullName } from '../../../domain/names';
import { assertMayUse, mayUse } from '../../../domain/plans';
import type { AppContext } from '../../context';
import { advisoryLock } from '../../db/locks';
import { escapeHtml } from '../../mail/mailer';
import type { SessionUser } from '../../plugins/sessions';
import { wantsEmail } from '../accounts/email-preferences';
import { leadConversation } from '../conversations/lookups';
import { openQuoteConversation, postSystemLine } from '../conversations/service';
import { ratingOf, toLead, toSubmission } from './presenter';
import {
  type ContractorRow,
  countLeads,
  countRecentQuoteRequests,
  countUnansweredReviews,
  findContractorByUser,
  findLatestProfileSubmission,
  findLead,
  findLeads,
  findOwnerEmail,
  insertLead,
  type LeadRow,
  updateLeadStatus,
} from './queries';
import { findLiveContractor, isVerifiedNow } from './service';

export const LEAD_NOT_FOUND = 'Lead not found';
const LEAD_STATUS_WORDS: Record<LeadRow['status'], string> = {
  active: 'active',
  pending: 'pending',
  won: 'as won',
  lost: 'as lost',
  closed: 'closed',
};
const HOUR_MS = 60 * 60 * 1000;

function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { [field]: [message] });
}

/** One line, no control characters: what an email subject may carry from a form. */
function oneLine(text: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

// ---- quote requests ----

/** POST /api/contractors/{id}/quote-requests. */
export async function requestQuote(
  ctx: AppContext,
  contractorId: string,
  viewer: Viewer<SessionUser>,
  input: TQuoteRequest,
): Promise<TQuoteRequestCreated> {
  const user = viewer.user;
  if (!user) throw new AppError('UNAUTHENTICATED');
  assertMayUse(viewer, 'hireContractors', QUOTE_MESSAGES.notEligible);
  const contractor = await findLiveContractor(ctx, contractorId);
  if (contractor.userId === user.id) throw new AppError('FORBIDDEN', QUOTE_MESSAGES.own);
  const now = ctx.now();
  if (input.preferredDate && input.preferredDate < londonToday(now))
    throw fieldError('preferredDate', QUOTE_MESSAGES.pastDate);

  const lead = await ctx.db.transaction(async (tx) => {
    // Counted in the database, so the limit holds across app instances; the lock makes it hold under a burst.
    await advisoryLock(tx, `quote-requests:${user.id}`);
    const recent = await countRecentQuoteRequests(tx, user.id, new Date(now.getTime() - HOUR_MS));
    if (recent >= QUOTE_REQUESTS_PER_HOUR)
      throw new AppError('RATE_LIMITED', QUOTE_MESSAGES.tooMany).withRetryAfter(HOUR_MS / 1000);
    const created = await insertLead(tx, {
      contractorId: contractor.id,
      requesterId: user.id,
      jobTitle: input.jobTitle,
      description: input.description,
      location: input.location,
      contactEmail: input.contactEmail,
      contactPhone: input.contactPhone,
      preferredDate: input.preferredDate,
      status: 'active',
      createdAt: now,
      updatedAt: now,
    });
    // The request opens a conversation, so the contractor answers on the site (issue 13).
    const conversationId = await openQuoteConversation(tx, created, contractor.userId, now);
    return { ...created, conversationId };
  });
  await emailContractor(ctx, contractor, lead, fullName(user.firstName, user.lastName));
  return {
    id: lead.id,
    status: lead.status,
    conversationId: lead.conversationId,
    message: lead.conversationId
      ? `Your quote request has been sent to ${contractor.businessName}. Their reply will appear in your inbox.`
      : `Your quote request has been sent to ${contractor.businessName}. They will contact you directly.`,
  };
}

/**
 * The new lead to the business's own address, else to its owner's account email; after the commit, and only if the
 * owner has account emails switched on.
 */
async function emailContractor(ctx: AppContext, contractor: ContractorRow, lead: LeadRow, requester: string) {
  // The owner switched off account emails: the lead waits on their dashboard instead.
  if (contractor.userId && !(await wantsEmail(ctx.db, contractor.userId, 'email'))) return;
  const to =
    contractor.email ?? (contractor.userId ? await findOwnerEmail(ctx.db, contractor.userId) : undefined);
  if (!to) {
    ctx.log.warn({ contractorId: contractor.id, leadId: lead.id }, 'no address for a new lead email');
    return;
  }
  const link = `${ctx.config.publicUrl}/leads/${lead.id}`;
  const details: Array<[string, string]> = [
    ['Job', lead.jobTitle],
    ['Location', lead.location],
    ['From', requester || lead.contactEmail],
    ['Email', lead.contactEmail],
    ...(lead.contactPhone ? ([['Phone', lead.contactPhone]] as Array<[string, string]>) : []),
    ...(lead.preferredDate ? ([['Preferred date', lead.preferredDate]] as Array<[string, string]>) : []),
  ];
  const text = [
    `Hello ${contractor.businessName},`,
    '',
    'You have a new quote request on Your Place.',
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    lead.description,
    '',
    `See and manage the lead: ${link}`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(contractor.businessName)},</p>`,
    '<p>You have a new quote request on Your Place.</p>',
    `<ul>${details.map(([label, value]) => `<li><strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(lead.description).replace(/\n/g, '<br />')}</p>`,
    `<p><a href="${escapeHtml(link)}">See and manage the lead</a></p>`,
  ].join('\n');
  await ctx.mailer.send({
    to,
    subject: `New quote request: ${oneLine(lead.jobTitle, 80)}`,
    text,
    html,
    kind: 'lead',
  });
}

// ---- the contractor's leads ----

function assertContractor(actor: Actor<SessionUser>) {
  if (actor.user.userType !== 'contractor') throw new AppError('FORBIDDEN', CONTRACTORS_ONLY_MESSAGE);
}

/** Manage Leads is premium only (doc 1 §6), whatever the page shows. */
function assertCanManageLeads(actor: Actor<SessionUser>) {
  assertContractor(actor);
  assertMayUse(actor, 'manageLeads', LEADS_PREMIUM_MESSAGE);
}

/** GET /api/contractor/leads: the contractor's own leads, newest first; none without a profile. */
export async function listOwnLeads(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  query: { status?: LeadRow['status']; page: number; limit: number },
): Promise<TLeadPage> {
  assertCanManageLeads(actor);
  const contractor = await findContractorByUser(ctx.db, actor.user.id);
  if (!contractor) return { leads: [], total: 0, page: query.page, limit: query.limit, hasMore: false };
  const offset = (query.page - 1) * query.limit;
  const [rows, total] = await Promise.all([
    findLeads(ctx.db, contractor.id, { status: query.status, limit: query.limit, offset }),
    countLeads(ctx.db, contractor.id, query.status),
  ]);
  return {
    leads: rows.map(toLead),
    total,
    page: query.page,
    limit: query.limit,
    hasMore: offset + rows.length < total,
  };
}

/** One of the contractor's own leads; anyone else's answers like a missing one. */
async function ownLead(ctx: AppContext, actor: Actor<SessionUser>, id: string) {
  const contractor = await findContractorByUser(ctx.db, actor.user.id);
  const row = contractor && isUuid(id) ? await findLead(ctx.db, id) : undefined;
  if (!contractor || !row || row.lead.contractorId !== contractor.id)
    throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
  return { contractor, row };
}

export async function getOwnLead(ctx: AppContext, actor: Actor<SessionUser>, id: string): Promise<TLead> {
  assertCanManageLeads(actor);
  return toLead((await ownLead(ctx, actor, id)).row);
}

/** PATCH /api/contractor/leads/{id}: active, pending, won, lost or closed. */
export async function changeLeadStatus(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
  status: LeadRow['status'],
): Promise<TLead> {
  assertCanManageLeads(actor);
  const { contractor, row: current } = await ownLead(ctx, actor, id);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await updateLeadStatus(tx, id, contractor.id, status, now)))
      throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
    // The conversation shows the lead's state as it changes (issue 13: the lead's status stays in step).
    const conversation = status !== current.lead.status ? await leadConversation(tx, id) : undefined;
    if (conversation)
      await postSystemLine(
        tx,
        conversation.id,
        `${contractor.businessName} marked this request ${LEAD_STATUS_WORDS[status]}.`,
        now,
      );
  });
  const updated = await findLead(ctx.db, id);
  if (!updated) throw new AppError('NOT_FOUND', LEAD_NOT_FOUND);
  return toLead(updated);
}

// ---- the dashboard ----

/** GET /api/contractor/dashboard: real figures (doc 1 lists fixed ones; these are the contractor's own). */
export async function getContractorDashboard(
  ctx: AppContext,
  actor: Actor<SessionUser>,
): Promise<TContractorDashboard> {
  assertContractor(actor);
  const canManageLeads = mayUse(actor, 'manageLeads');
  const contractor = await findContractorByUser(ctx.db, actor.user.id);
  if (!contractor) {
    return {
      profile: null,
      latestSubmission: null,
      stats: {
        activeLeads: 0,
        profileViews: 0,
        completedJobs: 0,
        rating: null,
        reviewCount: 0,
        verifiedReviewCount: 0,
        unansweredReviews: 0,
      },
      recentLeads: [],
      canManageLeads,
    };
  }
  const [activeLeads, completedJobs, recent, submission, unansweredReviews] = await Promise.all([
    countLeads(ctx.db, contractor.id, 'active'),
    countLeads(ctx.db, contractor.id, 'won'),
    canManageLeads ? findLeads(ctx.db, contractor.id, { limit: 3, offset: 0 }) : [],
    findLatestProfileSubmission(ctx.db, contractor.id),
    countUnansweredReviews(ctx.db, contractor.id),
  ]);
  return {
    profile: {
      id: contractor.id,
      businessName: contractor.businessName,
      specialty: contractor.specialty,
      status: contractor.status,
      verified: await isVerifiedNow(ctx, contractor.id),
    },
    latestSubmission: toSubmission(submission),
    stats: {
      activeLeads,
      profileViews: contractor.profileViews,
      completedJobs,
      rating: ratingOf(contractor),
      reviewCount: contractor.reviewCount,
      verifiedReviewCount: contractor.verifiedReviewCount,
      unansweredReviews,
    },
    recentLeads: recent.map(toLead),
    canManageLeads,
  };
}

export { londonToday };
