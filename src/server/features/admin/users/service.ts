// Super admin user management (doc 2 §6 "view all users, delete a user, bulk delete users"). Deleting reuses the
// account deletion of the accounts feature (one erasure for everyone); yourself and super admins are never deleted.

import type { TAdminUser, TAllUsersPage, TBulkDeleteReply } from '../../../../domain/admin';
import type { USER_TYPES } from '../../../../domain/constants';
import { AppError } from '../../../../domain/errors';
import { type Actor, isSuperAdmin } from '../../../../domain/identity';
import { isUuid } from '../../../../domain/ids';
import { isPremium } from '../../../../domain/premium';
import type { AppContext } from '../../../context';
import { audit } from '../../../db/audit';
import type { users } from '../../../db/schema';
import type { SessionUser } from '../../../plugins/sessions';
import { afterErasure, type ErasedAccount, eraseAccount } from '../../accounts/service';
import { cancelSubscriptionsForAccountDeletion } from '../../payments/service';
import { countUsers, findUsers, findUsersByIds, lockUsers } from './queries';

type UserRow = typeof users.$inferSelect;
export const USER_NOT_FOUND = 'User not found';

export function presentUser(row: UserRow, now: Date): TAdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    userType: row.userType,
    role: row.role,
    isPremium: isPremium(row, now),
    premiumUntil: row.premiumUntil ? row.premiumUntil.toISOString() : null,
    isDemo: row.isDemo,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a deleted account: no password hash, no payment ids. */
export function userSnapshot(row: UserRow) {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    userType: row.userType,
    role: row.role,
    isPremium: row.isPremium,
    premiumUntil: row.premiumUntil ? row.premiumUntil.toISOString() : null,
    subscriptionPlan: row.subscriptionPlan,
    subscriptionStatus: row.subscriptionStatus,
    isDemo: row.isDemo,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listUsers(
  ctx: AppContext,
  query: {
    q?: string;
    userType?: (typeof USER_TYPES)[number];
    premium?: 'true' | 'false';
    page: number;
    limit: number;
  },
): Promise<TAllUsersPage> {
  const now = ctx.now();
  const filter = { q: query.q, userType: query.userType, premium: query.premium };
  const [total, rows] = await Promise.all([
    countUsers(ctx.db, filter, now),
    findUsers(ctx.db, filter, now, query.limit, (query.page - 1) * query.limit),
  ]);
  return {
    users: rows.map((r) => presentUser(r, now)),
    total,
    page: query.page,
    limit: query.limit,
  };
}

function refusal(actor: Actor<SessionUser>, target: UserRow): string | null {
  if (target.id === actor.user.id) return 'You cannot delete your own account here.';
  if (isSuperAdmin(target)) return 'A super admin account cannot be deleted.';
  return null;
}

/**
 * Deletes the accounts in one transaction, each with its audit entry. Paid subscriptions end first (no card is
 * charged for an account that is gone); the called-off viewings are emailed and files go after the commit.
 */
async function eraseUsers(ctx: AppContext, actor: Actor<SessionUser>, targets: UserRow[]): Promise<string[]> {
  for (const target of targets) await cancelSubscriptionsForAccountDeletion(ctx, target.id);
  const { deletedIds, erased } = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const deletedIds: string[] = [];
    const erased: ErasedAccount = { mediaRefs: [], calledOff: [], applications: [] };
    const locked = await lockUsers(
      tx,
      targets.map((t) => t.id),
    );
    for (const user of locked) {
      // Checked again under the lock: a role may have changed since the list was read.
      if (refusal(actor, user)) continue;
      const one = await eraseAccount(tx, ctx, user);
      erased.mediaRefs.push(...one.mediaRefs);
      erased.calledOff.push(...one.calledOff);
      erased.applications.push(...one.applications);
      await audit(tx, {
        actor: { id: actor.user.id, email: actor.user.email },
        action: 'user.delete',
        targetType: 'user',
        targetId: user.id,
        before: userSnapshot(user),
        ip: actor.ip,
        at: now,
      });
      deletedIds.push(user.id);
    }
    return { deletedIds, erased };
  });
  await afterErasure(ctx, erased);
  return deletedIds;
}

/** DELETE /api/admin/delete-user/{id}. */
export async function deleteUser(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
): Promise<{ success: true; message: string }> {
  const target = isUuid(id) ? (await findUsersByIds(ctx.db, [id]))[0] : undefined;
  if (!target) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  const refused = refusal(actor, target);
  if (refused) throw new AppError('FORBIDDEN', refused);
  const deleted = await eraseUsers(ctx, actor, [target]);
  if (deleted.length === 0) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return { success: true, message: `Deleted ${target.email}.` };
}

/** POST /api/admin/bulk-delete-users: the typed DELETE was checked by the request schema. */
export async function bulkDeleteUsers(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  userIds: string[],
): Promise<TBulkDeleteReply> {
  const ids = [...new Set(userIds.map((id) => id.toLowerCase()))];
  const found = await findUsersByIds(ctx.db, ids);
  const skipped: TBulkDeleteReply['skipped'] = [];
  const targets: UserRow[] = [];
  for (const id of ids) {
    const user = found.find((u) => u.id === id);
    const refused = user ? refusal(actor, user) : 'Not found';
    if (refused || !user) skipped.push({ id, reason: refused ?? 'Not found' });
    else targets.push(user);
  }
  const deletedIds = targets.length ? await eraseUsers(ctx, actor, targets) : [];
  for (const target of targets)
    if (!deletedIds.includes(target.id)) skipped.push({ id: target.id, reason: 'Not deleted' });
  const n = deletedIds.length;
  return {
    success: true,
    deleted: n,
    deletedIds,
    skipped,
    message: `Deleted ${n} user${n === 1 ? '' : 's'}${skipped.length ? `; skipped ${skipped.length}` : ''}.`,
  };
}
