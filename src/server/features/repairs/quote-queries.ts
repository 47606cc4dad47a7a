// SQL for repairs going to trades (issue 32 item 3; decision 0071): the trade a signed-in person is and its
// invitation to a repair, the home's district, the trades a repair could go to, the invitations with their quotes,
// and the writes of inviting, quoting and accepting.
import { and, asc, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { contractors, leads, properties, repairQuotes, users } from '../../db/schema';
import { contractorLiveAt, directoryConditions, verifiedOn } from '../contractors/queries';

export type RepairQuoteRow = typeof repairQuotes.$inferSelect;
export type RepairLeadRow = typeof leads.$inferSelect;

/** A trade's profile with the owner's account (a trade without one cannot quote on the site). */
const tradeColumns = (today: string) => ({
  id: contractors.id,
  userId: contractors.userId,
  businessName: contractors.businessName,
  specialty: contractors.specialty,
  serviceAreas: contractors.serviceAreas,
  email: contractors.email,
  rating: contractors.rating,
  reviewCount: contractors.reviewCount,
  verified: verifiedOn(today),
});
export type TradeRow = {
  id: string;
  userId: string | null;
  businessName: string;
  specialty: string;
  serviceAreas: string[];
  email: string | null;
  rating: number | null;
  reviewCount: number;
  verified: boolean;
};

/** The signed-in person's trade profile and its invitation to this repair, if it has one. */
export async function findInvitedTrade(db: Executor, repairId: string, userId: string) {
  const [row] = await db
    .select({
      contractorId: contractors.id,
      businessName: contractors.businessName,
      userId: contractors.userId,
      lead: leads,
    })
    .from(contractors)
    .innerJoin(leads, and(eq(leads.contractorId, contractors.id), eq(leads.repairId, repairId)))
    .where(eq(contractors.userId, userId))
    .limit(1);
  return row;
}
export type InvitedTrade = NonNullable<Awaited<ReturnType<typeof findInvitedTrade>>>;

/** The home's district and postcode (a trade is told the district until its quote is accepted). */
export async function findHomePlace(db: Executor, propertyId: string) {
  const [row] = await db
    .select({ outcode: properties.outcode, postcode: properties.postcode, address: properties.address })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .limit(1);
  return row;
}

/** Live trades, with an owner account that is not deleted and is not `excludeUserId`'s. */
function answerable(now: Date, excludeUserId: string): SQL {
  return and(
    contractorLiveAt(now),
    isNotNull(contractors.userId),
    ne(contractors.userId, excludeUserId),
    sql`exists (select 1 from ${users} u where u.id = ${contractors.userId} and u.deleted_at is null)`,
  )!;
}

/**
 * Trades a repair (or a check) could go to: of these specialties and serving one of these area names (the home's district and
 * what lies near it), or, with `words`, any live trade whose name, description or services hold them.
 */
export function findTradeCandidates(
  db: Executor,
  options: {
    now: Date;
    today: string;
    landlordId: string;
    specialties: readonly string[];
    areaNames: string[] | null;
    words: string[];
    limit: number;
    /** A repair's trades quote on the site; a booking's may be emailed and answer directly. */
    withAccountOnly: boolean;
  },
): Promise<TradeRow[]> {
  const search = options.words.length > 0;
  const conditions: SQL[] = [
    options.withAccountOnly
      ? answerable(options.now, options.landlordId)
      : sql`${contractors.userId} is distinct from ${options.landlordId}`,
    directoryConditions({ now: options.now, words: options.words, topRated: false, emergency: false }),
  ];
  if (!search) {
    conditions.push(inArray(contractors.specialty, [...options.specialties]));
    if (options.areaNames)
      conditions.push(sql`${contractors.serviceAreas} && ${sql.param(options.areaNames)}::text[]`);
  }
  return db
    .select(tradeColumns(options.today))
    .from(contractors)
    .where(and(...conditions))
    .orderBy(asc(contractors.id))
    .limit(options.limit);
}

/** The trades named, as they stand now (live or not), with their owner's account state. */
export function findTradesByIds(db: Executor, ids: string[], today: string) {
  return db
    .select({
      ...tradeColumns(today),
      status: contractors.status,
      liveUntil: contractors.liveUntil,
      ownerDeletedAt: users.deletedAt,
      ownerEmail: users.email,
    })
    .from(contractors)
    .leftJoin(users, eq(users.id, contractors.userId))
    .where(inArray(contractors.id, ids));
}

/** The repair's invitations (oldest first) with each trade and its quote. */
export function findInvitations(db: Executor, repairId: string, today: string) {
  return db
    .select({ lead: leads, trade: tradeColumns(today), quote: repairQuotes })
    .from(leads)
    .innerJoin(contractors, eq(contractors.id, leads.contractorId))
    .leftJoin(repairQuotes, eq(repairQuotes.leadId, leads.id))
    .where(eq(leads.repairId, repairId))
    .orderBy(asc(leads.createdAt), asc(leads.id));
}
export type InvitationRow = Awaited<ReturnType<typeof findInvitations>>[number];

export async function insertRepairLeads(tx: Tx, rows: Array<typeof leads.$inferInsert>) {
  return tx.insert(leads).values(rows).returning();
}

export async function insertRepairQuote(tx: Tx, values: typeof repairQuotes.$inferInsert) {
  const [row] = await tx.insert(repairQuotes).values(values).returning();
  return row;
}

export async function findQuote(db: Executor, repairId: string, quoteId: string) {
  const [row] = await db
    .select()
    .from(repairQuotes)
    .where(and(eq(repairQuotes.id, quoteId), eq(repairQuotes.repairId, repairId)))
    .limit(1);
  return row;
}

/** Whether the lead has a quote already. */
export async function hasQuote(db: Executor, leadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: repairQuotes.id })
    .from(repairQuotes)
    .where(eq(repairQuotes.leadId, leadId))
    .limit(1);
  return !!row;
}

export async function setLeadStatus(
  tx: Tx,
  leadIds: string[],
  status: RepairLeadRow['status'],
  now: Date,
): Promise<void> {
  if (leadIds.length > 0)
    await tx.update(leads).set({ status, updatedAt: now }).where(inArray(leads.id, leadIds));
}

/** The chosen quote accepted and every other open one of the repair declined. */
export async function decideQuotes(tx: Tx, repairId: string, acceptedId: string, now: Date): Promise<void> {
  await tx
    .update(repairQuotes)
    .set({ status: 'accepted', decidedAt: now, updatedAt: now })
    .where(eq(repairQuotes.id, acceptedId));
  await tx
    .update(repairQuotes)
    .set({ status: 'declined', decidedAt: now, updatedAt: now })
    .where(
      and(
        eq(repairQuotes.repairId, repairId),
        ne(repairQuotes.id, acceptedId),
        eq(repairQuotes.status, 'open'),
        isNull(repairQuotes.decidedAt),
      ),
    );
}

/** A trade account's email (a trade with no email of its own is written to there). */
export { findOwnerEmail } from '../contractors/queries';
