// SQL for the audit log's admin view.
import { count, desc, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { prefixPattern } from '../../../db/like';
import { auditLog } from '../../../db/schema';

/** "admin.login" matches "admin.login.ok" and "admin.login.failed": a prefix, with LIKE's wildcards escaped. */
function actionPrefix(action: string | undefined): SQL | undefined {
  if (!action) return undefined;
  return sql`${auditLog.action} like ${prefixPattern(action)}`;
}

export async function countAuditEntries(db: Db, action: string | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(auditLog).where(actionPrefix(action));
  return Number(row?.total ?? 0);
}

export async function findAuditEntries(db: Db, action: string | undefined, limit: number, offset: number) {
  return db
    .select()
    .from(auditLog)
    .where(actionPrefix(action))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}
