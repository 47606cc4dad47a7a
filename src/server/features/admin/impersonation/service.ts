// Demo access (doc 2 §4 "Demo impersonation"): the super admin's browser is signed in as a DEMO account of the
// chosen type, made for this purpose, never a customer's account; the session remembers the admin (impersonatorId)
// so End Demo Session can hand the browser back. What a demo account may not do (delete the account, change the
// password) the accounts feature refuses while impersonating.
import { DEMO_DASHBOARDS } from '../../../../domain/admin';
import type { UserType } from '../../../../domain/constants';
import { AppError } from '../../../../domain/errors';
import type { Actor } from '../../../../domain/identity';
import { isAdmin } from '../../../../domain/identity';
import type { AppContext } from '../../../context';
import { audit } from '../../../db/audit';
import { isUniqueViolation } from '../../../db/locks';
import type { users } from '../../../db/schema';
import type { SessionUser } from '../../../plugins/sessions';
import { findUserByEmail, findUserById, insertDemoUser, markPremium } from './queries';

type UserRow = typeof users.$inferSelect;

export function demoEmailFor(userType: UserType): string {
  return `demo-${userType}@demo.yourplace.test`;
}

const DEMO_NAMES: Record<UserType, { firstName: string; lastName: string }> = {
  landlord: { firstName: 'Demo', lastName: 'Landlord' },
  tenant: { firstName: 'Demo', lastName: 'Tenant' },
  contractor: { firstName: 'Demo', lastName: 'Contractor' },
};

/** The demo account of a type, created on first use, always premium ("with premium access"). */
export async function demoAccountFor(ctx: AppContext, userType: UserType): Promise<UserRow> {
  const email = demoEmailFor(userType);
  let user = await findUserByEmail(ctx.db, email);
  if (!user) {
    try {
      user = await insertDemoUser(ctx.db, {
        email,
        passwordHash: null,
        ...DEMO_NAMES[userType],
        userType,
        isPremium: true,
        isDemo: true,
      });
    } catch (err) {
      // Two first uses at once: the other request made it.
      if (!isUniqueViolation(err)) throw err;
      user = await findUserByEmail(ctx.db, email);
      if (!user) throw err;
    }
  }
  // Someone registered the address for real, or it was made staff: never sign an admin in as that account.
  if (!user.isDemo || isAdmin(user) || user.userType !== userType)
    throw new AppError('CONFLICT', 'The demo account for this type is not available.');
  if (!user.isPremium) {
    user = await markPremium(ctx.db, user.id);
  }
  return user;
}

/** POST /api/admin/impersonate: the caller starts the session with this account and the admin as impersonator. */
export async function startImpersonation(ctx: AppContext, actor: Actor<SessionUser>, userType: UserType) {
  const demo = await demoAccountFor(ctx, userType);
  await audit(ctx.db, {
    actor: { id: actor.user.id, email: actor.user.email },
    action: 'impersonation.start',
    targetType: 'user',
    targetId: demo.id,
    after: { userType, demoEmail: demo.email },
    ip: actor.ip,
    at: ctx.now(),
  });
  return { demo, redirectTo: DEMO_DASHBOARDS[userType] };
}

/**
 * POST /api/admin/stop-impersonation: only in an impersonation session. Returns the admin to sign back in as, or
 * null when the impersonator is no longer staff (the caller then just ends the demo session).
 */
export async function stopImpersonation(
  ctx: AppContext,
  session: Actor<SessionUser>,
): Promise<UserRow | null> {
  if (!session.impersonatorId) {
    if (isAdmin(session.user)) throw new AppError('CONFLICT', 'There is no demo session to end.');
    throw new AppError('FORBIDDEN', 'There is no demo session to end.');
  }
  const impersonator = await findUserById(ctx.db, session.impersonatorId);
  await audit(ctx.db, {
    actor: { id: session.impersonatorId, email: impersonator?.email ?? null },
    action: 'impersonation.stop',
    targetType: 'user',
    targetId: session.user.id,
    ip: session.ip,
    at: ctx.now(),
  });
  return impersonator && isAdmin(impersonator) ? impersonator : null;
}
