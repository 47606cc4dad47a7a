// The payment events both providers raise: Stripe's webhooks translate into these, and the test provider
// calls them directly. State flows one way: provider event → subscription row → the user's mirror columns
// (which the premium rule reads on every request). Each event is applied at most once (payment_events).
import { BRAND_NAME, PLANS } from '../../domain/constants';
import { formatPence } from '../../domain/money';
import type { PaymentProviderName } from '../../domain/payments';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import type { subscriptions } from '../db/schema';
import { type PlanContact, type ReceiptDetails, sendPaymentReceipt, sendPlanStarted } from './notices';
import {
  findUserContact,
  insertOpenInvoice,
  lockProviderSubscription,
  mirrorSubscriptionToUser,
  recordPaymentEvent,
  updateSubscriptionRow,
  upsertPaidInvoice,
} from './queries';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A provider event id (Stripe's `evt_…`, or the test provider's own): a replay finds it and does nothing. */
export interface ProviderEvent {
  id: string;
  type: string;
}

interface SubscriptionRef {
  provider: PaymentProviderName;
  providerSubscriptionId: string;
}

export interface InvoicePaid extends SubscriptionRef {
  providerInvoiceId: string;
  amountPence: number;
  currency: string;
  periodStart: Date | null;
  /** The end of the period this invoice pays for: premium lasts until then. */
  periodEnd: Date;
}

export interface PaymentFailed extends SubscriptionRef {
  providerInvoiceId: string | null;
  amountPence: number;
  currency: string;
  /** The provider's words for the failure. */
  message: string | null;
  /** When the provider will try the card again; null when it has given up. */
  nextAttemptAt: Date | null;
}

export interface SubscriptionUpdated extends SubscriptionRef {
  status: string;
  cancelAtPeriodEnd: boolean;
}

export type EventOutcome = 'applied' | 'duplicate' | 'unknown_subscription';

const FINAL_STATUSES = new Set(['canceled', 'incomplete_expired']);

/** Run `apply` once per provider event, in one transaction with the event's record. */
async function once(
  ctx: AppContext,
  event: ProviderEvent | null,
  apply: (tx: Tx, now: Date) => Promise<EventOutcome>,
): Promise<EventOutcome> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    if (event) {
      if (!(await recordPaymentEvent(tx, { id: event.id, type: event.type, receivedAt: now })))
        return 'duplicate';
    }
    return apply(tx, now);
  });
}

function lockSubscription(tx: Tx, ref: SubscriptionRef): Promise<SubscriptionRow | undefined> {
  return lockProviderSubscription(tx, ref.provider, ref.providerSubscriptionId);
}

/** Copy a subscription's state to its user, when it is the user's current subscription (or `adopt`). */
function mirrorToUser(tx: Tx, sub: SubscriptionRow, now: Date, adopt = false) {
  return mirrorSubscriptionToUser(tx, sub, now, adopt);
}

/** A paid invoice: recorded once, and premium runs to the end of the period it paid for. */
export async function onInvoicePaid(
  ctx: AppContext,
  input: InvoicePaid,
  event: ProviderEvent | null = null,
): Promise<EventOutcome> {
  let started: { contact: PlanContact; startedAt: Date; consentAt: Date | null } | null = null;
  let receipt: { contact: PlanContact; details: ReceiptDetails } | null = null;
  const outcome = await once(ctx, event, async (tx, now) => {
    const sub = await lockSubscription(tx, input);
    if (!sub) return 'unknown_subscription';
    const newlyPaid = await upsertPaidInvoice(tx, {
      userId: sub.userId,
      subscriptionId: sub.id,
      providerInvoiceId: input.providerInvoiceId,
      amountPence: input.amountPence,
      currency: input.currency.toLowerCase(),
      status: 'paid',
      periodStart: input.periodStart,
      periodEnd: input.periodEnd,
      createdAt: now,
    });
    // Never shortened by an old or replayed invoice arriving late.
    const periodEnd =
      sub.currentPeriodEnd && sub.currentPeriodEnd > input.periodEnd ? sub.currentPeriodEnd : input.periodEnd;
    // The first payment starts the plan: the 14-day cancellation period and the reminders count from here.
    const startedAt = sub.startedAt ?? input.periodStart ?? now;
    const updated = await updateSubscriptionRow(tx, sub.id, {
      status: FINAL_STATUSES.has(sub.status) ? sub.status : 'active',
      currentPeriodEnd: periodEnd,
      startedAt,
      updatedAt: now,
    });
    await mirrorToUser(tx, updated, now, true);
    const user = await findUserContact(tx, sub.userId);
    if (!user) return 'applied';
    const contact = { ...user, plan: sub.plan };
    if (!sub.startedAt && !FINAL_STATUSES.has(sub.status))
      started = { contact, startedAt, consentAt: sub.startNowConsentAt };
    // One receipt per payment: only the notice that recorded this invoice as paid sends it (decision 0059).
    if (newlyPaid) {
      const renews = !FINAL_STATUSES.has(updated.status) && !updated.cancelAtPeriodEnd;
      receipt = {
        contact,
        details: {
          providerInvoiceId: input.providerInvoiceId,
          amountPence: input.amountPence,
          currency: input.currency,
          paidAt: now,
          paidUntil: periodEnd,
          nextPaymentPence: renews ? updated.pricePence : null,
          startedAt,
        },
      };
    }
    return 'applied';
  });
  const plan = started as { contact: PlanContact; startedAt: Date; consentAt: Date | null } | null;
  if (plan) await sendPlanStarted(ctx, plan.contact, plan);
  const paid = receipt as { contact: PlanContact; details: ReceiptDetails } | null;
  if (paid) await sendPaymentReceipt(ctx, paid.contact, paid.details);
  return outcome;
}

/**
 * A failed charge. The first payment of a new subscription just stays unpaid (the card form shows why);
 * a failed renewal marks the subscription past due, keeps access while the provider retries, and sends a notice.
 */
export async function onPaymentFailed(
  ctx: AppContext,
  input: PaymentFailed,
  event: ProviderEvent | null = null,
): Promise<EventOutcome> {
  let notice: { email: string; firstName: string; plan: SubscriptionRow['plan'] } | null = null;
  const outcome = await once(ctx, event, async (tx, now) => {
    const sub = await lockSubscription(tx, input);
    if (!sub) return 'unknown_subscription';
    if (sub.status === 'incomplete' || FINAL_STATUSES.has(sub.status)) return 'applied';
    if (input.providerInvoiceId) {
      await insertOpenInvoice(tx, {
        userId: sub.userId,
        subscriptionId: sub.id,
        providerInvoiceId: input.providerInvoiceId,
        amountPence: input.amountPence,
        currency: input.currency.toLowerCase(),
        status: 'open',
        createdAt: now,
      });
    }
    const updated = await updateSubscriptionRow(tx, sub.id, { status: 'past_due', updatedAt: now });
    await mirrorToUser(tx, updated, now);
    const user = await findUserContact(tx, sub.userId);
    if (user) notice = { ...user, plan: sub.plan };
    return 'applied';
  });
  if (notice) await sendPaymentFailedNotice(ctx, notice, input);
  return outcome;
}

/** Status and cancel-at-period-end changes (cancel, resume, the provider's own transitions). */
export function onSubscriptionUpdated(
  ctx: AppContext,
  input: SubscriptionUpdated,
  event: ProviderEvent | null = null,
): Promise<EventOutcome> {
  return once(ctx, event, async (tx, now) => {
    const sub = await lockSubscription(tx, input);
    if (!sub) return 'unknown_subscription';
    // A deleted subscription stays deleted, whatever order late events arrive in.
    if (FINAL_STATUSES.has(sub.status)) return 'applied';
    const updated = await updateSubscriptionRow(tx, sub.id, {
      status: input.status,
      cancelAtPeriodEnd: input.cancelAtPeriodEnd,
      updatedAt: now,
    });
    await mirrorToUser(tx, updated, now);
    return 'applied';
  });
}

/** The subscription has ended at the provider: no more renewals; access lasts to the end of the paid period. */
export function onSubscriptionDeleted(
  ctx: AppContext,
  input: SubscriptionRef,
  event: ProviderEvent | null = null,
): Promise<EventOutcome> {
  return once(ctx, event, async (tx, now) => {
    const sub = await lockSubscription(tx, input);
    if (!sub) return 'unknown_subscription';
    const updated = await updateSubscriptionRow(tx, sub.id, {
      status: sub.status === 'incomplete' ? 'incomplete_expired' : 'canceled',
      cancelAtPeriodEnd: false,
      updatedAt: now,
    });
    await mirrorToUser(tx, updated, now);
    return 'applied';
  });
}

async function sendPaymentFailedNotice(
  ctx: AppContext,
  to: { email: string; firstName: string; plan: SubscriptionRow['plan'] },
  failure: PaymentFailed,
) {
  const plan = PLANS[to.plan];
  const retry = failure.nextAttemptAt
    ? `We will try your card again on ${failure.nextAttemptAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' })}, and your premium access continues meanwhile.`
    : 'We will not try your card again, so your premium access will end soon.';
  const paragraphs = [
    `Hello ${to.firstName},`,
    `We could not take the ${formatPence(failure.amountPence)} payment for your ${plan.name} subscription${failure.message ? `: ${failure.message}` : '.'}`,
    retry,
    `You can check your card and billing at ${ctx.config.publicUrl}/settings.`,
  ];
  try {
    await ctx.mailer.send({
      to: to.email,
      kind: 'payment_failed',
      subject: `${BRAND_NAME}: your subscription payment failed`,
      text: `${paragraphs.join('\n\n')}\n\n${BRAND_NAME}`,
    });
  } catch (err) {
    // The state change has been committed; a mail problem must not make the provider retry the event.
    ctx.log.warn({ err }, 'payment failed notice not sent');
  }
}
