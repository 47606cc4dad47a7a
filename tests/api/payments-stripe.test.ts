// The Stripe path: the real stripe SDK against a local fake Stripe HTTP server, and webhooks signed with the
// SDK's own test-header helper (issue 5 §5).
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, paymentEvents, users } from '../../src/server/db/schema';
import { createTenant, longSession } from '../factories/users';
import type { TestApp } from '../support/app';
import { type FakeStripe, signPayload } from '../support/fake-stripe';
import { call } from '../support/http';
import {
  createPayment,
  currentUser,
  DAY_MS,
  invoicesOf,
  subscriptionsOf,
  useStripeApp,
} from './payments.helpers';

const WEBHOOK_SECRET = 'whsec_test_local_fake_secret';

describe('payments through Stripe (fake Stripe server)', () => {
  const stripeApp = useStripeApp(WEBHOOK_SECRET);
  const { deliver } = stripeApp;
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(() => {
    ({ t, stripe } = stripeApp);
  });
  afterEach(() => {
    t.clock.now = new Date();
    stripe.nowSeconds = Math.floor(Date.now() / 1000);
  });

  async function subscribe(cookie: string) {
    const res = await createPayment(t, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { clientSecret: string; subscriptionId: string; provider: string };
  }

  it('tells the client to use Stripe Elements with the publishable key', async () => {
    const res = await call(t, 'GET', '/api/config');
    expect(res.json()).toMatchObject({ payments: 'stripe', stripePublishableKey: 'pk_test_fake_key' });
    // The test card form is off.
    const tenant = await createTenant(t);
    const confirm = await call(t, 'POST', '/api/payments/test/confirm', {
      cookie: tenant.cookie,
      body: { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', name: 'A' },
    });
    expect(confirm.statusCode).toBe(404);
  });

  it('creates a Customer, a monthly GBP Price by lookup key and an incomplete subscription', async () => {
    const tenant = await createTenant(t);
    const created = await subscribe(tenant.cookie);
    expect(created.provider).toBe('stripe');
    const sub = stripe.subscriptions.get(created.subscriptionId);
    expect(sub).toBeDefined();
    expect(created.clientSecret).toBe(`pi_${sub?.latest_invoice}_secret_fake`);

    const [customerCall] = stripe.calls('POST', '/v1/customers');
    expect(customerCall.body).toMatchObject({ email: tenant.email, metadata: { userId: tenant.id } });
    expect(customerCall.idempotencyKey).toBe(`yourplace-customer-${tenant.id}`);
    const [priceCall] = stripe.calls('POST', '/v1/prices');
    expect(priceCall.body).toMatchObject({
      currency: 'gbp',
      unit_amount: '100',
      recurring: { interval: 'month' },
      lookup_key: 'yourplace_tenant_monthly',
    });
    const subscriptionCall = stripe.calls('POST', '/v1/subscriptions').at(-1);
    expect(subscriptionCall?.body).toMatchObject({
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
      metadata: { userId: tenant.id, plan: 'tenant' },
    });

    const [user] = await t.db.select().from(users).where(eq(users.id, tenant.id));
    expect(user.stripeCustomerId).toBe(sub?.customer);
    const [row] = await subscriptionsOf(t, tenant.id);
    expect(row).toMatchObject({
      provider: 'stripe',
      status: 'incomplete',
      providerSubscriptionId: created.subscriptionId,
    });
    expect((await currentUser(t, tenant.cookie)).isPremium).toBe(false);
  });

  it('finds the existing Price by lookup key for the next subscriber', async () => {
    const first = await createTenant(t);
    await subscribe(first.cookie);
    const pricesMade = stripe.calls('POST', '/v1/prices').length;
    const second = await createTenant(t);
    await subscribe(second.cookie);
    expect(stripe.calls('POST', '/v1/prices')).toHaveLength(pricesMade);
    expect(stripe.calls('POST', '/v1/customers').at(-1)?.body).toMatchObject({ email: second.email });
  });

  it('answers a double submit with one Stripe subscription', async () => {
    const tenant = await createTenant(t);
    const before = stripe.calls('POST', '/v1/subscriptions').length;
    const [a, b] = await Promise.all([createPayment(t, tenant.cookie), createPayment(t, tenant.cookie)]);
    expect(a.json().subscriptionId).toBe(b.json().subscriptionId);
    expect(a.json().clientSecret).toBe(b.json().clientSecret);
    expect(stripe.calls('POST', '/v1/subscriptions')).toHaveLength(before + 1);
    expect(await subscriptionsOf(t, tenant.id)).toHaveLength(1);
  });

  it('grants premium to the period end when the invoice.paid webhook arrives, once however often it is replayed', async () => {
    const tenant = await createTenant(t);
    const { subscriptionId } = await subscribe(tenant.cookie);
    const event = stripe.pay(subscriptionId);

    const res = await deliver(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    const user = await currentUser(t, tenant.cookie);
    expect(user.isPremium).toBe(true);
    expect(user.stripeSubscriptionId).toBe(subscriptionId);
    const line = (event.data as { object: { lines: { data: { period: { end: number } }[] } } }).object.lines
      .data[0];
    const [row] = await subscriptionsOf(t, tenant.id);
    expect(row.status).toBe('active');
    expect(row.currentPeriodEnd?.getTime()).toBe(line.period.end * 1000);

    const replay = await deliver(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await invoicesOf(t, tenant.id)).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.id, event.id as string)),
    ).toHaveLength(1);

    // The same invoice under another event id (invoice.paid resent) is still one invoice and one period.
    const resent = await deliver(
      stripe.event('invoice.paid', (event.data as { object: Record<string, unknown> }).object),
    );
    expect(resent.json().duplicate).toBe(false);
    expect(await invoicesOf(t, tenant.id)).toHaveLength(1);
    const [after] = await subscriptionsOf(t, tenant.id);
    expect(after.currentPeriodEnd?.getTime()).toBe(line.period.end * 1000);

    // Paying again for the same plan is refused.
    expect((await createPayment(t, tenant.cookie)).statusCode).toBe(409);
  });

  it('rejects a webhook whose signature does not match (400) and changes nothing', async () => {
    const tenant = await createTenant(t);
    const { subscriptionId } = await subscribe(tenant.cookie);
    const event = stripe.pay(subscriptionId);

    const wrongSecret = await deliver(event, 'whsec_someone_else');
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().message).toBe('Invalid webhook signature.');

    const payload = JSON.stringify(event);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: payload.replace('"amount_paid":100', '"amount_paid":1'),
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signPayload(payload, WEBHOOK_SECRET),
      },
    });
    expect(tampered.statusCode).toBe(400);

    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);

    expect((await currentUser(t, tenant.cookie)).isPremium).toBe(false);
    expect(await invoicesOf(t, tenant.id)).toHaveLength(0);
  });

  it('cancels at the period end through Stripe and keeps access until the subscription is deleted at the end', async () => {
    const tenant = await createTenant(t);
    const cookie = await longSession(t, tenant.id);
    const { subscriptionId } = await subscribe(cookie);
    await deliver(stripe.pay(subscriptionId));

    // Past the 14-day cancellation period: cancelling stops the renewal only.
    t.clock.now = new Date(Date.now() + 16 * DAY_MS);
    const cancelled = await call(t, 'POST', '/api/billing/cancel', { cookie });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelling', cancelAtPeriodEnd: true });
    expect(stripe.calls('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)?.body).toEqual({
      cancel_at_period_end: 'true',
    });
    // Stripe's own notice of the same change is applied without harm.
    const updated = await deliver(
      stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscriptionId) ?? {}),
    );
    expect(updated.statusCode).toBe(200);
    expect((await currentUser(t, cookie)).isPremium).toBe(true);

    // At the period end Stripe deletes the subscription: access ends with the paid period.
    const [row] = await subscriptionsOf(t, tenant.id);
    const periodEnd = row.currentPeriodEnd as Date;
    t.clock.now = new Date(periodEnd.getTime() + 1000);
    const deleted = await deliver(
      stripe.event('customer.subscription.deleted', {
        ...stripe.subscriptions.get(subscriptionId),
        status: 'canceled',
      }),
    );
    expect(deleted.statusCode).toBe(200);
    expect((await currentUser(t, cookie)).isPremium).toBe(false);
    expect((await call(t, 'GET', '/api/forum/topics', { cookie })).statusCode).toBe(403);
  });

  it('keeps access to the end of the paid period when Stripe deletes a subscription early', async () => {
    const tenant = await createTenant(t);
    const cookie = await longSession(t, tenant.id);
    const { subscriptionId } = await subscribe(cookie);
    await deliver(stripe.pay(subscriptionId));
    await deliver(
      stripe.event('customer.subscription.deleted', {
        ...stripe.subscriptions.get(subscriptionId),
        status: 'canceled',
      }),
    );
    expect((await currentUser(t, cookie)).isPremium).toBe(true);
    const billing = (await call(t, 'GET', '/api/billing', { cookie })).json();
    expect(billing.status).toBe('cancelling');
    // A late "updated" event does not bring a deleted subscription back.
    await deliver(
      stripe.event('customer.subscription.updated', {
        ...stripe.subscriptions.get(subscriptionId),
        status: 'active',
      }),
    );
    const [row] = await subscriptionsOf(t, tenant.id);
    expect(row.status).toBe('canceled');
    t.clock.now = new Date((row.currentPeriodEnd as Date).getTime() + 1000);
    expect((await currentUser(t, cookie)).isPremium).toBe(false);
  });

  it('a failed renewal sends a notice and keeps access while Stripe retries, within the grace period', async () => {
    const tenant = await createTenant(t);
    const cookie = await longSession(t, tenant.id);
    const { subscriptionId } = await subscribe(cookie);
    await deliver(stripe.pay(subscriptionId));
    const [row] = await subscriptionsOf(t, tenant.id);
    const periodEnd = row.currentPeriodEnd as Date;

    const nextAttempt = Math.floor(periodEnd.getTime() / 1000) + 3 * 86400;
    const failed = await deliver(
      stripe.event('invoice.payment_failed', {
        id: 'in_renewal_failed_1',
        object: 'invoice',
        status: 'open',
        currency: 'gbp',
        amount_due: 100,
        amount_paid: 0,
        next_payment_attempt: nextAttempt,
        parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
        lines: { object: 'list', data: [] },
      }),
    );
    expect(failed.statusCode, failed.body).toBe(200);
    const [pastDue] = await subscriptionsOf(t, tenant.id);
    expect(pastDue.status).toBe('past_due');
    const notices = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, tenant.email));
    expect(notices.map((n) => n.kind)).toContain('payment_failed');
    expect(notices.find((n) => n.kind === 'payment_failed')?.textBody).toMatch(
      /We could not take the £1 payment/,
    );

    t.clock.now = new Date(periodEnd.getTime() + 3 * DAY_MS);
    expect((await currentUser(t, cookie)).isPremium).toBe(true);
    expect((await call(t, 'GET', '/api/billing', { cookie })).json().status).toBe('past_due');
    t.clock.now = new Date(periodEnd.getTime() + 15 * DAY_MS);
    expect((await currentUser(t, cookie)).isPremium).toBe(false);
  });

  it('ignores events for subscriptions it did not create', async () => {
    const res = await deliver(
      stripe.event('customer.subscription.deleted', { id: 'sub_unknown', object: 'subscription' }),
    );
    expect(res.statusCode).toBe(200);
    const other = await deliver(stripe.event('charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(other.statusCode).toBe(200);
  });

  it('cancels the Stripe subscription before deleting the account', async () => {
    const tenant = await createTenant(t);
    const { subscriptionId } = await subscribe(tenant.cookie);
    await deliver(stripe.pay(subscriptionId));
    const res = await call(t, 'DELETE', '/api/account', {
      cookie: tenant.cookie,
      body: { password: tenant.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.calls('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
  });
});
