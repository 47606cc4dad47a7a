// Enquiries and conversations (issue 13; docs/decisions/0018-conversations.md). A premium tenant's enquiry opens
// one conversation per tenant and listing; a quote request opens one per lead. Only the two participants read or
// write it; an admin reads a reported one, and every such read is written to the audit log.

import type { TNation } from '../../../domain/advert-rules';
import { CONFIRM_FIELD, CONFIRM_PROMPT, lawWarnings, lawWarningText } from '../../../domain/conversation-law';
import {
  CONVERSATIONS_PAGE_SIZE,
  enquiryDetailsOf,
  MESSAGES_PAGE_SIZE,
  NEW_CONVERSATIONS_PER_DAY,
  responseTimeLabel,
  scamWarnings,
  type TConversationPage,
  type TConversationSummary,
  type TEnquiryDetails,
  type TEnquiryRequest,
  CONVERSATION_MESSAGES as TEXT,
  type TMessage,
  type TMessagePage,
  type TMessageRequest,
} from '../../../domain/conversations';
import { londonToday } from '../../../domain/dates';
import { AppError } from '../../../domain/errors';
import { type Actor, isAdmin } from '../../../domain/identity';
import { isUuid } from '../../../domain/ids';
import { LIMIT_MESSAGES } from '../../../domain/limits';
import { assertMayUse } from '../../../domain/plans';
import type { AppContext } from '../../context';
import { audit } from '../../db/audit';
import type { Tx } from '../../db/client';
import { advisoryLock, isUniqueViolation } from '../../db/locks';
import { coalesced } from '../../lib/coalesce';
import type { SessionUser } from '../../plugins/sessions';
import { emailOfUser } from '../accounts/service';
import { forgetLandlordPages, isLive, propertyWithLandlord } from '../properties/service';
import { hasActiveBooking } from '../viewings/lookups';
import { nationOfHome } from './nation';
import { notifyNewMessage } from './notify';
import {
  type ConversationRow,
  type ConversationView,
  claimEmailSlot,
  closeReport,
  countConversationsStartedSince,
  countUnread,
  countUnreadOf,
  deleteBlock,
  findConversationView,
  findEnquiryConversation,
  findInbox,
  findMessages,
  findMessagesAfter,
  findReplyDelays,
  findReports,
  hasBlocked,
  hasOpenReportBy,
  hasReport,
  type InboxRow,
  insertBlock,
  insertConversation,
  insertMessage,
  insertReport,
  isBlockedBetween,
  type MessageRow,
  markOwnerFirstReply,
  markRead,
} from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The scam shield's law warnings (issue 28) hold a message back until its sender confirms: the API, not only the
 * browser, decides, so every client shows them. A 400 names the text's field with each warning, and the confirming
 * field, which the sender sets to send it anyway.
 */
function assertLawWarningsConfirmed(
  text: string,
  field: 'message' | 'body',
  nation: TNation | null,
  now: Date,
  confirmed: boolean,
) {
  if (confirmed) return;
  const found = lawWarnings(text, nation, londonToday(now));
  if (found.length === 0) return;
  throw new AppError('VALIDATION_FAILED', CONFIRM_PROMPT, {
    [field]: found.map(lawWarningText),
    [CONFIRM_FIELD]: [CONFIRM_PROMPT],
  });
}

// ---- enquiries ----

/** POST /api/properties/{id}/enquiries: the tenant's enquiry opens (or continues) their conversation. */
export async function sendEnquiry(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  propertyId: string,
  input: TEnquiryRequest,
): Promise<{ conversationId: string; created: boolean }> {
  const { user } = actor;
  if (!isUuid(propertyId)) throw new AppError('NOT_FOUND', 'Property not found');
  const found = await propertyWithLandlord(ctx, propertyId);
  if (!found) throw new AppError('NOT_FOUND', 'Property not found');
  const { property } = found;
  if (property.landlordId === user.id) throw new AppError('FORBIDDEN', TEXT.ownListing);
  if (user.userType !== 'tenant') throw new AppError('FORBIDDEN', TEXT.tenantsOnly);
  assertMayUse(actor, 'contactLandlords');
  const now = ctx.now();
  // A home that is pending, paused, let or withdrawn takes no new enquiries; nor does a let-agreed one.
  if (!isLive(property, now) || property.letAgreedAt) throw new AppError('CONFLICT', TEXT.notLive);
  if (await isBlockedBetween(ctx.db, user.id, property.landlordId))
    throw new AppError('FORBIDDEN', TEXT.blocked);

  assertLawWarningsConfirmed(
    input.message,
    'message',
    nationOfHome(property.nation, property.outcode),
    now,
    input.confirmLawWarnings,
  );

  // Only what a landlord may use before a viewing (docs/decisions/0048-what-an-enquiry-may-ask.md).
  const details: TEnquiryDetails = {
    moveInDate: input.moveInDate,
    occupants: input.occupants,
    pets: input.pets,
  };
  const { conversation, created } = await ctx.db.transaction(async (tx) => {
    // One conversation per tenant and listing, and the daily limit, hold under a burst of requests.
    await advisoryLock(tx, `enquiries:${user.id}`);
    const existing = await findEnquiryConversation(tx, property.id, user.id);
    let conversation: ConversationRow;
    if (existing) {
      conversation = existing;
    } else {
      const started = await countConversationsStartedSince(tx, user.id, new Date(now.getTime() - DAY_MS));
      if (started >= NEW_CONVERSATIONS_PER_DAY)
        throw new AppError('RATE_LIMITED', TEXT.tooManyNew).withRetryAfter(DAY_MS / 1000);
      conversation = await insertConversation(tx, {
        kind: 'enquiry',
        propertyId: property.id,
        starterId: user.id,
        ownerId: property.landlordId,
        createdAt: now,
        lastMessageAt: now,
      });
    }
    await insertMessage(
      tx,
      conversation,
      { senderId: user.id, kind: 'text', body: input.message, details },
      now,
    );
    return { conversation, created: !existing };
  });
  if (created) forgetLandlordPages(ctx, property.landlordId);
  await notifyAfterCommit(ctx, conversation.id, user.id);
  return { conversationId: conversation.id, created };
}

// ---- quote requests (called by the leads service inside its transaction) ----

/** A new lead opens its conversation, with the request as the first message from the requester. */
export async function openQuoteConversation(
  tx: Tx,
  lead: { id: string; requesterId: string | null; jobTitle: string; description: string },
  ownerId: string | null,
  now: Date,
): Promise<string | null> {
  if (!lead.requesterId || !ownerId || lead.requesterId === ownerId) return null;
  const conversation = await insertConversation(tx, {
    kind: 'quote',
    leadId: lead.id,
    starterId: lead.requesterId,
    ownerId,
    createdAt: now,
    lastMessageAt: now,
  });
  await insertMessage(
    tx,
    conversation,
    { senderId: lead.requesterId, kind: 'text', body: `${lead.jobTitle}\n\n${lead.description}` },
    now,
  );
  return conversation.id;
}

// A line from Your Place lives in lookups, so the viewings' call-off (which services import) can post one.
export { postSystemLine } from './lookups';

// ---- reading ----

function sideOf(view: ConversationView, userId: string): 'starter' | 'owner' | null {
  if (view.starter_id === userId) return 'starter';
  if (view.owner_id === userId) return 'owner';
  return null;
}

function summaryOf(view: ConversationView | InboxRow, readerId: string): TConversationSummary {
  const role = view.starter_id === readerId ? 'starter' : 'owner';
  const other =
    role === 'starter'
      ? {
          id: view.owner_id,
          name: view.kind === 'quote' ? (view.business_name ?? view.owner_name) : view.owner_name,
          deleted: !!view.owner_deleted,
        }
      : { id: view.starter_id, name: view.starter_name, deleted: !!view.starter_deleted };
  const subject =
    view.kind === 'enquiry'
      ? {
          title: view.property_title ?? 'A home',
          href: view.property_id && !view.property_removed ? `/properties/${view.property_id}` : null,
          removed: !!view.property_removed,
        }
      : {
          removed: false,
          title: view.lead_title ?? 'A quote request',
          href:
            role === 'owner' && view.lead_id
              ? `/leads/${view.lead_id}`
              : view.contractor_id
                ? `/contractors/${view.contractor_id}`
                : null,
        };
  const inbox = 'unread' in view ? view : null;
  return {
    id: view.id,
    kind: view.kind,
    subject,
    otherParty: { id: other.id, name: other.name || 'A Your Place member', deleted: other.deleted },
    role,
    lastMessage:
      inbox?.last_body != null && inbox.last_at
        ? {
            body: inbox.last_body,
            at: iso(inbox.last_at),
            fromMe: inbox.last_sender_id === readerId,
            system: inbox.last_kind === 'system',
          }
        : null,
    unread: inbox ? Number(inbox.unread) : 0,
    blocked: inbox ? Boolean(inbox.blocked) : false,
  };
}

/** GET /api/conversations: the reader's inbox, newest activity first. */
export async function listInbox(
  ctx: AppContext,
  user: SessionUser,
  page: number,
): Promise<TConversationPage> {
  const limit = CONVERSATIONS_PAGE_SIZE;
  const found = await findInbox(ctx.db, user.id, limit + 1, (page - 1) * limit);
  return {
    conversations: found.slice(0, limit).map((row) => summaryOf(row, user.id)),
    page,
    hasMore: found.length > limit,
  };
}

const unreadReads = new WeakMap<object, (userId: string) => Promise<number | undefined>>();

/** The member's unread count, read after they asked; members asking together share one query (decision 0075). */
export async function unreadTotal(ctx: AppContext, user: SessionUser): Promise<{ unread: number }> {
  let read = unreadReads.get(ctx.db);
  if (!read) {
    read = coalesced((ids: string[]) => countUnreadOf(ctx.db, ids));
    unreadReads.set(ctx.db, read);
  }
  return { unread: (await read(user.id)) ?? 0 };
}

/**
 * The conversation if the actor may read it: a participant, or an admin when it has been reported (read-only,
 * audited). Everyone else gets 404, the same as for a conversation that does not exist.
 */
async function readable(ctx: AppContext, actor: Actor<SessionUser>, id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', TEXT.notFound);
  const view = await findConversationView(ctx.db, id);
  if (!view) throw new AppError('NOT_FOUND', TEXT.notFound);
  const side = sideOf(view, actor.user.id);
  if (side) {
    // A contractor manages quote conversations as leads: Contractor Pro, as for /leads.
    if (side === 'owner' && view.kind === 'quote') assertMayUse(actor, 'manageLeads');
    return { view, side, admin: false as const };
  }
  if (isAdmin(actor.user) && (await hasReport(ctx.db, id))) return { view, side: null, admin: true as const };
  throw new AppError('NOT_FOUND', TEXT.notFound);
}

function toMessage(
  row: MessageRow,
  view: ConversationView,
  readerId: string,
  viewingBooked: boolean,
): TMessage {
  const fromMe = row.senderId === readerId;
  const system = row.kind === 'system';
  const senderName =
    system || !row.senderId
      ? null
      : row.senderId === view.starter_id
        ? view.starter_name
        : view.kind === 'quote'
          ? (view.business_name ?? view.owner_name)
          : view.owner_name;
  return {
    id: row.id,
    body: row.body,
    at: row.createdAt.toISOString(),
    system,
    fromMe,
    senderName,
    details: enquiryDetailsOf(row.details),
    // The shield warns the reader about what the other side wrote, never about their own words.
    warnings: fromMe || system ? [] : scamWarnings(row.body, { viewingBooked }),
    // Wording the law forbids is shown to both sides: the sender is told what the law allows too.
    lawWarnings: system
      ? []
      : lawWarnings(
          row.body,
          nationOfHome(view.property_nation, view.property_outcode),
          londonToday(row.createdAt),
        ),
  };
}

/** Who each deleted side was, kept under the evidence hold: for the moderator reading a reported thread. */
function heldIdentitiesOf(view: ConversationView) {
  return [
    { userId: view.starter_id, held: view.starter_held },
    { userId: view.owner_id, held: view.owner_held },
  ].flatMap(({ userId, held }) =>
    held
      ? [{ userId, name: `${held.firstName} ${held.lastName}`.trim(), email: held.email, phone: held.phone }]
      : [],
  );
}

/** GET /api/conversations/{id}/messages: oldest first; `after` returns only what is new (polling). */
export async function getMessages(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
  query: { after?: string; page?: number },
): Promise<TMessagePage> {
  const { view, admin } = await readable(ctx, actor, id);
  if (admin) {
    await audit(ctx.db, {
      actor: { id: actor.user.id, email: actor.user.email },
      action: 'conversation.read',
      targetType: 'conversation',
      targetId: id,
      ip: actor.ip ?? null,
      at: ctx.now(),
    });
  }
  const page = query.page ?? 1;
  const limit = MESSAGES_PAGE_SIZE;
  const found = query.after
    ? await findMessagesAfter(ctx.db, id, query.after, limit + 1)
    : await findMessages(ctx.db, id, limit + 1, (page - 1) * limit);
  // Paging back: the extra row is the oldest one (first); polling forward: the newest (last).
  const hasMore = found.length > limit;
  const shown = hasMore ? (query.after ? found.slice(0, limit) : found.slice(1)) : found;
  // Swapping numbers is normal once a viewing is booked; before that the shield warns about it.
  const viewingBooked = await hasActiveBooking(ctx.db, id);
  const readerId = admin ? '' : actor.user.id;
  const summary = summaryOf(view, admin ? view.starter_id : actor.user.id);
  return {
    conversation: {
      ...summary,
      blocked: await isBlockedBetween(ctx.db, view.starter_id, view.owner_id),
      readOnly: admin,
      heldIdentities: admin ? heldIdentitiesOf(view) : [],
      leadId: view.lead_id,
      propertyId: view.property_id,
    },
    messages: shown.map((row) => toMessage(row, view, readerId, viewingBooked)),
    page,
    hasMore,
  };
}

/** POST /api/conversations/{id}/messages. */
export async function postMessage(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
  input: TMessageRequest,
): Promise<TMessage> {
  const { body } = input;
  const { view, side, admin } = await readable(ctx, actor, id);
  if (admin || !side) throw new AppError('FORBIDDEN', TEXT.readOnly);
  if (side === 'starter' ? view.owner_deleted : view.starter_deleted)
    throw new AppError('CONFLICT', TEXT.otherPartyDeleted);
  if (await isBlockedBetween(ctx.db, view.starter_id, view.owner_id))
    throw new AppError('FORBIDDEN', TEXT.blocked);
  const now = ctx.now();
  assertLawWarningsConfirmed(
    body,
    'body',
    nationOfHome(view.property_nation, view.property_outcode),
    now,
    input.confirmLawWarnings,
  );
  const conversation = { id: view.id, starterId: view.starter_id, ownerId: view.owner_id };
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertMessage(
      tx,
      conversation,
      { senderId: actor.user.id, kind: 'text', body },
      now,
    );
    if (side === 'owner') await markOwnerFirstReply(tx, view.id, now);
    return inserted;
  });
  if (side === 'owner') forgetLandlordPages(ctx, view.owner_id);
  await notifyAfterCommit(ctx, view.id, actor.user.id);
  return toMessage(row, view, actor.user.id, false);
}

/** POST /api/conversations/{id}/read: the reader has seen everything up to now. */
export async function markConversationRead(ctx: AppContext, actor: Actor<SessionUser>, id: string) {
  const { view, side } = await readable(ctx, actor, id);
  if (side) await markRead(ctx.db, view, actor.user.id, ctx.now());
  return { ok: true };
}

// ---- safety ----

/** POST /api/conversations/{id}/report: a participant asks our team to look. */
export async function reportConversation(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
  reason: string,
) {
  const { side } = await readable(ctx, actor, id);
  if (!side) throw new AppError('FORBIDDEN', TEXT.readOnly);
  // One open report per conversation and person: checked here for the message, held by a partial unique index
  // (conversation_reports_open_idx) when two arrive at once.
  if (await hasOpenReportBy(ctx.db, id, actor.user.id))
    throw new AppError('CONFLICT', LIMIT_MESSAGES.reportOpen);
  const report = await insertReport(ctx.db, {
    conversationId: id,
    reporterId: actor.user.id,
    reason,
    createdAt: ctx.now(),
  }).catch((err) => {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', LIMIT_MESSAGES.reportOpen);
    throw err;
  });
  return { id: report.id, message: 'Thank you. Our team will look at this conversation.' };
}

/** POST /api/users/{id}/block and DELETE: neither side can message the other while a block stands. */
export async function setBlock(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  otherId: string,
  blocked: boolean,
) {
  if (!isUuid(otherId)) throw new AppError('NOT_FOUND', 'User not found');
  if (otherId === actor.user.id) throw new AppError('BAD_REQUEST', TEXT.cannotBlockSelf);
  if (!(await emailOfUser(ctx, otherId))) throw new AppError('NOT_FOUND', 'User not found');
  if (blocked) await insertBlock(ctx.db, actor.user.id, otherId, ctx.now());
  else await deleteBlock(ctx.db, actor.user.id, otherId);
  return { blocked: await hasBlocked(ctx.db, actor.user.id, otherId) };
}

// ---- response time ----

/** GET /api/conversations/summary: the reader's enquiries, unread count and (as a landlord) response time. */
export async function enquirySummary(ctx: AppContext, user: SessionUser) {
  const [delays, unread] = await Promise.all([
    findReplyDelays(ctx.db, user.id),
    countUnread(ctx.db, user.id),
  ]);
  return { enquiries: delays.length, unread, responseTime: responseTimeLabel(delays) };
}

// ---- email ----

/** After the commit: the other participant hears of the new message, at most once per 15 minutes. */
async function notifyAfterCommit(ctx: AppContext, conversationId: string, senderId: string) {
  try {
    await notifyNewMessage(ctx, conversationId, senderId, claimEmailSlot);
  } catch (err) {
    ctx.log.warn({ err, conversationId }, 'could not send the new-message email');
  }
}

// ---- admin: reported conversations ----

/** GET /api/admin/reports: the newest 100 reports of a status, with who reported and about what. */
export async function listReports(ctx: AppContext, status: 'open' | 'closed') {
  const reports = await findReports(ctx.db, status, 100, 0);
  return {
    reports: reports.map((r) => ({
      id: r.id,
      conversationId: r.conversation_id,
      reason: r.reason,
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
      reporter: r.reporter_name || r.reporter_email || 'A deleted account',
      subject: r.subject ?? 'A conversation',
    })),
  };
}

/** POST /api/admin/reports/{id}/close: closes an open report, audited; 404 when unknown or already closed. */
export async function closeReportAsAdmin(
  ctx: AppContext,
  admin: Actor<SessionUser>,
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Report not found');
  const closed = await ctx.db.transaction(async (tx) => {
    const row = await closeReport(tx, id, admin.user.id, ctx.now());
    if (!row) return null;
    await audit(tx, {
      actor: { id: admin.user.id, email: admin.user.email },
      action: 'report.close',
      targetType: 'conversation_report',
      targetId: id,
      after: { conversationId: row.conversationId },
      ip: admin.ip,
      at: ctx.now(),
    });
    return row;
  });
  if (!closed) throw new AppError('NOT_FOUND', 'Report not found or already closed');
}
