// Contact submissions (doc 2 /admin/contacts, §4): a searchable list; status unread/read/replied and notes, set freely.

import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type {
  TAdminContactSubmission,
  TContactSubmissionsPage,
  TContactUpdateRequest,
} from '../../../../domain/admin';
import type { CONTACT_STATUSES } from '../../../../domain/constants';
import { AppError } from '../../../../domain/errors';
import { isUuid } from '../../../../domain/ids';
import type { AppContext } from '../../../context';
import { contactSubmissions } from '../../../db/schema';
import { audit } from '../../../lib/audit';
import type { AdminActor } from '../http';

type ContactRow = typeof contactSubmissions.$inferSelect;
const NOT_FOUND = 'Contact submission not found';

/** The text as an ILIKE pattern that matches it literally anywhere: %, _ and \ lose their meaning. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function present(row: ContactRow): TAdminContactSubmission {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status,
    adminNotes: row.adminNotes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listContactSubmissions(
  ctx: AppContext,
  query: { status?: (typeof CONTACT_STATUSES)[number]; q?: string; page: number; limit: number },
): Promise<TContactSubmissionsPage> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(contactSubmissions.status, query.status));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        sql`${contactSubmissions.name} ilike ${pattern}`,
        sql`${contactSubmissions.email} ilike ${pattern}`,
        sql`${contactSubmissions.subject} ilike ${pattern}`,
        sql`${contactSubmissions.message} ilike ${pattern}`,
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total }] = await ctx.db.select({ total: count() }).from(contactSubmissions).where(where);
  const rows = await ctx.db
    .select()
    .from(contactSubmissions)
    .where(where)
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { submissions: rows.map(present), total: Number(total), page: query.page, limit: query.limit };
}

export async function updateContactSubmission(
  ctx: AppContext,
  actor: AdminActor,
  id: string,
  input: TContactUpdateRequest,
): Promise<TAdminContactSubmission> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', NOT_FOUND);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
    const now = ctx.now();
    const changes: Partial<ContactRow> = { updatedAt: now };
    if (input.status !== undefined) changes.status = input.status;
    if (input.adminNotes !== undefined) changes.adminNotes = input.adminNotes || null;
    const [after] = await tx
      .update(contactSubmissions)
      .set(changes)
      .where(eq(contactSubmissions.id, id))
      .returning();
    await audit(tx, {
      actor: { id: actor.user.id, email: actor.user.email },
      action: 'contact.update',
      targetType: 'contact_submission',
      targetId: id,
      before: { status: before.status, adminNotes: before.adminNotes },
      after: { status: after.status, adminNotes: after.adminNotes },
      ip: actor.ip,
      at: now,
    });
    return present(after);
  });
}
