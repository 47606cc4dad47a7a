// Subscriptions: start (one per user and plan, never two), billing, cancel at period end, resume, and the
// cancellation that account deletion needs. State changes go through the shared payment events.
import { PLANS } from '../../../domain/constants';
import { AppError } from '../../../domain/errors';
import {
  type BillingStatus,
  isPlan,
  type Plan,
  type TBilling,
  type TCreatePaymentResponse,
} from '../../../domain/payments';
import { safeReturnTo } from '../../../domain/return-to';
import { cancellationPeriodEnd, START_NOW_CONSENT_VERSION } from '../../../domain/subscription-terms';
import type { AppContext } from '../../context';
import { paymentsOf, providerNamed } from '../../payments';
import { cancelWithinCancellationPeriod, refundPreview } from '../../payments/cancellation';
import { onSubscriptionDeleted, onSubscriptionUpdated } from '../../payments/events';
import { sendPlanCancelled } from '../../payments/notices';
import {
  findLiveSubscriptions,
  findSubscriptionOfUser,
  findUserById,
  insertSubscription,
  listInvoices,
  listRefunds,
  lockUser,
  recordConsent,
  type SubscriptionRow,
  setCustomerId,
  setSubscriptionStatus,
  setUserCancelAtPeriodEnd,
  type UserRow,
} from './queries';

const PAID_STATUSES = new Set(['active', 'trialing', 'past_due']);
const PLAN_FOR = {
  tenant: 'tenant accounts',
  landlord: 'landlord accounts',
  contractor: 'contractor accounts',
};

function alreadySubscribed(plan: Plan): AppError {
  return new AppError(
    'CONFLICT',
    `You already have an active ${PLANS[plan].name} subscription. You can manage it in Settings → Billing.`,
  );
}

/**
 * POST /api/create-payment: an incomplete subscription and its client secret. A double submit, or a
 * second tab, gets the same pending subscription back (the user row is locked while this runs), and a
 * user who already pays for the plan gets 409.
 */
export async function startSubscription(
  ctx: AppContext,
  user: UserRow,
  plan: Plan,
  consent: { consentVersion?: string | undefined; returnTo?: string | undefined } = {},
): Promise<TCreatePaymentResponse> {
  // The schema refused anything else; checked again here so no caller can hand the provider another site.
  const returnUrl = `${ctx.config.publicUrl}${safeReturnTo(consent.returnTo) ?? '/dashboard'}`;
  if (consent.consentVersion !== undefined && consent.consentVersion !== START_NOW_CONSENT_VERSION) {
    const message = 'The wording you agreed to has changed. Please reload the page and read it again.';
    throw new AppError('VALIDATION_FAILED', message, { startNowConsent: [message] });
  }
  if (user.userType && user.userType !== plan) {
    const message = `${PLANS[plan].name} is for ${PLAN_FOR[plan]}. Your account is a ${user.userType} account.`;
    throw new AppError('VALIDATION_FAILED', message, { plan: [message] });
  }
  const { provider } = paymentsOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const locked = await lockUser(tx, user.id);
    if (!locked) throw new AppError('UNAUTHENTICATED');
    const now = ctx.now();
    for (const sub of await findLiveSubscriptions(tx, user.id, plan)) {
      if (PAID_STATUSES.has(sub.status)) {
        // The test provider has no renewals: once its paid period is over, the subscription has lapsed.
        if (sub.provider === 'test' && sub.currentPeriodEnd && sub.currentPeriodEnd <= now) {
          await setSubscriptionStatus(tx, sub.id, 'canceled', now);
          continue;
        }
        throw alreadySubscribed(plan);
      }
      if (sub.provider !== provider.name) continue;
      const state = await provider.paymentState(sub);
      // The pending subscription carries the latest request to start at once (the one this payment follows).
      if (state.clientSecret) await recordConsent(tx, sub.id, now, START_NOW_CONSENT_VERSION);
      if (state.clientSecret)
        return {
          clientSecret: state.clientSecret,
          provider: provider.name,
          subscriptionId: sub.providerSubscriptionId,
          returnUrl,
        };
      // Paid at the provider while its webhook is still on the way: never start a second one.
      if (PAID_STATUSES.has(state.status)) throw alreadySubscribed(plan);
      await setSubscriptionStatus(tx, sub.id, state.status, now);
    }
    const created = await provider.createSubscription(locked, plan);
    await insertSubscription(tx, {
      userId: user.id,
      plan,
      provider: provider.name,
      providerSubscriptionId: created.providerSubscriptionId,
      status: created.status,
      pricePence: PLANS[plan].pricePence,
      startNowConsentAt: now,
      consentVersion: START_NOW_CONSENT_VERSION,
      createdAt: now,
      updatedAt: now,
    });
    if (created.customerId && created.customerId !== locked.stripeCustomerId)
      await setCustomerId(tx, user.id, created.customerId);
    return {
      clientSecret: created.clientSecret,
      provider: provider.name,
      subscriptionId: created.providerSubscriptionId,
      returnUrl,
    };
  });
}

/** What billing shows for the user's current subscription (the one mirrored on the user row). */
function billingStatus(user: UserRow, now: Date): BillingStatus {
  const status = user.subscriptionStatus;
  if (!status || !user.subscriptionPlan) return 'none';
  const periodEnd = user.currentPeriodEnd;
  const periodLeft = !periodEnd || periodEnd > now;
  if (status === 'canceled') return periodLeft && periodEnd ? 'cancelling' : 'ended';
  if (status === 'past_due') return 'past_due';
  if (PAID_STATUSES.has(status)) {
    if (!periodLeft) return 'ended';
    return user.cancelAtPeriodEnd ? 'cancelling' : 'active';
  }
  return 'none';
}

export async function getBilling(ctx: AppContext, userId: string, premium: boolean): Promise<TBilling> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const now = ctx.now();
  const status = billingStatus(user, now);
  const plan = status === 'none' ? null : user.subscriptionPlan;
  const rows = await listInvoices(ctx.db, userId);
  const refundRows = await listRefunds(ctx.db, userId);
  const sub = status === 'active' || status === 'past_due' ? await currentSubscription(ctx, user) : null;
  const preview = sub ? refundPreview(sub, now) : null;
  return {
    provider: paymentsOf(ctx).provider.name,
    plan,
    planName: plan ? PLANS[plan].name : null,
    pricePence: plan ? PLANS[plan].pricePence : null,
    status,
    currentPeriodEnd: status === 'none' ? null : (user.currentPeriodEnd?.toISOString() ?? null),
    cancelAtPeriodEnd: status === 'cancelling',
    canResume: status === 'cancelling' && user.subscriptionStatus !== 'canceled',
    premium,
    premiumUntil: user.premiumUntil && user.premiumUntil > now ? user.premiumUntil.toISOString() : null,
    invoices: rows.map((row) => ({
      id: row.id,
      date: row.createdAt.toISOString(),
      amountPence: row.amountPence,
      currency: row.currency,
      status: row.status,
      periodStart: row.periodStart?.toISOString() ?? null,
      periodEnd: row.periodEnd?.toISOString() ?? null,
    })),
    cancellationPeriodEnds:
      preview && sub?.startedAt ? cancellationPeriodEnd(sub.startedAt).toISOString() : null,
    refundIfCancelledPence: preview ? preview.refundPence : null,
    refunds: refundRows.map((row) => ({
      id: row.id,
      date: row.createdAt.toISOString(),
      amountPence: row.amountPence,
      paidPence: row.paidPence,
      daysUsed: row.daysUsed,
      currency: row.currency,
      status: row.status,
    })),
  };
}

/** The user's current subscription: its row, or null when only the user's columns know it (seeded data). */
async function currentSubscription(ctx: AppContext, user: UserRow): Promise<SubscriptionRow | null> {
  if (!user.stripeSubscriptionId) return null;
  return (await findSubscriptionOfUser(ctx.db, user.id, user.stripeSubscriptionId)) ?? null;
}

function providerOf(ctx: AppContext, sub: SubscriptionRow) {
  const provider = providerNamed(ctx, sub.provider);
  if (!provider)
    throw new AppError('UNAVAILABLE', 'Billing is temporarily unavailable. Please try again later.');
  return provider;
}

/**
 * POST /api/billing/cancel. Within 14 days of the start: the plan ends now with a pro-rata refund (CCR 2013
 * regs. 34, 36). After that: no more renewals; access lasts to the end of the paid period. Either way an email
 * confirms it.
 */
export async function cancelSubscription(
  ctx: AppContext,
  userId: string,
  premium: boolean,
): Promise<TBilling> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const status = billingStatus(user, ctx.now());
  if (status === 'cancelling') return getBilling(ctx, userId, premium);
  if (status !== 'active' && status !== 'past_due')
    throw new AppError('CONFLICT', 'You have no active subscription to cancel.');
  const sub = await currentSubscription(ctx, user);
  if (!sub) {
    await setUserCancelAtPeriodEnd(ctx.db, user.id, true, ctx.now());
  } else {
    const provider = providerOf(ctx, sub);
    const refunded = await cancelWithinCancellationPeriod(ctx, provider, sub.id);
    if (refunded) return getBilling(ctx, userId, false);
    const snapshot = await provider.cancelAtPeriodEnd(sub);
    await onSubscriptionUpdated(ctx, {
      provider: sub.provider as 'stripe' | 'test',
      providerSubscriptionId: sub.providerSubscriptionId,
      ...snapshot,
    });
  }
  const billing = await getBilling(ctx, userId, premium);
  if (isPlan(user.subscriptionPlan))
    await sendPlanCancelled(
      ctx,
      { email: user.email, firstName: user.firstName, plan: user.subscriptionPlan },
      {
        accessUntil: billing.currentPeriodEnd ? new Date(billing.currentPeriodEnd) : null,
        refundPence: null,
      },
    );
  return billing;
}

/** POST /api/billing/resume: undo a cancellation while the paid period lasts. */
export async function resumeSubscription(
  ctx: AppContext,
  userId: string,
  premium: boolean,
): Promise<TBilling> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const status = billingStatus(user, ctx.now());
  if (status === 'active' || status === 'past_due') return getBilling(ctx, userId, premium);
  if (status !== 'cancelling' || user.subscriptionStatus === 'canceled')
    throw new AppError('CONFLICT', 'Your subscription has ended. Please subscribe again.');
  const sub = await currentSubscription(ctx, user);
  if (!sub) {
    await setUserCancelAtPeriodEnd(ctx.db, user.id, false, ctx.now());
  } else {
    const snapshot = await providerOf(ctx, sub).resume(sub);
    await onSubscriptionUpdated(ctx, {
      provider: sub.provider as 'stripe' | 'test',
      providerSubscriptionId: sub.providerSubscriptionId,
      ...snapshot,
    });
  }
  return getBilling(ctx, userId, premium);
}

/**
 * Before an account is deleted: end every subscription that could still charge the card, at the provider
 * first. A provider failure stops the deletion (the person can try again) rather than leave a live charge.
 */
export async function cancelSubscriptionsForAccountDeletion(ctx: AppContext, userId: string): Promise<void> {
  for (const sub of await findLiveSubscriptions(ctx.db, userId)) {
    const provider = providerNamed(ctx, sub.provider);
    if (!provider)
      throw new AppError('UNAVAILABLE', 'Unable to cancel your subscription. Please try again later.');
    await provider.cancelNow(sub);
    await onSubscriptionDeleted(ctx, {
      provider: sub.provider as 'stripe' | 'test',
      providerSubscriptionId: sub.providerSubscriptionId,
    });
  }
}
