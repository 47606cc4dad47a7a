// SQL for a repair's one conversation (issue 32 item 3; decision 0072): the tenants, the landlord and the accepted
// trade write in it, and every step of the repair is a system line. Each party's read mark and last email time.
import { and, asc, desc, eq, gt, gte, inArray, ne, or, sql } from 'drizzle-orm';
import { REPAIR_STEP_LABELS, type TRepairStepKind } from '../../../domain/repairs';
import type { Executor } from '../../db/client';
import { repairMessages, repairQuotes, repairReads, repairs, users } from '../../db/schema';
import { acceptedTradeIs } from './visit-queries';

export type RepairMessageRow = typeof repairMessages.$inferSelect;

/** Steps whose note is said in the conversation too; a quote's (its amount is the landlord's business) is not. */
const NOTE_SAID: ReadonlySet<string> = new Set<TRepairStepKind>([
  'resolved',
  'visit_proposed',
  'visit_agreed',
  'work_done',
  'reopened',
]);

/** A step's line in the conversation: "Visit agreed: Tue 1 Dec, 10:00". */
export function stepLine(kind: string, note: string | null | undefined): string {
  const label = REPAIR_STEP_LABELS[kind as TRepairStepKind] ?? kind;
  return note && NOTE_SAID.has(kind) ? `${label}: ${note}` : label;
}

/** Every step on a repair's timeline is also a line in its conversation (called with each step's insert). */
export async function postStepLine(
  tx: Executor,
  step: { repairId: string; kind: string; note?: string | null; createdAt?: Date },
) {
  await tx.insert(repairMessages).values({
    repairId: step.repairId,
    senderId: null,
    kind: 'system',
    body: stepLine(step.kind, step.note),
    ...(step.createdAt ? { createdAt: step.createdAt } : {}),
  });
}

export async function insertRepairMessage(
  tx: Executor,
  values: { repairId: string; senderId: string; body: string; createdAt: Date },
): Promise<RepairMessageRow> {
  const [row] = await tx
    .insert(repairMessages)
    .values({ ...values, kind: 'text' })
    .returning();
  return row;
}

/** The most messages one answer carries: the newest this many, oldest first. */
export const THREAD_LIMIT = 500;

/** A repair's messages from `since` on (null: all), oldest first, with each sender's name. */
export async function findRepairMessages(db: Executor, repairId: string, since: Date | null) {
  const rows = await db
    .select({ message: repairMessages, firstName: users.firstName, lastName: users.lastName })
    .from(repairMessages)
    .leftJoin(users, eq(users.id, repairMessages.senderId))
    .where(
      and(eq(repairMessages.repairId, repairId), since ? gte(repairMessages.createdAt, since) : undefined),
    )
    .orderBy(desc(repairMessages.seq))
    .limit(THREAD_LIMIT);
  return rows.reverse();
}

/** The reader has seen everything up to `at`. */
export async function markRepairRead(db: Executor, repairId: string, userId: string, at: Date) {
  await db
    .insert(repairReads)
    .values({ repairId, userId, readAt: at })
    .onConflictDoUpdate({ target: [repairReads.repairId, repairReads.userId], set: { readAt: at } });
}

/**
 * Claims the right to email a party about new messages: at most once per window per repair and person, even when
 * two messages arrive at once (the upsert's condition is the lock).
 */
export async function claimMessageEmail(
  db: Executor,
  repairId: string,
  userId: string,
  now: Date,
  windowMs: number,
): Promise<boolean> {
  const since = new Date(now.getTime() - windowMs);
  const rows = await db
    .insert(repairReads)
    .values({ repairId, userId, emailedAt: now })
    .onConflictDoUpdate({
      target: [repairReads.repairId, repairReads.userId],
      set: { emailedAt: now },
      setWhere: sql`${repairReads.emailedAt} is null or ${repairReads.emailedAt} <= ${since}`,
    })
    .returning({ userId: repairReads.userId });
  return rows.length > 0;
}

/**
 * Others' messages the person has not read, per repair: after their read mark and, for the accepted trade, from
 * its acceptance on (what was said before is not theirs to read).
 */
export async function unreadCounts(
  db: Executor,
  userId: string,
  repairIds: string[],
): Promise<Map<string, number>> {
  if (repairIds.length === 0) return new Map();
  const isTrade = acceptedTradeIs(userId);
  const rows = await db
    .select({ repairId: repairMessages.repairId, n: sql<number>`count(*)::int` })
    .from(repairMessages)
    .innerJoin(repairs, eq(repairs.id, repairMessages.repairId))
    .leftJoin(
      repairReads,
      and(eq(repairReads.repairId, repairMessages.repairId), eq(repairReads.userId, userId)),
    )
    .leftJoin(repairQuotes, eq(repairQuotes.id, repairs.acceptedQuoteId))
    .where(
      and(
        inArray(repairMessages.repairId, repairIds),
        eq(repairMessages.kind, 'text'),
        or(sql`${repairMessages.senderId} is null`, ne(repairMessages.senderId, userId)),
        or(sql`${repairReads.readAt} is null`, gt(repairMessages.createdAt, repairReads.readAt)),
        or(
          sql`not ${isTrade}`,
          sql`${repairMessages.createdAt} >= coalesce(${repairQuotes.decidedAt}, ${repairQuotes.createdAt})`,
        ),
      ),
    )
    .groupBy(repairMessages.repairId)
    .orderBy(asc(repairMessages.repairId));
  return new Map(rows.map((r) => [r.repairId, Number(r.n)]));
}

/** "Download my data": what the person wrote in repairs' conversations, and their read marks. */
export async function findThreadDataOf(db: Executor, userId: string) {
  const messages = await db
    .select({
      repairId: repairMessages.repairId,
      body: repairMessages.body,
      createdAt: repairMessages.createdAt,
    })
    .from(repairMessages)
    .where(eq(repairMessages.senderId, userId))
    .orderBy(asc(repairMessages.seq));
  const reads = await db.select().from(repairReads).where(eq(repairReads.userId, userId));
  return { messages, reads };
}
