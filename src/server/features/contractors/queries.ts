// SQL for contractors: the directory, profiles, portfolio images, reviews and their totals, leads, submissions and
// profile views. Every value from a request reaches PostgreSQL as a bound parameter.
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type ContractorSort, TOP_RATED_MIN_RATING } from '../../../domain/contractors';
import { londonToday } from '../../../domain/dates';
import { TRADE_RESPONSE_MAX_REQUESTS, TRADE_RESPONSE_WINDOW_DAYS } from '../../../domain/trade-claims';
import type { Executor, Tx } from '../../db/client';
import { containsPattern } from '../../db/like';
import {
  contentSubmissions,
  contractorImages,
  contractors,
  conversations,
  leads,
  pageViews,
  reviews,
  tradeChecks,
  users,
} from '../../db/schema';
import type { ContentSubmissionRow } from '../../db/submission-queries';

export type ContractorRow = typeof contractors.$inferSelect;
export type ContractorInsert = typeof contractors.$inferInsert;
export type ContractorImageRow = typeof contractorImages.$inferSelect;
/** A review with the day its quote request was sent (null on reviews from before the rule). */
export type ReviewRow = typeof reviews.$inferSelect & { quoteRequestedAt: Date | null };
export type TradeCheckRow = typeof tradeChecks.$inferSelect;
export type LeadRow = typeof leads.$inferSelect;

// ---- the directory ----

export interface DirectoryFilters {
  now: Date;
  specialty?: string;
  /**
   * The area names that serve a searched place (any one listed matches, through the GIN index), or text that is
   * no place, matched within the names listed.
   */
  serviceArea?: { names: string[] } | { text: string };
  /** Every word must appear in the business name, the description or a service. */
  words: string[];
  topRated: boolean;
  emergency: boolean;
}

/** Approved and not past its admin "live until" (doc 2 live content): the only profiles the public sees. */
export function contractorLiveAt(now: Date): SQL {
  return and(
    sql`${contractors.status} = 'live'`,
    or(isNull(contractors.liveUntil), gt(contractors.liveUntil, now)),
  )!;
}

function wordCondition(word: string): SQL {
  const pattern = containsPattern(word);
  return or(
    sql`${contractors.businessName} ilike ${pattern}`,
    sql`coalesce(${contractors.description}, '') ilike ${pattern}`,
    sql`exists (select 1 from unnest(${contractors.services}) as svc(name) where svc.name ilike ${pattern})`,
  )!;
}

export function directoryConditions(filters: DirectoryFilters): SQL {
  const conditions: SQL[] = [contractorLiveAt(filters.now)];
  if (filters.specialty) conditions.push(eq(contractors.specialty, filters.specialty));
  if (filters.serviceArea) {
    const area = filters.serviceArea;
    conditions.push(
      'names' in area
        ? sql`${contractors.serviceAreas} && ${sql.param(area.names)}::text[]`
        : sql`exists (select 1 from unnest(${contractors.serviceAreas}) as area(name) where area.name ilike ${containsPattern(area.text)})`,
    );
  }
  for (const word of filters.words) conditions.push(wordCondition(word));
  // The stored average is rounded to two decimals, so 4.5 means 4.50 and up.
  if (filters.topRated) conditions.push(gte(contractors.rating, TOP_RATED_MIN_RATING));
  if (filters.emergency) conditions.push(eq(contractors.emergencyCallouts, true));
  return and(...conditions)!;
}

const lowerName = sql`lower(${contractors.businessName})`;

function ordering(sort: ContractorSort): SQL[] {
  switch (sort) {
    case 'reviews':
      // Most reviewed: reviews of verified jobs first, as the rating counts them first (decision 0073).
      return [
        desc(contractors.verifiedReviewCount),
        desc(contractors.reviewCount),
        desc(contractors.rating),
        asc(lowerName),
        asc(contractors.id),
      ];
    case 'name':
      return [asc(lowerName), asc(contractors.id)];
    default:
      // Highest rated; among equals the better-proven (more verified jobs, then more reviews) first.
      return [
        desc(contractors.rating),
        desc(contractors.verifiedReviewCount),
        desc(contractors.reviewCount),
        asc(lowerName),
        asc(contractors.id),
      ];
  }
}

/**
 * Whether the profile has a check that counts on `today` (a London day): not revoked, its document not expired.
 * Read at request time, so the badge lapses with the document without a write.
 */
export function verifiedOn(today: string): SQL<boolean> {
  // Named with its table: drizzle writes a column of a one-table select unqualified, and inside the subquery an
  // unqualified "id" would be the check's own.
  const outerId = sql`${contractors}.${sql.identifier(contractors.id.name)}`;
  return sql<boolean>`exists (select 1 from ${tradeChecks} tc where tc.contractor_id = ${outerId}
    and tc.revoked_at is null and tc.expires_on >= ${today}::date)`;
}

/** Longest description sent for a card; the presenter trims it to a word boundary. */
const CARD_DESCRIPTION_CHARS = 320;

export async function findDirectoryPage(
  db: Executor,
  filters: DirectoryFilters,
  sort: ContractorSort,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      id: contractors.id,
      businessName: contractors.businessName,
      firstName: contractors.firstName,
      lastName: contractors.lastName,
      specialty: contractors.specialty,
      description: sql<string>`left(coalesce(${contractors.description}, ''), ${CARD_DESCRIPTION_CHARS})`,
      serviceAreas: contractors.serviceAreas,
      services: contractors.services,
      rating: contractors.rating,
      reviewCount: contractors.reviewCount,
      verifiedReviewCount: contractors.verifiedReviewCount,
      verified: verifiedOn(londonToday(filters.now)),
      emergencyCallouts: contractors.emergencyCallouts,
      website: contractors.website,
      profileImageUrl: contractors.profileImageUrl,
    })
    .from(contractors)
    .where(directoryConditions(filters))
    .orderBy(...ordering(sort))
    .limit(page.limit)
    .offset(page.offset);
}
export type DirectoryRow = Awaited<ReturnType<typeof findDirectoryPage>>[number];

export async function countDirectory(db: Executor, filters: DirectoryFilters): Promise<number> {
  const [row] = await db.select({ total: count() }).from(contractors).where(directoryConditions(filters));
  return Number(row?.total ?? 0);
}

// ---- one profile ----

export async function findContractor(db: Executor, id: string): Promise<ContractorRow | undefined> {
  const [row] = await db.select().from(contractors).where(eq(contractors.id, id)).limit(1);
  return row;
}

export async function findContractorByUser(db: Executor, userId: string): Promise<ContractorRow | undefined> {
  const [row] = await db.select().from(contractors).where(eq(contractors.userId, userId)).limit(1);
  return row;
}

/** The profile locked for the rest of the transaction: reviews, submissions and approvals on it queue up. */
export async function lockContractor(tx: Tx, id: string): Promise<ContractorRow | undefined> {
  const [row] = await tx.select().from(contractors).where(eq(contractors.id, id)).for('update');
  return row;
}

export async function lockContractorByUser(tx: Tx, userId: string): Promise<ContractorRow | undefined> {
  const [row] = await tx.select().from(contractors).where(eq(contractors.userId, userId)).for('update');
  return row;
}

export async function insertContractor(tx: Tx, values: ContractorInsert): Promise<ContractorRow> {
  const [row] = await tx.insert(contractors).values(values).returning();
  return row;
}

export async function updateContractor(tx: Tx, id: string, values: Partial<ContractorInsert>): Promise<void> {
  await tx.update(contractors).set(values).where(eq(contractors.id, id));
}

export async function findContractorImages(
  db: Executor,
  contractorId: string,
): Promise<ContractorImageRow[]> {
  return db
    .select()
    .from(contractorImages)
    .where(eq(contractorImages.contractorId, contractorId))
    .orderBy(asc(contractorImages.position), asc(contractorImages.id));
}

export async function replaceContractorImages(
  tx: Tx,
  contractorId: string,
  rows: Array<Pick<typeof contractorImages.$inferInsert, 'url' | 'thumbUrl' | 'storageKey'>>,
): Promise<void> {
  await tx.delete(contractorImages).where(eq(contractorImages.contractorId, contractorId));
  if (rows.length === 0) return;
  await tx.insert(contractorImages).values(rows.map((row, position) => ({ ...row, contractorId, position })));
}

export async function countWonLeads(db: Executor, contractorId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(leads)
    .where(and(eq(leads.contractorId, contractorId), eq(leads.status, 'won')));
  return Number(row?.total ?? 0);
}

/** The name on the account behind a profile (a new profile takes it). */
export async function findOwnerName(db: Executor, userId: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findOwnerEmail(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email;
}

/**
 * Each quote request's first-reply delay for one trade (null: not answered yet), newest first: requests of the last
 * TRADE_RESPONSE_WINDOW_DAYS only, at most TRADE_RESPONSE_MAX_REQUESTS. A trade's reply is the conversation owner's
 * first message, the same mark a landlord's response time reads.
 */
export async function findQuoteReplyDelays(
  db: Executor,
  contractorId: string,
  now: Date,
): Promise<Array<number | null>> {
  const since = new Date(now.getTime() - TRADE_RESPONSE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .select({
      delayMs: sql<
        number | null
      >`(extract(epoch from (${conversations.ownerFirstReplyAt} - ${conversations.createdAt})) * 1000)::float8`,
    })
    .from(conversations)
    .innerJoin(leads, eq(leads.id, conversations.leadId))
    .where(
      and(
        eq(leads.contractorId, contractorId),
        eq(conversations.kind, 'quote'),
        gte(conversations.createdAt, since),
        sql`${conversations.createdAt} <= ${now}`,
      ),
    )
    .orderBy(desc(conversations.createdAt))
    .limit(TRADE_RESPONSE_MAX_REQUESTS);
  return rows.map((row) => (row.delayMs === null ? null : Number(row.delayMs)));
}

// ---- checks an admin recorded ----

/** The checks that count on `today`, newest first (the public page says what was checked and when). */
export async function findActiveTradeChecks(
  db: Executor,
  contractorId: string,
  today: string,
): Promise<TradeCheckRow[]> {
  return db
    .select()
    .from(tradeChecks)
    .where(
      and(
        eq(tradeChecks.contractorId, contractorId),
        isNull(tradeChecks.revokedAt),
        sql`${tradeChecks.expiresOn} >= ${today}::date`,
      ),
    )
    .orderBy(desc(tradeChecks.checkedAt), desc(tradeChecks.id));
}

const checkedByUser = sql`(select u.email from ${users} u where u.id = ${tradeChecks.checkedBy})`;
const revokedByUser = sql`(select u.email from ${users} u where u.id = ${tradeChecks.revokedBy})`;

/** Every check on a profile with the admins' emails, newest first (the admin's list). */
export async function findTradeChecks(db: Executor, contractorId: string) {
  return db
    .select({
      check: tradeChecks,
      checkedByEmail: sql<string | null>`${checkedByUser}`,
      revokedByEmail: sql<string | null>`${revokedByUser}`,
    })
    .from(tradeChecks)
    .where(eq(tradeChecks.contractorId, contractorId))
    .orderBy(desc(tradeChecks.checkedAt), desc(tradeChecks.id));
}
export type TradeCheckWithAdmins = Awaited<ReturnType<typeof findTradeChecks>>[number];

export async function findTradeCheck(
  db: Executor,
  contractorId: string,
  id: string,
): Promise<TradeCheckWithAdmins | undefined> {
  const [row] = await db
    .select({
      check: tradeChecks,
      checkedByEmail: sql<string | null>`${checkedByUser}`,
      revokedByEmail: sql<string | null>`${revokedByUser}`,
    })
    .from(tradeChecks)
    .where(and(eq(tradeChecks.contractorId, contractorId), eq(tradeChecks.id, id)))
    .limit(1);
  return row;
}

export async function insertTradeCheck(
  tx: Tx,
  values: typeof tradeChecks.$inferInsert,
): Promise<TradeCheckRow> {
  const [row] = await tx.insert(tradeChecks).values(values).returning();
  return row;
}

/** Revokes the check if it still stands; undefined when it was already revoked (or is not this profile's). */
export async function revokeTradeCheck(
  tx: Tx,
  contractorId: string,
  id: string,
  by: string,
  at: Date,
): Promise<TradeCheckRow | undefined> {
  const [row] = await tx
    .update(tradeChecks)
    .set({ revokedAt: at, revokedBy: by })
    .where(
      and(eq(tradeChecks.contractorId, contractorId), eq(tradeChecks.id, id), isNull(tradeChecks.revokedAt)),
    )
    .returning();
  return row;
}

// ---- reviews ----

/** A review's columns and its quote request's date. */
const reviewColumns = {
  id: reviews.id,
  contractorId: reviews.contractorId,
  authorId: reviews.authorId,
  leadId: reviews.leadId,
  customerName: reviews.customerName,
  rating: reviews.rating,
  comment: reviews.comment,
  repairId: reviews.repairId,
  verified: reviews.verified,
  jobMonth: reviews.jobMonth,
  jobCategory: reviews.jobCategory,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  quoteRequestedAt: leads.createdAt,
};

export async function findReviews(
  db: Executor,
  contractorId: string,
  page: { limit: number; offset: number },
): Promise<ReviewRow[]> {
  return db
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(leads, eq(leads.id, reviews.leadId))
    .where(eq(reviews.contractorId, contractorId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countReviews(db: Executor, contractorId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(reviews)
    .where(eq(reviews.contractorId, contractorId));
  return Number(row?.total ?? 0);
}

export async function findReviewById(
  db: Executor,
  contractorId: string,
  id: string,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(leads, eq(leads.id, reviews.leadId))
    .where(and(eq(reviews.contractorId, contractorId), eq(reviews.id, id)))
    .limit(1);
  return row;
}

/** Sets the trade's one reply; undefined when the review already has one (or is not this trade's). */
export async function setReviewReply(
  db: Executor,
  contractorId: string,
  id: string,
  reply: string,
  now: Date,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ reply, repliedAt: now })
    .where(and(eq(reviews.contractorId, contractorId), eq(reviews.id, id), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  return row;
}

/** Reviews of the trade it has not answered yet (its dashboard asks it to). */
export async function countUnansweredReviews(db: Executor, contractorId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(reviews)
    .where(and(eq(reviews.contractorId, contractorId), isNull(reviews.reply)));
  return Number(row?.total ?? 0);
}

export async function findReviewBy(
  db: Executor,
  contractorId: string,
  authorId: string,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(leads, eq(leads.id, reviews.leadId))
    .where(and(eq(reviews.contractorId, contractorId), eq(reviews.authorId, authorId)))
    .limit(1);
  return row;
}

/**
 * Inserts the review; undefined when this author has already reviewed this contractor or the request already has
 * a review (either unique index).
 */
export async function insertReview(
  tx: Tx,
  values: typeof reviews.$inferInsert,
): Promise<typeof reviews.$inferSelect | undefined> {
  const [row] = await tx.insert(reviews).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateReview(
  tx: Tx,
  id: string,
  values: Pick<ReviewRow, 'rating' | 'comment' | 'updatedAt'> &
    Partial<Pick<ReviewRow, 'repairId' | 'leadId' | 'verified' | 'jobMonth' | 'jobCategory'>>,
): Promise<typeof reviews.$inferSelect> {
  const [row] = await tx.update(reviews).set(values).where(eq(reviews.id, id)).returning();
  return row;
}

/**
 * Sets each contractor's rating total and count from its reviews as they stand. Callers lock the contractor rows
 * first, so a review committed meanwhile by another transaction is counted by the statement that follows the lock.
 */
export async function recomputeRatings(tx: Tx, contractorIds: string[]): Promise<void> {
  if (contractorIds.length === 0) return;
  // Named with its table: an unqualified "id" inside the subquery would be the review's own id.
  const outerId = sql`${contractors}.${sql.identifier(contractors.id.name)}`;
  await tx
    .update(contractors)
    .set({
      ratingSum: sql`(select coalesce(sum(r.rating), 0)::int from ${reviews} r where r.contractor_id = ${outerId})`,
      reviewCount: sql`(select count(*)::int from ${reviews} r where r.contractor_id = ${outerId})`,
      // The verified-job reviews among them: the rating shown rests on these first (decision 0073).
      verifiedRatingSum: sql`(select coalesce(sum(r.rating), 0)::int from ${reviews} r where r.contractor_id = ${outerId} and r.verified)`,
      verifiedReviewCount: sql`(select count(*)::int from ${reviews} r where r.contractor_id = ${outerId} and r.verified)`,
    })
    .where(inArray(contractors.id, contractorIds));
}

// ---- leads ----

export async function insertLead(tx: Tx, values: typeof leads.$inferInsert): Promise<LeadRow> {
  const [row] = await tx.insert(leads).values(values).returning();
  return row;
}

export async function countRecentQuoteRequests(
  db: Executor,
  requesterId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(leads)
    .where(and(eq(leads.requesterId, requesterId), gte(leads.createdAt, since)));
  return Number(row?.total ?? 0);
}

const leadColumns = {
  lead: leads,
  requesterFirstName: users.firstName,
  requesterLastName: users.lastName,
  /** The conversation the request opened (issue 13), where the contractor answers. */
  conversationId: sql<string | null>`(select c.id from conversations c where c.lead_id = ${leads.id})`,
};

export async function findLeads(
  db: Executor,
  contractorId: string,
  options: { status?: string; limit: number; offset: number },
) {
  const where = options.status
    ? and(eq(leads.contractorId, contractorId), sql`${leads.status} = ${options.status}`)
    : eq(leads.contractorId, contractorId);
  return db
    .select(leadColumns)
    .from(leads)
    .leftJoin(users, eq(users.id, leads.requesterId))
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(options.limit)
    .offset(options.offset);
}
export type LeadWithRequester = Awaited<ReturnType<typeof findLeads>>[number];

export async function countLeads(db: Executor, contractorId: string, status?: string): Promise<number> {
  const where = status
    ? and(eq(leads.contractorId, contractorId), sql`${leads.status} = ${status}`)
    : eq(leads.contractorId, contractorId);
  const [row] = await db.select({ total: count() }).from(leads).where(where);
  return Number(row?.total ?? 0);
}

export async function findLead(db: Executor, id: string): Promise<LeadWithRequester | undefined> {
  const [row] = await db
    .select(leadColumns)
    .from(leads)
    .leftJoin(users, eq(users.id, leads.requesterId))
    .where(eq(leads.id, id))
    .limit(1);
  return row;
}

/** Marks an ordinary lead's job done (and won); undefined when it was already marked. */
export async function completeLead(
  db: Executor,
  id: string,
  contractorId: string,
  now: Date,
): Promise<LeadRow | undefined> {
  const [row] = await db
    .update(leads)
    .set({ completedAt: now, status: 'won', updatedAt: now })
    .where(
      and(
        eq(leads.id, id),
        eq(leads.contractorId, contractorId),
        isNull(leads.repairId),
        isNull(leads.completedAt),
      ),
    )
    .returning();
  return row;
}

export async function updateLeadStatus(
  db: Executor,
  id: string,
  contractorId: string,
  status: LeadRow['status'],
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(leads)
    .set({ status, updatedAt: now })
    .where(and(eq(leads.id, id), eq(leads.contractorId, contractorId)))
    .returning({ id: leads.id });
  return rows.length > 0;
}

// ---- profile submissions ----

export async function findLatestProfileSubmission(
  db: Executor,
  contractorId: string,
): Promise<ContentSubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(contentSubmissions)
    .where(
      and(
        eq(contentSubmissions.targetId, contractorId),
        eq(contentSubmissions.contentType, 'contractor_profile'),
      ),
    )
    .orderBy(desc(contentSubmissions.createdAt), desc(contentSubmissions.id))
    .limit(1);
  return row;
}

export async function findPendingProfileSubmission(
  db: Executor,
  contractorId: string,
): Promise<ContentSubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(contentSubmissions)
    .where(
      and(
        eq(contentSubmissions.targetId, contractorId),
        eq(contentSubmissions.contentType, 'contractor_profile'),
        eq(contentSubmissions.submissionStatus, 'pending'),
      ),
    )
    .orderBy(desc(contentSubmissions.createdAt), desc(contentSubmissions.id))
    .limit(1);
  return row;
}

/** Replaces a still-pending submission's content; undefined when it was reviewed meanwhile. */
export async function replacePendingSubmission(
  tx: Tx,
  id: string,
  contentData: unknown,
  now: Date,
): Promise<ContentSubmissionRow | undefined> {
  const [row] = await tx
    .update(contentSubmissions)
    .set({ contentData, createdAt: now })
    .where(and(eq(contentSubmissions.id, id), eq(contentSubmissions.submissionStatus, 'pending')))
    .returning();
  return row;
}

// ---- profile views ----

export async function hasProfileViewSince(
  db: Executor,
  marker: string,
  viewerId: string,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: pageViews.id })
    .from(pageViews)
    .where(and(eq(pageViews.path, marker), eq(pageViews.userId, viewerId), gte(pageViews.createdAt, since)))
    .limit(1);
  return !!row;
}

export async function recordProfileView(
  tx: Tx,
  contractorId: string,
  marker: string,
  viewerId: string,
  now: Date,
): Promise<void> {
  await tx.insert(pageViews).values({ path: marker, userId: viewerId, createdAt: now });
  await tx
    .update(contractors)
    .set({ profileViews: sql`${contractors.profileViews} + 1` })
    .where(eq(contractors.id, contractorId));
}
