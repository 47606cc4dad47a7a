// The built-in test provider (the default without STRIPE_SECRET_KEY): the same subscription flow with no
// network. The client secret is signed (no extra table), the card form posts Stripe's documented test
// numbers, and the outcome goes through the same event functions Stripe's webhooks drive.
import { timingSafeEqual } from 'node:crypto';
import { PLANS } from '../../domain/constants';
import { AppError } from '../../domain/errors';
import {
  expiryProblem,
  type TPaymentConfirmation,
  type TTestConfirmRequest,
  testCardOutcome,
} from '../../domain/payments';
import type { AppContext } from '../context';
import { hmac, randomToken } from '../lib/crypto';
import { onInvoicePaid, onPaymentFailed } from './events';
import type { PaymentProvider } from './provider';
import { findTestSubscription } from './queries';

const SECRET_MARK = '_secret_';

/** The same day next month (clamped: 31 January → 28/29 February): monthly billing in advance (terms §9). */
export function addOneMonth(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

function signature(ctx: AppContext, subscriptionId: string): string {
  return hmac(ctx.config.sessionSecret, `test-payment:${subscriptionId}`).slice(0, 32);
}

function clientSecretFor(ctx: AppContext, subscriptionId: string): string {
  return `${subscriptionId}${SECRET_MARK}${signature(ctx, subscriptionId)}`;
}

/** The subscription a client secret belongs to, if the secret is one this server made. */
function subscriptionIdFrom(ctx: AppContext, clientSecret: string): string | null {
  const at = clientSecret.lastIndexOf(SECRET_MARK);
  if (at <= 0) return null;
  const id = clientSecret.slice(0, at);
  const given = Buffer.from(clientSecret.slice(at + SECRET_MARK.length));
  const expected = Buffer.from(signature(ctx, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** What the test provider has done that a real one would hold: its refunds, as Stripe's dashboard lists them. */
export interface TestProviderRecords {
  refunds: Array<{
    id: string;
    providerSubscriptionId: string;
    providerInvoiceId: string;
    amountPence: number;
    idempotencyKey: string;
    createdAt: Date;
  }>;
}

const recordsByContext = new WeakMap<AppContext, TestProviderRecords>();

/** The test provider's records for an app (tests read them to see a refund was made). */
export function testProviderRecords(ctx: AppContext): TestProviderRecords {
  let records = recordsByContext.get(ctx);
  if (!records) {
    records = { refunds: [] };
    recordsByContext.set(ctx, records);
  }
  return records;
}

export function createTestProvider(ctx: AppContext): PaymentProvider {
  return {
    name: 'test',
    async createSubscription() {
      const providerSubscriptionId = `sub_test_${randomToken(12)}`;
      return {
        providerSubscriptionId,
        clientSecret: clientSecretFor(ctx, providerSubscriptionId),
        status: 'incomplete',
        customerId: null,
      };
    },
    async paymentState(subscription) {
      return {
        status: subscription.status,
        clientSecret:
          subscription.status === 'incomplete'
            ? clientSecretFor(ctx, subscription.providerSubscriptionId)
            : null,
      };
    },
    async cancelAtPeriodEnd(subscription) {
      return { status: subscription.status, cancelAtPeriodEnd: true };
    },
    async resume(subscription) {
      return { status: subscription.status, cancelAtPeriodEnd: false };
    },
    async cancelNow() {
      // Nothing is held anywhere else: the caller records the deletion.
    },
    async refund(subscription, request) {
      const records = testProviderRecords(ctx);
      // Like Stripe's idempotency keys: the same request gives back the same refund.
      const earlier = records.refunds.find((r) => r.idempotencyKey === request.idempotencyKey);
      if (earlier) return { providerRefundId: earlier.id, status: 'succeeded' };
      const id = `re_test_${randomToken(12)}`;
      records.refunds.push({
        id,
        providerSubscriptionId: subscription.providerSubscriptionId,
        providerInvoiceId: request.providerInvoiceId,
        amountPence: request.amountPence,
        idempotencyKey: request.idempotencyKey,
        createdAt: ctx.now(),
      });
      return { providerRefundId: id, status: 'succeeded' };
    },
  };
}

const PAYMENT_NOT_FOUND = 'This payment could not be found. Please reload the page and try again.';

/** POST /api/payments/test/confirm: the card form's submission, answered as Stripe would. */
export async function confirmTestPayment(
  ctx: AppContext,
  userId: string,
  input: TTestConfirmRequest,
): Promise<TPaymentConfirmation> {
  const providerSubscriptionId = subscriptionIdFrom(ctx, input.clientSecret);
  if (!providerSubscriptionId) throw new AppError('BAD_REQUEST', PAYMENT_NOT_FOUND);
  const subscription = await findTestSubscription(ctx.db, providerSubscriptionId, userId);
  if (!subscription) throw new AppError('BAD_REQUEST', PAYMENT_NOT_FOUND);

  const now = ctx.now();
  const firstInvoiceId = `in_test_${providerSubscriptionId}_1`;
  // A second submission of a payment that went through: the same answer, nothing charged or granted twice.
  if (subscription.status !== 'incomplete') {
    if (subscription.status === 'active' || subscription.status === 'past_due')
      return {
        status: 'succeeded',
        subscriptionId: providerSubscriptionId,
        premiumUntil: subscription.currentPeriodEnd?.toISOString() ?? null,
      };
    throw new AppError('CONFLICT', 'This payment has expired. Please reload the page to start again.');
  }

  const expiry = expiryProblem(input.expiry, now);
  if (expiry) throw new AppError('VALIDATION_FAILED', expiry, { expiry: [expiry] });

  const outcome = testCardOutcome(input.cardNumber);
  const amountPence = subscription.pricePence;
  if (!outcome.ok) {
    if (outcome.reason === 'invalid_number')
      throw new AppError('VALIDATION_FAILED', outcome.message, { cardNumber: [outcome.message] });
    await onPaymentFailed(
      ctx,
      {
        provider: 'test',
        providerSubscriptionId,
        providerInvoiceId: firstInvoiceId,
        amountPence,
        currency: 'gbp',
        message: outcome.message,
        nextAttemptAt: null,
      },
      { id: `evt_test_${randomToken(12)}`, type: 'invoice.payment_failed' },
    );
    throw new AppError('PAYMENT_FAILED', outcome.message);
  }

  const periodEnd = addOneMonth(now);
  await onInvoicePaid(
    ctx,
    {
      provider: 'test',
      providerSubscriptionId,
      providerInvoiceId: firstInvoiceId,
      amountPence: amountPence ?? PLANS[subscription.plan].pricePence,
      currency: 'gbp',
      periodStart: now,
      periodEnd,
    },
    // One id per invoice: two submissions racing each other grant once.
    { id: `evt_test_${firstInvoiceId}_paid`, type: 'invoice.paid' },
  );
  return {
    status: 'succeeded',
    subscriptionId: providerSubscriptionId,
    premiumUntil: periodEnd.toISOString(),
  };
}
