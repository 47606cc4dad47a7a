// The admin audit log: who did what to which record, when, from where, with before/after where it matters.
import type { Db, Tx } from './client';
import { auditLog } from './schema';

export interface AuditEntry {
  /** Who did it, as the entry keeps it: an account, or only the address a failed sign-in tried. */
  actor: { id: string | null; email: string | null } | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  /** The app's clock (ctx.now()), so entries sort with the rest of the data in tests that move time. */
  at?: Date;
}

/** Written in the caller's transaction when there is one: the entry commits or rolls back with the change. */
export async function audit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}
