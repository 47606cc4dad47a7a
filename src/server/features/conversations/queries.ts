// SQL for conversations, messages, blocks and reports (issue 13).
import { and, count, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import {
  conversationReports,
  conversations,
  messages,
  type THeldIdentity,
  userBlocks,
  viewingBookings,
  viewingSlots,
} from '../../db/schema';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** Raw rows from db.execute; both drivers answer `{ rows }`. */
async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A conversation with what both sides need to show it: names, the subject and the lead's state. */
export interface ConversationView {
  id: string;
  kind: 'enquiry' | 'quote';
  property_id: string | null;
  lead_id: string | null;
  starter_id: string;
  owner_id: string;
  created_at: Date | string;
  last_message_at: Date | string;
  starter_read_at: Date | string | null;
  owner_read_at: Date | string | null;
  starter_name: string;
  owner_name: string;
  starter_deleted: boolean;
  owner_deleted: boolean;
  /** Who a deleted side was, kept under the evidence hold: for moderators only, never shown to the other side. */
  starter_held: THeldIdentity | null;
  owner_held: THeldIdentity | null;
  property_title: string | null;
  /** The listing was deleted (or its landlord's account was): the thread shows its title as it was. */
  property_removed: boolean | null;
  /** The listing's postcode district: its nation decides which law warnings apply (./nation.ts). */
  property_outcode: string | null;
  property_nation: string | null;
  lead_title: string | null;
  lead_status: string | null;
  contractor_id: string | null;
  business_name: string | null;
}

const VIEW_COLUMNS = sql`
  c.id, c.kind, c.property_id, c.lead_id, c.starter_id, c.owner_id, c.created_at, c.last_message_at,
  c.starter_read_at, c.owner_read_at,
  trim(coalesce(su.first_name, '') || ' ' || coalesce(su.last_name, '')) as starter_name,
  trim(coalesce(ou.first_name, '') || ' ' || coalesce(ou.last_name, '')) as owner_name,
  (su.deleted_at is not null) as starter_deleted, (ou.deleted_at is not null) as owner_deleted,
  su.held_identity as starter_held, ou.held_identity as owner_held,
  p.title as property_title, (p.deleted_at is not null) as property_removed, p.outcode as property_outcode, p.nation as property_nation, l.job_title as lead_title, l.status::text as lead_status,
  ct.id as contractor_id, ct.business_name`;

const VIEW_JOINS = sql`
  from conversations c
  join users su on su.id = c.starter_id
  join users ou on ou.id = c.owner_id
  left join properties p on p.id = c.property_id
  left join leads l on l.id = c.lead_id
  left join contractors ct on ct.id = l.contractor_id`;

export async function findConversationView(db: Executor, id: string): Promise<ConversationView | undefined> {
  const [row] = await rows<ConversationView>(
    db,
    sql`select ${VIEW_COLUMNS} ${VIEW_JOINS} where c.id = ${id}`,
  );
  return row;
}

export interface InboxRow extends ConversationView {
  last_body: string | null;
  last_at: Date | string | null;
  last_sender_id: string | null;
  last_kind: 'text' | 'system' | null;
  unread: number;
  blocked: boolean;
}

/** The reader's conversations, newest activity first, each with its last message and unread count. */
export async function findInbox(db: Executor, userId: string, limit: number, offset: number) {
  return rows<InboxRow>(
    db,
    sql`
    select ${VIEW_COLUMNS},
      lm.body as last_body, lm.created_at as last_at, lm.sender_id as last_sender_id, lm.kind::text as last_kind,
      (select count(*)::int from messages m
        where m.conversation_id = c.id
          and m.sender_id is distinct from ${userId}
          and m.created_at > coalesce(case when c.starter_id = ${userId} then c.starter_read_at else c.owner_read_at end,
                                      '-infinity'::timestamptz)) as unread,
      exists (select 1 from user_blocks b
        where (b.blocker_id = c.starter_id and b.blocked_id = c.owner_id)
           or (b.blocker_id = c.owner_id and b.blocked_id = c.starter_id)) as blocked
    ${VIEW_JOINS}
    left join lateral (
      select m.body, m.created_at, m.sender_id, m.kind from messages m
      where m.conversation_id = c.id order by m.created_at desc, m.seq desc limit 1
    ) lm on true
    where c.starter_id = ${userId} or c.owner_id = ${userId}
    order by c.last_message_at desc, c.id desc
    limit ${limit} offset ${offset}`,
  );
}

/** Unread messages across every conversation of the reader (the navigation badge). */
export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from conversations c
    join messages m on m.conversation_id = c.id
    where (c.starter_id = ${userId} or c.owner_id = ${userId})
      and m.sender_id is distinct from ${userId}
      and m.created_at > coalesce(case when c.starter_id = ${userId} then c.starter_read_at else c.owner_read_at end,
                                  '-infinity'::timestamptz)`,
  );
  return Number(row?.n ?? 0);
}

/**
 * countUnread for many members in one round trip (decision 0075: every member's page shows the count, and the
 * requests that arrive together share one query): each id's count, 0 for none.
 */
export async function countUnreadOf(db: Executor, userIds: string[]): Promise<Map<string, number>> {
  const found = await rows<{ user_id: string; n: number }>(
    db,
    sql`
    select u.id as user_id, (
      select count(*)::int from conversations c
      join messages m on m.conversation_id = c.id
      where (c.starter_id = u.id or c.owner_id = u.id)
        and m.sender_id is distinct from u.id
        and m.created_at > coalesce(case when c.starter_id = u.id then c.starter_read_at else c.owner_read_at end,
                                    '-infinity'::timestamptz)
    ) as n
    from unnest(${sql.param(userIds)}::uuid[]) as u(id)`,
  );
  return new Map(found.map((row) => [row.user_id, Number(row.n ?? 0)]));
}

export async function findEnquiryConversation(
  db: Executor,
  propertyId: string,
  starterId: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.propertyId, propertyId), eq(conversations.starterId, starterId)))
    .limit(1);
  return row;
}

/**
 * For pairs of a listing and a person: their conversation about it (an enquiry they started) and whether a viewing
 * of it was confirmed for them (a booking hangs off a conversation; checked on its own, not through the enquiry).
 * One statement for every pair, prepared once: a listing's page asks it for each signed-in reader, and building its
 * SQL each time was a fifth of a detail request's time (issue 15's bench profile).
 */
export function prepareListingReaderLookup(db: Db) {
  return db
    .select({
      propertyId: sql<string>`u.property_id`,
      starterId: sql<string>`u.starter_id`,
      conversationId: conversations.id,
      confirmedViewing: sql<boolean>`exists (select 1 from ${viewingBookings} inner join ${viewingSlots} on ${viewingSlots.id} = ${viewingBookings.slotId} where ${viewingSlots.propertyId} = u.property_id and ${viewingBookings.tenantId} = u.starter_id and ${viewingBookings.status} = 'confirmed')`,
    })
    .from(
      sql`unnest(${sql.placeholder('properties')}::uuid[], ${sql.placeholder('starters')}::uuid[]) as u(property_id, starter_id)`,
    )
    .leftJoin(
      conversations,
      sql`${conversations.propertyId} = u.property_id and ${conversations.starterId} = u.starter_id`,
    )
    .prepare('listing_reader_lookup');
}

export interface ListingReader {
  conversationId: string | undefined;
  confirmedViewing: boolean;
}

export async function findListingReaders(
  lookup: ReturnType<typeof prepareListingReaderLookup>,
  pairs: ReadonlyArray<{ starterId: string; propertyId: string }>,
): Promise<Map<string, ListingReader>> {
  const found = new Map<string, ListingReader>();
  if (pairs.length === 0) return found;
  const rows = await lookup.execute({
    starters: `{${pairs.map((p) => p.starterId).join(',')}}`,
    properties: `{${pairs.map((p) => p.propertyId).join(',')}}`,
  });
  for (const row of rows)
    found.set(`${row.starterId}:${row.propertyId}`, {
      conversationId: row.conversationId ?? undefined,
      confirmedViewing: row.confirmedViewing === true,
    });
  return found;
}

export async function findLeadConversation(
  db: Executor,
  leadId: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.leadId, leadId)).limit(1);
  return row;
}

export async function insertConversation(
  tx: Tx,
  values: typeof conversations.$inferInsert,
): Promise<ConversationRow> {
  const [row] = await tx.insert(conversations).values(values).returning();
  return row;
}

export async function countConversationsStartedSince(db: Executor, starterId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .where(and(eq(conversations.starterId, starterId), gte(conversations.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Adds a message and moves the conversation to the top of both inboxes; the sender has read up to it. */
export async function insertMessage(
  tx: Tx,
  /** The two sides, so the sender's own message counts as read; a system line (no sender) needs only the id. */
  conversation: { id: string; starterId?: string; ownerId?: string },
  values: Omit<typeof messages.$inferInsert, 'conversationId'>,
  now: Date,
): Promise<MessageRow> {
  const [row] = await tx
    .insert(messages)
    .values({ ...values, conversationId: conversation.id, createdAt: now })
    .returning();
  const senderSide =
    values.senderId === conversation.starterId
      ? { starterReadAt: now }
      : values.senderId === conversation.ownerId
        ? { ownerReadAt: now }
        : {};
  await tx
    .update(conversations)
    .set({ lastMessageAt: now, ...senderSide })
    .where(eq(conversations.id, conversation.id));
  return row;
}

/** The owner's first reply, once: the start of the landlord's response time. */
export async function markOwnerFirstReply(tx: Tx, conversationId: string, at: Date): Promise<void> {
  await tx
    .update(conversations)
    .set({ ownerFirstReplyAt: at })
    .where(and(eq(conversations.id, conversationId), sql`${conversations.ownerFirstReplyAt} is null`));
}

/** A page of messages, oldest first: the newest `limit` (page 1), or older pages after it. */
export async function findMessages(db: Executor, conversationId: string, limit: number, offset: number) {
  const newestFirst = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(sql`${messages.createdAt} desc, ${messages.seq} desc`)
    .limit(limit)
    .offset(offset);
  return newestFirst.reverse();
}

/** Messages after the one the reader saw last, oldest first (polling for what arrived since). */
export async function findMessagesAfter(
  db: Executor,
  conversationId: string,
  afterId: string,
  limit: number,
) {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        sql`(${messages.createdAt}, ${messages.seq}) > (select m.created_at, m.seq from messages m where m.id = ${afterId} and m.conversation_id = ${conversationId})`,
      ),
    )
    .orderBy(sql`${messages.createdAt} asc, ${messages.seq} asc`)
    .limit(limit);
}

export async function markRead(
  db: Executor,
  conversation: ConversationRow | ConversationView,
  userId: string,
  at: Date,
) {
  const starterId = 'starterId' in conversation ? conversation.starterId : conversation.starter_id;
  const column = starterId === userId ? { starterReadAt: at } : { ownerReadAt: at };
  await db.update(conversations).set(column).where(eq(conversations.id, conversation.id));
}

/**
 * Claims the right to email `side` about a new message: true at most once per window per conversation and side,
 * even when two messages arrive at once (the update is the lock).
 */
export async function claimEmailSlot(
  db: Executor,
  conversationId: string,
  side: 'starter' | 'owner',
  now: Date,
  windowMs: number,
): Promise<boolean> {
  const column = side === 'starter' ? conversations.starterEmailedAt : conversations.ownerEmailedAt;
  const since = new Date(now.getTime() - windowMs);
  const updated = await db
    .update(conversations)
    .set(side === 'starter' ? { starterEmailedAt: now } : { ownerEmailedAt: now })
    .where(and(eq(conversations.id, conversationId), or(sql`${column} is null`, sql`${column} <= ${since}`)))
    .returning({ id: conversations.id });
  return updated.length > 0;
}

// ---- blocks ----

export async function isBlockedBetween(db: Executor, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
        and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
      ),
    );
  return Number(row?.n ?? 0) > 0;
}

export async function hasBlocked(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  return Number(row?.n ?? 0) > 0;
}

export async function insertBlock(db: Executor, blockerId: string, blockedId: string, at: Date) {
  await db.insert(userBlocks).values({ blockerId, blockedId, createdAt: at }).onConflictDoNothing();
}

export async function deleteBlock(db: Executor, blockerId: string, blockedId: string) {
  await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

// ---- reports ----

export async function insertReport(db: Executor, values: typeof conversationReports.$inferInsert) {
  const [row] = await db.insert(conversationReports).values(values).returning();
  return row;
}

/** Has this person an open report on this conversation? */
export async function hasOpenReportBy(
  db: Executor,
  conversationId: string,
  reporterId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(conversationReports)
    .where(
      and(
        eq(conversationReports.conversationId, conversationId),
        eq(conversationReports.reporterId, reporterId),
        eq(conversationReports.status, 'open'),
      ),
    );
  return Number(row?.n ?? 0) > 0;
}

export async function hasReport(db: Executor, conversationId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(conversationReports)
    .where(eq(conversationReports.conversationId, conversationId));
  return Number(row?.n ?? 0) > 0;
}

/**
 * Of these listings, the ones a conversation about which is under the evidence hold: a report open, or closed at
 * or after `since` (src/domain/evidence.ts).
 */
export async function findHeldPropertyIds(
  db: Executor,
  propertyIds: string[],
  since: Date,
): Promise<string[]> {
  if (propertyIds.length === 0) return [];
  const found = await db
    .selectDistinct({ id: conversations.propertyId })
    .from(conversations)
    .innerJoin(conversationReports, eq(conversationReports.conversationId, conversations.id))
    .where(
      and(
        inArray(conversations.propertyId, propertyIds),
        or(eq(conversationReports.status, 'open'), gte(conversationReports.closedAt, since)),
      ),
    );
  return found.map((r) => r.id).filter((id): id is string => id !== null);
}

/** Whether the person takes part in a conversation under the evidence hold (a report open, or closed since `since`). */
export async function isPartyToHeldConversation(db: Executor, userId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(conversationReports, eq(conversationReports.conversationId, conversations.id))
    .where(
      and(
        or(eq(conversations.starterId, userId), eq(conversations.ownerId, userId)),
        or(eq(conversationReports.status, 'open'), gte(conversationReports.closedAt, since)),
      ),
    )
    .limit(1);
  return !!row;
}

export interface ReportRow {
  id: string;
  conversation_id: string;
  reason: string;
  status: 'open' | 'closed';
  created_at: Date | string;
  reporter_name: string | null;
  reporter_email: string | null;
  subject: string | null;
}

export async function findReports(db: Executor, status: 'open' | 'closed', limit: number, offset: number) {
  return rows<ReportRow>(
    db,
    sql`
    select r.id, r.conversation_id, r.reason, r.status::text as status, r.created_at,
      trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as reporter_name, u.email as reporter_email,
      coalesce(p.title, l.job_title) as subject
    from conversation_reports r
    left join users u on u.id = r.reporter_id
    join conversations c on c.id = r.conversation_id
    left join properties p on p.id = c.property_id
    left join leads l on l.id = c.lead_id
    where r.status = ${status}
    order by r.created_at desc, r.id desc
    limit ${limit} offset ${offset}`,
  );
}

export async function closeReport(db: Executor, id: string, adminId: string, at: Date) {
  const updated = await db
    .update(conversationReports)
    .set({ status: 'closed', closedAt: at, closedBy: adminId })
    .where(and(eq(conversationReports.id, id), eq(conversationReports.status, 'open')))
    .returning({ id: conversationReports.id, conversationId: conversationReports.conversationId });
  return updated[0];
}

// ---- response time ----

/** Each enquiry's reply delay for one landlord (null if never answered), newest 50. */
export async function findReplyDelays(db: Executor, ownerId: string): Promise<Array<number | null>> {
  const found = await rows<{ delay_ms: number | null }>(
    db,
    sql`
    select (extract(epoch from (owner_first_reply_at - created_at)) * 1000)::float8 as delay_ms
    from conversations
    where owner_id = ${ownerId} and kind = 'enquiry'
    order by created_at desc limit 50`,
  );
  return found.map((r) => (r.delay_ms === null ? null : Number(r.delay_ms)));
}

/**
 * Quote requests without a conversation open one each, the request as its first message (the demo seed's leads;
 * migration 0010 did the same for leads made before conversations existed).
 */
export async function openMissingLeadConversations(db: Executor): Promise<void> {
  await db.execute(sql`
    insert into conversations (kind, lead_id, starter_id, owner_id, last_message_at, created_at)
    select 'quote', l.id, l.requester_id, c.user_id, l.created_at, l.created_at
    from leads l join contractors c on c.id = l.contractor_id
    where l.requester_id is not null and c.user_id is not null and l.requester_id <> c.user_id
      and not exists (select 1 from conversations cv where cv.lead_id = l.id)`);
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, kind, body, created_at)
    select cv.id, cv.starter_id, 'text', l.job_title || E'\\n\\n' || l.description, l.created_at
    from conversations cv join leads l on l.id = cv.lead_id
    where not exists (select 1 from messages m where m.conversation_id = cv.id)`);
}
