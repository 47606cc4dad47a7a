// SQL for the email outbox: every message is stored before it is sent, then marked sent or failed.
import { and, asc, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { emailOutbox } from '../db/schema';

/** Messages of these kinds stored for this address in the last hour (counted in the outbox, so instances agree). */
export async function countRecentMail(db: Db, to: string, kinds: readonly string[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.toAddress, to),
        inArray(emailOutbox.kind, [...kinds]),
        gt(emailOutbox.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function insertOutboxMessage(
  db: Executor,
  values: typeof emailOutbox.$inferInsert,
): Promise<{ id: string }> {
  const [row] = await db.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
  return row;
}

export async function markOutboxMessage(
  db: Db,
  id: string,
  values: Pick<Partial<typeof emailOutbox.$inferInsert>, 'status' | 'sentAt' | 'error'>,
): Promise<void> {
  await db.update(emailOutbox).set(values).where(eq(emailOutbox.id, id));
}

/** Messages not (yet) sent, by status, among those stored in the last week (the outbox's created index). */
export async function countUnsentMail(db: Db): Promise<{ queued: number; failed: number }> {
  const rows = await db
    .select({ status: emailOutbox.status, n: count() })
    .from(emailOutbox)
    .where(
      and(sql`${emailOutbox.status} <> 'sent'`, gt(emailOutbox.createdAt, sql`now() - interval '7 days'`)),
    )
    .groupBy(emailOutbox.status);
  const counts = { queued: 0, failed: 0 };
  for (const row of rows) if (row.status !== 'sent') counts[row.status] = Number(row.n);
  return counts;
}

/**
 * Takes a queued message for delivery: one conditional update (queued → sent), so of two instances (or a run and the
 * sweep of a later one) only one ever hands it to the mail server. `sentAt` is set once delivered.
 */
export async function claimQueuedMessage(db: Db, id: string) {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'sent' })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued')))
    .returning();
  return row;
}

/**
 * Messages of these kinds stored as queued more than `minutes` ago (and within the week the outbox is watched):
 * written in a job's transaction by a process that stopped before delivering them.
 */
export async function findStaleQueuedMail(
  db: Db,
  kinds: readonly string[],
  minutes: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'queued'),
        inArray(emailOutbox.kind, [...kinds]),
        lt(emailOutbox.createdAt, sql`now() - make_interval(mins => ${minutes}::int)`),
        gt(emailOutbox.createdAt, sql`now() - interval '7 days'`),
      ),
    )
    .orderBy(asc(emailOutbox.createdAt));
  return rows.map((r) => r.id);
}
