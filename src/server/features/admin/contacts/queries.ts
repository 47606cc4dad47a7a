// SQL for contact submissions in the admin area: the filtered list and the locked update.
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { CONTACT_STATUSES } from '../../../../domain/constants';
import type { Db, Tx } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { contactSubmissions } from '../../../db/schema';

export type ContactRow = typeof contactSubmissions.$inferSelect;

export interface ContactFilter {
  status?: (typeof CONTACT_STATUSES)[number];
  /** Words anywhere in the name, email, subject or message. */
  q?: string;
}

function whereOf(filter: ContactFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(contactSubmissions.status, filter.status));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(
      or(
        sql`${contactSubmissions.name} ilike ${pattern}`,
        sql`${contactSubmissions.email} ilike ${pattern}`,
        sql`${contactSubmissions.subject} ilike ${pattern}`,
        sql`${contactSubmissions.message} ilike ${pattern}`,
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function countContactSubmissions(db: Db, filter: ContactFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(contactSubmissions).where(whereOf(filter));
  return Number(row?.total ?? 0);
}

export async function findContactSubmissions(db: Db, filter: ContactFilter, limit: number, offset: number) {
  return db
    .select()
    .from(contactSubmissions)
    .where(whereOf(filter))
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(limit)
    .offset(offset);
}

export async function lockContactSubmission(tx: Tx, id: string): Promise<ContactRow | undefined> {
  const [row] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)).for('update');
  return row;
}

export async function updateContactSubmissionRow(
  tx: Tx,
  id: string,
  changes: Partial<ContactRow>,
): Promise<ContactRow> {
  const [row] = await tx
    .update(contactSubmissions)
    .set(changes)
    .where(eq(contactSubmissions.id, id))
    .returning();
  return row;
}
