// SQL for a repair's way from an accepted quote to a confirmed fix (issue 32 item 3, second half; decision 0072):
// the accepted trade, its lead, the invitations a landlord's own fix closes, and the auto-confirmation's claims.
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { contractors, leads, repairEvents, repairQuotes, repairs, users } from '../../db/schema';
import type { PartyRow } from './queries';

/** SQL: the person runs the trade whose quote on the repair was accepted. */
export const acceptedTradeIs = (userId: string) =>
  sql`exists (select 1 from ${contractors} c where c.id = ${repairs.contractorId} and c.user_id = ${userId})`;

/** A trade on a repair: its profile and the person who runs it (null for a profile without an account). */
export interface TradeRow {
  contractorId: string;
  businessName: string;
  userId: string | null;
  person: PartyRow | null;
}

const tradeColumns = {
  contractorId: contractors.id,
  businessName: contractors.businessName,
  userId: contractors.userId,
  // A left join: drizzle gives null for the whole person when the profile has no account.
  person: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phone: users.phone,
    deletedAt: users.deletedAt,
  },
};

/** The trade a repair's accepted quote belongs to. */
export async function findTrade(db: Executor, contractorId: string): Promise<TradeRow | undefined> {
  const [row] = await db
    .select(tradeColumns)
    .from(contractors)
    .leftJoin(users, eq(users.id, contractors.userId))
    .where(eq(contractors.id, contractorId))
    .limit(1);
  return row;
}

/** The account behind a trade profile: whether this person is the trade. */
export async function tradeUserIdOf(db: Executor, contractorId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: contractors.userId })
    .from(contractors)
    .where(eq(contractors.id, contractorId))
    .limit(1);
  return row?.userId ?? null;
}

/** When the trade joined the repair: its quote's acceptance (the thread shows it what was said from then on). */
export async function acceptedAtOf(db: Executor, quoteId: string | null): Promise<Date | null> {
  if (!quoteId) return null;
  const [row] = await db
    .select({ decidedAt: repairQuotes.decidedAt, createdAt: repairQuotes.createdAt })
    .from(repairQuotes)
    .where(eq(repairQuotes.id, quoteId))
    .limit(1);
  return row ? (row.decidedAt ?? row.createdAt) : null;
}

/** Whether a visit was ever agreed on the repair: the trade has been let in, and sees who lives there. */
export async function hasAgreedVisit(db: Executor, repairId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: repairEvents.id })
    .from(repairEvents)
    .where(and(eq(repairEvents.repairId, repairId), eq(repairEvents.kind, 'visit_agreed')))
    .limit(1);
  return !!row;
}

/** The trade's lead for the repair: its job is done (a time) or, reopened, not yet (null). */
export async function setLeadCompleted(tx: Tx, repairId: string, contractorId: string, at: Date | null) {
  await tx
    .update(leads)
    .set({ completedAt: at, updatedAt: at ?? sql`now()` })
    .where(and(eq(leads.repairId, repairId), eq(leads.contractorId, contractorId)));
}

/**
 * The landlord fixed the repair without a trade's finished work: every open quote is declined and every invitation
 * still open is closed. Returns the trades told (those whose quote or invitation was still open).
 */
export async function closeOpenInvitations(tx: Tx, repairId: string, now: Date): Promise<TradeRow[]> {
  await tx
    .update(repairQuotes)
    .set({ status: 'declined', decidedAt: now, updatedAt: now })
    .where(and(eq(repairQuotes.repairId, repairId), eq(repairQuotes.status, 'open')));
  const closed = await tx
    .update(leads)
    .set({ status: 'closed', updatedAt: now })
    .where(and(eq(leads.repairId, repairId), inArray(leads.status, ['active', 'pending'])))
    .returning({ contractorId: leads.contractorId });
  if (closed.length === 0) return [];
  const rows = await tx
    .select(tradeColumns)
    .from(contractors)
    .leftJoin(users, eq(users.id, contractors.userId))
    .where(
      inArray(
        contractors.id,
        closed.map((c) => c.contractorId),
      ),
    );
  return rows;
}

/**
 * Claims up to `limit` repairs whose work was done and whose tenant did not answer by `confirm_by`: the claim is the
 * update (status resolved), in one statement with SKIP LOCKED, so two instances never both resolve one.
 */
export async function claimUnanswered(tx: Tx, now: Date, limit: number): Promise<string[]> {
  const due = tx
    .select({ id: repairs.id })
    .from(repairs)
    .where(and(eq(repairs.status, 'work_done'), lte(repairs.confirmBy, now), isNull(repairs.confirmedAt)))
    .orderBy(asc(repairs.confirmBy))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await tx
    .update(repairs)
    .set({ status: 'resolved', confirmedAt: now, resolvedAt: now, updatedAt: now })
    .where(inArray(repairs.id, due))
    .returning({ id: repairs.id });
  return rows.map((r) => r.id);
}
