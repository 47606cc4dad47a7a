// Reading the audit log: newest first, optionally one kind of action ("admin.login" matches both outcomes).
import type { TAuditLogPage } from '../../../../domain/admin';
import type { AppContext } from '../../../context';
import { countAuditEntries, findAuditEntries } from './queries';

export async function listAuditEntries(
  ctx: AppContext,
  query: { action?: string; page: number; limit: number },
): Promise<TAuditLogPage> {
  const [total, rows] = await Promise.all([
    countAuditEntries(ctx.db, query.action),
    findAuditEntries(ctx.db, query.action, query.limit, (query.page - 1) * query.limit),
  ]);
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
    total,
    page: query.page,
    limit: query.limit,
  };
}
