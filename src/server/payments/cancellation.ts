// Cancelling within the 14-day cancellation period (CCR 2013 regs. 29, 30, 34, 36): the plan ends now and the
// first payment is refunded pro rata for the days used, through the provider (Stripe's refunds API, or the test
// provider's records). The refund is asked for before the subscription is cancelled, with an idempotency key, so
// a retry after any failure gives back the same refund and never a second one.
import { AppError } from '../../domain/errors';
import { type ProRataRefund, proRataRefund, withinCancellationPeriod } from '../../domain/subscription-terms';
import type { AppContext } from '../context';
import type { SubscriptionRow } from './events';
import { sendPlanCancelled } from './notices';
import type { PaymentProvider } from './provider';
import {
  findFirstPaidInvoice,
  findRefundOfSubscription,
  findUserContact,
  insertRefund,
  lockSubscriptionById,
  mirrorSubscriptionToUser,
  updateSubscriptionRow,
} from './queries';

/** Whether the subscription is a paid plan still inside its cancellation period at `now`. */
export function inCancellationPeriod(sub: Pick<SubscriptionRow, 'startedAt' | 'status'>, now: Date): boolean {
  if (!sub.startedAt) return false;
  if (sub.status !== 'active' && sub.status !== 'past_due' && sub.status !== 'trialing') return false;
  return withinCancellationPeriod(sub.startedAt, now);
}

/** What cancelling now would refund, or null when the plan is past its cancellation period (or unpaid). */
export function refundPreview(
  sub: Pick<
    SubscriptionRow,
    'startedAt' | 'status' | 'currentPeriodEnd' | 'pricePence' | 'startNowConsentAt'
  >,
  now: Date,
): ProRataRefund | null {
  if (!inCancellationPeriod(sub, now) || !sub.startedAt || !sub.currentPeriodEnd) return null;
  return proRataRefund({
    paidPence: sub.pricePence,
    periodStart: sub.startedAt,
    periodEnd: sub.currentPeriodEnd,
    cancelledAt: sub.startNowConsentAt ? now : sub.startedAt,
  });
}

export interface CancelledWithRefund {
  refundPence: number;
}

/**
 * Ends the plan now and refunds the days not used. Returns null when the period has passed (the caller then
 * cancels at the end of the paid period instead).
 */
export async function cancelWithinCancellationPeriod(
  ctx: AppContext,
  provider: PaymentProvider,
  subscriptionId: string,
): Promise<CancelledWithRefund | null> {
  const result = await ctx.db.transaction(async (tx) => {
    const sub = await lockSubscriptionById(tx, subscriptionId);
    if (!sub) throw new AppError('CONFLICT', 'You have no active subscription to cancel.');
    const now = ctx.now();
    if (!inCancellationPeriod(sub, now)) return null;
    const invoice = await findFirstPaidInvoice(tx, sub.id);
    if (!invoice || !sub.startedAt) return null;
    const earlier = await findRefundOfSubscription(tx, sub.id);
    if (earlier) return { refundPence: earlier.amountPence, contact: null };
    const computed = proRataRefund({
      paidPence: invoice.amountPence,
      periodStart: invoice.periodStart ?? sub.startedAt,
      periodEnd: invoice.periodEnd ?? sub.currentPeriodEnd ?? now,
      // Reg. 36(6): with no express request to start at once (plans begun before we asked), nothing is owed
      // for the days supplied, so all of it comes back.
      cancelledAt: sub.startNowConsentAt ? now : sub.startedAt,
    });
    const refund =
      computed.refundPence > 0
        ? await provider.refund(sub, {
            providerInvoiceId: invoice.providerInvoiceId,
            amountPence: computed.refundPence,
            idempotencyKey: `yourplace-refund-${sub.id}`,
          })
        : { providerRefundId: `none_${sub.id}`, status: 'not_needed' };
    await provider.cancelNow(sub);
    await insertRefund(tx, {
      userId: sub.userId,
      subscriptionId: sub.id,
      provider: sub.provider,
      providerRefundId: refund.providerRefundId,
      providerInvoiceId: invoice.providerInvoiceId,
      paidPence: invoice.amountPence,
      amountPence: computed.refundPence,
      daysUsed: computed.daysUsed,
      daysInPeriod: computed.daysInPeriod,
      currency: invoice.currency,
      status: refund.status,
      createdAt: now,
    });
    // Cancelled under reg. 33: the contract ends now, so does the access it paid for.
    const updated = await updateSubscriptionRow(tx, sub.id, {
      status: 'canceled',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: now,
      updatedAt: now,
    });
    await mirrorSubscriptionToUser(tx, updated, now, false);
    const user = await findUserContact(tx, sub.userId);
    return { refundPence: computed.refundPence, contact: user ? { ...user, plan: sub.plan } : null };
  });
  if (!result) return null;
  if (result.contact) {
    await sendPlanCancelled(ctx, result.contact, { accessUntil: null, refundPence: result.refundPence });
  }
  return { refundPence: result.refundPence };
}
