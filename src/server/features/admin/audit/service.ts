// Reading the audit log: newest first, optionally one kind of action ("admin.login" matches both outcomes).
import { count, desc, type SQL, sql } from 'drizzle-orm';
import type { TAuditLogPage } from '../../../../domain/admin';
import type { AppContext } from '../../../context';
import { auditLog } from '../../../db/schema';

function startsWith(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listAuditEntries(
  ctx: AppContext,
  query: { action?: string; page: number; limit: number },
): Promise<TAuditLogPage> {
  const where: SQL | undefined = query.action
    ? sql`${auditLog.action} like ${startsWith(query.action)}`
    : undefined;
  const [{ total }] = await ctx.db.select({ total: count() }).from(auditLog).where(where);
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    entries: rows.map((row) => ({
      id: Number(row.id),
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
    })),
    total: Number(total),
    page: query.page,
    limit: query.limit,
  };
}
