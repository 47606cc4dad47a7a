// Grant trials and grant or revoke premium (doc 2 §6, §5: 1 to 365 days, default 30). A grant extends from the
// later of now and the current grant, so granting twice adds up; a revoke clears the admin grant and flag only.
import { ADMIN_MESSAGES, PREMIUM_DAYS, type TPremiumReply } from '../../../../domain/admin';
import { AppError } from '../../../../domain/errors';
import type { Actor } from '../../../../domain/identity';
import { isPremium } from '../../../../domain/premium';
import type { AppContext } from '../../../context';
import { audit } from '../../../db/audit';
import type { Tx } from '../../../db/client';
import type { SessionUser } from '../../../plugins/sessions';
import { lockUserByEmail, type UserRow, updateUserPremium } from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;

async function lockUser(tx: Tx, email: string): Promise<UserRow> {
  const user = await lockUserByEmail(tx, email);
  if (!user) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.noUser);
  return user;
}

function premiumFacts(row: UserRow) {
  return {
    isPremium: row.isPremium,
    premiumUntil: row.premiumUntil ? row.premiumUntil.toISOString() : null,
  };
}

function reply(row: UserRow, now: Date, message: string): TPremiumReply {
  return {
    success: true,
    message,
    user: {
      id: row.id,
      email: row.email,
      isPremium: isPremium(row, now),
      premiumUntil: row.premiumUntil ? row.premiumUntil.toISOString() : null,
    },
  };
}

const londonDate = (d: Date) =>
  d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

async function extendPremium(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  email: string,
  days: number,
  action: string,
): Promise<TPremiumReply> {
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, email);
    const now = ctx.now();
    const from = user.premiumUntil && user.premiumUntil > now ? user.premiumUntil : now;
    const premiumUntil = new Date(from.getTime() + days * DAY_MS);
    const updated = await updateUserPremium(tx, user.id, { premiumUntil, updatedAt: now });
    await audit(tx, {
      actor: { id: actor.user.id, email: actor.user.email },
      action,
      targetType: 'user',
      targetId: user.id,
      before: premiumFacts(user),
      after: { ...premiumFacts(updated), days },
      ip: actor.ip,
      at: now,
    });
    return reply(updated, now, `${updated.email} has premium access until ${londonDate(premiumUntil)}.`);
  });
}

/** POST /api/admin/grant-trial. */
export function grantTrial(ctx: AppContext, actor: Actor<SessionUser>, email: string, days: number) {
  return extendPremium(ctx, actor, email, days, 'premium.grant_trial');
}

/** POST /api/admin/modify-premium. */
export async function modifyPremium(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  input: { userEmail: string; isPremium: boolean; subscriptionDays?: number },
): Promise<TPremiumReply> {
  if (input.isPremium)
    return extendPremium(
      ctx,
      actor,
      input.userEmail,
      input.subscriptionDays ?? PREMIUM_DAYS.default,
      'premium.grant',
    );
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, input.userEmail);
    const now = ctx.now();
    const updated = await updateUserPremium(tx, user.id, {
      isPremium: false,
      premiumUntil: null,
      updatedAt: now,
    });
    await audit(tx, {
      actor: { id: actor.user.id, email: actor.user.email },
      action: 'premium.revoke',
      targetType: 'user',
      targetId: user.id,
      before: premiumFacts(user),
      after: premiumFacts(updated),
      ip: actor.ip,
      at: now,
    });
    // A paid subscription belongs to the customer and the payment provider: revoking the admin grant leaves it be.
    const message = isPremium(updated, now)
      ? `Admin-granted premium revoked for ${updated.email}. Their paid subscription is not affected and keeps them premium until it ends or is cancelled.`
      : `Premium access revoked for ${updated.email}.`;
    return reply(updated, now, message);
  });
}
