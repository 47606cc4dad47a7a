// SQL for the email outbox: every message is stored before it is sent, then marked sent or failed.
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
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
  db: Db,
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
