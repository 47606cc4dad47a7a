// Stripe Subscriptions through the stripe SDK (API version 2025-10-29.clover, pinned by the SDK):
// a Customer per user, one monthly GBP Price per plan found or made by lookup key, subscriptions created
// incomplete (`default_incomplete`) with the first invoice's confirmation secret for Stripe Elements.
// Signed webhooks are translated into the shared payment events.
import Stripe from 'stripe';
import { PLANS } from '../../domain/constants';
import { AppError } from '../../domain/errors';
import { type Plan, priceLookupKey } from '../../domain/payments';
import type { AppConfig } from '../config';
import type { AppContext } from '../context';
import {
  type EventOutcome,
  onInvoicePaid,
  onPaymentFailed,
  onSubscriptionDeleted,
  onSubscriptionUpdated,
  type SubscriptionRow,
} from './events';
import type { PaymentProvider } from './provider';

export function createStripeClient(config: AppConfig): Stripe {
  if (!config.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is not set');
  return new Stripe(config.stripeSecretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Your Place' },
    // A local fake Stripe in tests; Stripe's own API otherwise.
    ...(config.stripeApiHost ? { host: config.stripeApiHost } : {}),
    ...(config.stripeApiPort ? { port: config.stripeApiPort } : {}),
    ...(config.stripeApiProtocol ? { protocol: config.stripeApiProtocol } : {}),
  });
}

const SETUP_FAILED = 'Unable to initialize payment. Please try again.';

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function confirmationSecret(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

export function createStripeProvider(stripe: Stripe): PaymentProvider {
  const priceIds = new Map<Plan, string>();

  /** The plan's Price: found by lookup key; made (with its Product) the first time, or when PLANS' price changes. */
  async function priceFor(plan: Plan): Promise<string> {
    const cached = priceIds.get(plan);
    if (cached) return cached;
    const lookupKey = priceLookupKey(plan);
    const amount = PLANS[plan].pricePence;
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const existing = found.data[0];
    if (
      existing &&
      existing.unit_amount === amount &&
      existing.currency === 'gbp' &&
      existing.recurring?.interval === 'month'
    ) {
      priceIds.set(plan, existing.id);
      return existing.id;
    }
    const productId =
      idOf(existing?.product as string | { id: string } | undefined) ??
      (
        await stripe.products.create(
          { name: PLANS[plan].name, metadata: { plan } },
          { idempotencyKey: `yourplace-product-${plan}` },
        )
      ).id;
    const created = await stripe.prices.create(
      {
        product: productId,
        currency: 'gbp',
        unit_amount: amount,
        recurring: { interval: 'month' },
        lookup_key: lookupKey,
        // A new amount takes the key over from the old Price; existing subscribers keep theirs.
        transfer_lookup_key: true,
        metadata: { plan },
      },
      { idempotencyKey: `yourplace-price-${plan}-${amount}` },
    );
    priceIds.set(plan, created.id);
    return created.id;
  }

  return {
    name: 'stripe',
    async createSubscription(user, plan) {
      const customerId =
        user.stripeCustomerId ??
        (
          await stripe.customers.create(
            {
              email: user.email,
              name: `${user.firstName} ${user.lastName}`.trim(),
              metadata: { userId: user.id },
            },
            { idempotencyKey: `yourplace-customer-${user.id}` },
          )
        ).id;
      const subscription = await stripe.subscriptions.create({
        customer: customerId,
        items: [{ price: await priceFor(plan) }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        expand: ['latest_invoice.confirmation_secret'],
        metadata: { userId: user.id, plan },
      });
      const clientSecret = confirmationSecret(subscription);
      if (!clientSecret) throw new AppError('UNAVAILABLE', SETUP_FAILED);
      return {
        providerSubscriptionId: subscription.id,
        clientSecret,
        status: subscription.status,
        customerId,
      };
    },
    async paymentState(row) {
      const subscription = await stripe.subscriptions.retrieve(row.providerSubscriptionId, {
        expand: ['latest_invoice.confirmation_secret'],
      });
      return {
        status: subscription.status,
        clientSecret: subscription.status === 'incomplete' ? confirmationSecret(subscription) : null,
      };
    },
    async cancelAtPeriodEnd(row) {
      const subscription = await stripe.subscriptions.update(row.providerSubscriptionId, {
        cancel_at_period_end: true,
      });
      return { status: subscription.status, cancelAtPeriodEnd: subscription.cancel_at_period_end };
    },
    async resume(row) {
      const subscription = await stripe.subscriptions.update(row.providerSubscriptionId, {
        cancel_at_period_end: false,
      });
      return { status: subscription.status, cancelAtPeriodEnd: subscription.cancel_at_period_end };
    },
    async refund(row, request) {
      // The invoice's payment: a PaymentIntent (or, for old charges, a Charge) is what Stripe refunds.
      const payments = await stripe.invoicePayments.list({
        invoice: request.providerInvoiceId,
        status: 'paid',
        limit: 1,
      });
      const payment = payments.data[0]?.payment;
      const paymentIntent = idOf(payment?.payment_intent as string | { id: string } | undefined);
      const charge = idOf(payment?.charge as string | { id: string } | undefined);
      if (!paymentIntent && !charge)
        throw new AppError('UNAVAILABLE', 'Your refund could not be made just now. Please try again.');
      const refund = await stripe.refunds.create(
        {
          ...(paymentIntent ? { payment_intent: paymentIntent } : { charge: charge as string }),
          amount: request.amountPence,
          reason: 'requested_by_customer',
          metadata: { subscription: row.providerSubscriptionId, reason: 'cancelled_within_14_days' },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { providerRefundId: refund.id, status: refund.status ?? 'pending' };
    },
    async cancelNow(row: SubscriptionRow) {
      try {
        await stripe.subscriptions.cancel(row.providerSubscriptionId);
      } catch (err) {
        // Already gone at Stripe: the goal (no further charges) holds.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return;
        throw err;
      }
    },
  };
}

/** The subscription an invoice bills (clover keeps it under `parent`; older payloads at the top level). */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const fromParent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(fromParent ?? legacy ?? null);
}

/** The service period an invoice pays for: its lines' periods (the invoice's own period is the previous one on renewals). */
function paidPeriod(invoice: Stripe.Invoice): { start: Date | null; end: Date } {
  const lines = invoice.lines?.data ?? [];
  const end = Math.max(invoice.period_end ?? 0, ...lines.map((l) => l.period?.end ?? 0));
  const starts = lines.map((l) => l.period?.start ?? 0).filter((s) => s > 0);
  const start = starts.length ? Math.min(...starts) : (invoice.period_start ?? 0);
  return { start: start ? new Date(start * 1000) : null, end: new Date(end * 1000) };
}

export type WebhookResult = { type: string; outcome: EventOutcome | 'ignored' };

/** POST /api/stripe/webhook: verify the signature on the raw body, then apply the event once. */
export async function handleStripeWebhook(
  ctx: AppContext,
  stripe: Stripe,
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
): Promise<WebhookResult> {
  const secret = ctx.config.stripeWebhookSecret;
  if (!secret) throw new AppError('UNAVAILABLE', 'Stripe webhooks are not configured.');
  if (!signatureHeader) throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signatureHeader, secret);
  } catch {
    throw new AppError('BAD_REQUEST', 'Invalid webhook signature.');
  }
  const record = { id: event.id, type: event.type };
  switch (event.type) {
    case 'invoice.paid': {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOfInvoice(invoice);
      if (!subscriptionId || !invoice.id) return { type: event.type, outcome: 'ignored' };
      const period = paidPeriod(invoice);
      const outcome = await onInvoicePaid(
        ctx,
        {
          provider: 'stripe',
          providerSubscriptionId: subscriptionId,
          providerInvoiceId: invoice.id,
          amountPence: invoice.amount_paid,
          currency: invoice.currency,
          periodStart: period.start,
          periodEnd: period.end,
        },
        record,
      );
      return { type: event.type, outcome };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOfInvoice(invoice);
      if (!subscriptionId) return { type: event.type, outcome: 'ignored' };
      const failure = invoice.last_finalization_error?.message ?? null;
      const outcome = await onPaymentFailed(
        ctx,
        {
          provider: 'stripe',
          providerSubscriptionId: subscriptionId,
          providerInvoiceId: invoice.id ?? null,
          amountPence: invoice.amount_due,
          currency: invoice.currency,
          message: failure,
          nextAttemptAt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
        },
        record,
      );
      return { type: event.type, outcome };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      const outcome = await onSubscriptionUpdated(
        ctx,
        {
          provider: 'stripe',
          providerSubscriptionId: subscription.id,
          status: subscription.status,
          cancelAtPeriodEnd: subscription.cancel_at_period_end,
        },
        record,
      );
      return { type: event.type, outcome };
    }
    case 'customer.subscription.deleted': {
      const outcome = await onSubscriptionDeleted(
        ctx,
        { provider: 'stripe', providerSubscriptionId: event.data.object.id },
        record,
      );
      return { type: event.type, outcome };
    }
    default:
      return { type: event.type, outcome: 'ignored' };
  }
}
