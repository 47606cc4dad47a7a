// Admin sign-in (doc 2 "Admin area", §6 "Admin: separate login"): only admin and super_admin accounts, every
// attempt in the audit log, one answer for every failure so the form does not reveal which addresses exist.
import { ADMIN_MESSAGES, type TAdminAuth } from '../../../../domain/admin';
import { AppError } from '../../../../domain/errors';
import { isAdmin, type StaffRole } from '../../../../domain/identity';
import type { AppContext } from '../../../context';
import { audit } from '../../../db/audit';
import { dummyPasswordHash, verifyPassword } from '../../../lib/passwords';
import type { SessionUser } from '../../../plugins/sessions';
import { findUserByEmail, markSignedIn } from './queries';

export const LOGIN_SUCCESS = 'admin.login.success';
export const LOGIN_FAILURE = 'admin.login.failure';

/** A failed attempt, with the address tried and why (never the password). */
export async function recordLoginFailure(ctx: AppContext, username: unknown, ip: string, reason: string) {
  const tried = typeof username === 'string' ? username.trim().toLowerCase().slice(0, 254) : null;
  await audit(ctx.db, {
    actor: { id: null, email: tried },
    action: LOGIN_FAILURE,
    targetType: 'admin_session',
    after: { reason },
    ip,
    at: ctx.now(),
  });
}

/**
 * Unknown address, a customer's account, a passwordless account and a wrong password all cost one argon2
 * verify and give the same 401.
 */
export async function authenticateAdmin(
  ctx: AppContext,
  input: { username: string; password: string },
  ip: string,
): Promise<SessionUser> {
  const user = await findUserByEmail(ctx.db, input.username);
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user?.passwordHash || !matches || !isAdmin(user)) {
    const reason = !user
      ? 'unknown_account'
      : !matches || !user.passwordHash
        ? 'wrong_password'
        : 'not_staff';
    await recordLoginFailure(ctx, input.username, ip, reason);
    throw new AppError('INVALID_CREDENTIALS', ADMIN_MESSAGES.loginFailed);
  }
  const now = ctx.now();
  const signedIn = await markSignedIn(ctx.db, user.id, now);
  await recordLoginSuccess(ctx, user, ip, 'admin sign-in');
  return signedIn;
}

/** A staff sign-in, through the admin sign-in or the site's (POST /api/login): the same entry either way. */
export async function recordLoginSuccess(
  ctx: AppContext,
  user: SessionUser & { role: StaffRole },
  ip: string,
  via: 'admin sign-in' | 'site sign-in',
) {
  await audit(ctx.db, {
    actor: { id: user.id, email: user.email },
    action: LOGIN_SUCCESS,
    targetType: 'admin_session',
    targetId: user.id,
    after: { role: user.role, via },
    ip,
    at: ctx.now(),
  });
}

/** GET /api/admin/auth: who is signed in, and for staff the configuration warnings (config.ts). */
export function adminAuthOf(user: SessionUser | null, warnings: string[] = []): TAdminAuth {
  if (!isAdmin(user)) return { isAuthenticated: false, role: null, email: null };
  return { isAuthenticated: true, role: user.role, email: user.email, warnings };
}

export async function recordLogout(ctx: AppContext, user: SessionUser, ip: string) {
  await audit(ctx.db, {
    actor: { id: user.id, email: user.email },
    action: 'admin.logout',
    targetType: 'admin_session',
    targetId: user.id,
    ip,
    at: ctx.now(),
  });
}
