// Plans under consumer law (issue 28, deliverable 6): the request to start at once before paying, the 14-day
// cancellation with a pro-rata refund (test provider and Stripe), the confirmation, cancellation and six-monthly
// reminder emails (CCR 2013 regs. 29, 30, 34, 36; docs/decisions/0050-plans-under-consumer-law.md).
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../src/domain/payments';
import {
  FAILED_PAYMENT_SENTENCE,
  START_NOW_CONSENT_REQUIRED,
  START_NOW_CONSENT_VERSION,
} from '../../src/domain/subscription-terms';
import { refunds, subscriptions } from '../../src/server/db/schema';
import { runPlanReminders } from '../../src/server/payments/reminders';
import { testProviderRecords } from '../../src/server/payments/test-provider';
import { createTenant, longSession } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import type { FakeStripe } from '../support/fake-stripe';
import { call, emailsTo } from '../support/http';
import {
  confirmCard,
  createPayment,
  DAY_MS,
  subscribeWithTestCard,
  subscriptionsOf,
  useStripeApp,
} from './payments.helpers';

async function refundsOf(t: TestApp, userId: string) {
  return t.db.select().from(refunds).where(eq(refunds.userId, userId));
}

describe('plans under consumer law (test provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.clock.now = new Date();
  });

  describe('the request to start at once', () => {
    it('refuses a checkout without it: 400 naming the field, and no subscription made', async () => {
      const tenant = await createTenant(t);
      for (const startNowConsent of [undefined, false, 'yes']) {
        const res = await call(t, 'POST', '/api/create-payment', {
          cookie: tenant.cookie,
          body: { plan: 'tenant', startNowConsent },
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().fieldErrors.startNowConsent).toEqual([START_NOW_CONSENT_REQUIRED]);
      }
      expect(await subscriptionsOf(t, tenant.id)).toHaveLength(0);
    });

    it('refuses consent given to wording that has since changed', async () => {
      const tenant = await createTenant(t);
      const res = await createPayment(t, tenant.cookie, {
        plan: 'tenant',
        consentVersion: 'start-now-2020-01-01',
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors.startNowConsent).toHaveLength(1);
    });

    it('stores the consent, its wording version and its time with the subscription', async () => {
      const tenant = await createTenant(t);
      t.clock.now = new Date('2026-03-02T09:30:00Z');
      const cookie = await longSession(t, tenant.id);
      const res = await createPayment(t, cookie, {
        plan: 'tenant',
        consentVersion: START_NOW_CONSENT_VERSION,
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await subscriptionsOf(t, tenant.id);
      expect(row.startNowConsentAt?.toISOString()).toBe('2026-03-02T09:30:00.000Z');
      expect(row.consentVersion).toBe(START_NOW_CONSENT_VERSION);
      expect(row.startedAt).toBeNull();
    });
  });

  it('emails the key terms and a link to them when the plan starts, once', async () => {
    const tenant = await createTenant(t);
    t.clock.now = new Date('2026-05-10T12:00:00Z');
    const cookie = await longSession(t, tenant.id);
    const created = (await createPayment(t, cookie)).json();
    await confirmCard(t, cookie, created.clientSecret, { cardNumber: TEST_CARDS.success });
    // A second submission of the same payment sends nothing more.
    await confirmCard(t, cookie, created.clientSecret, { cardNumber: TEST_CARDS.success });
    const mails = await emailsTo(t, tenant.email, 'plan_started');
    expect(mails).toHaveLength(1);
    const text = mails[0].textBody ?? '';
    expect(text).toContain('£1 a month');
    expect(text).toContain('renews every month');
    expect(text).toContain('14 days');
    expect(text).toContain('24 May 2026'); // the last day of the cancellation period
    expect(text).toContain(FAILED_PAYMENT_SENTENCE);
    expect(text).toContain('http://127.0.0.1:5000/terms-of-service#cancellation');
    const [row] = await subscriptionsOf(t, tenant.id);
    expect(row.startedAt?.toISOString()).toBe('2026-05-10T12:00:00.000Z');
  });

  describe('cancelling within 14 days', () => {
    it('ends the plan now and refunds the days not used, recorded by the test provider', async () => {
      const tenant = await createTenant(t);
      t.clock.now = new Date('2026-04-01T08:00:00Z');
      const cookie = await longSession(t, tenant.id);
      const { subscriptionId } = await subscribeWithTestCard(t, cookie);

      // Day 5 of a 30-day period: 5 days used of £1 is 16p (rounded down), so 84p comes back.
      t.clock.now = new Date('2026-04-06T15:00:00Z');
      const before = (await call(t, 'GET', '/api/billing', { cookie })).json();
      expect(before.refundIfCancelledPence).toBe(84);
      expect(before.cancellationPeriodEnds).toBe('2026-04-15T22:59:59.999Z');

      const res = await call(t, 'POST', '/api/billing/cancel', { cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ended', premium: false, refundIfCancelledPence: null });
      expect(res.json().refunds).toEqual([
        expect.objectContaining({ amountPence: 84, paidPence: 100, daysUsed: 5 }),
      ]);

      const records = testProviderRecords(t.app.ctx).refunds.filter(
        (r) => r.providerSubscriptionId === subscriptionId,
      );
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ amountPence: 84, providerInvoiceId: `in_test_${subscriptionId}_1` });
      const [stored] = await refundsOf(t, tenant.id);
      expect(stored).toMatchObject({
        provider: 'test',
        providerRefundId: records[0].id,
        amountPence: 84,
        daysInPeriod: 30,
        status: 'succeeded',
      });
      const [sub] = await subscriptionsOf(t, tenant.id);
      expect(sub.status).toBe('canceled');
      expect((await call(t, 'GET', '/api/forum/topics', { cookie })).statusCode).toBe(403);

      const mails = await emailsTo(t, tenant.email, 'plan_cancelled');
      expect(mails).toHaveLength(1);
      expect(mails[0].textBody).toContain('£0.84');

      // Cancelling again refunds nothing more.
      expect((await call(t, 'POST', '/api/billing/cancel', { cookie })).statusCode).toBe(409);
      expect(await refundsOf(t, tenant.id)).toHaveLength(1);
    });

    it('refunds everything on the day the plan started, and still on the 14th day after', async () => {
      const sameDay = await createTenant(t);
      t.clock.now = new Date('2026-06-01T07:00:00Z');
      const cookie = await longSession(t, sameDay.id);
      await subscribeWithTestCard(t, cookie);
      t.clock.now = new Date('2026-06-01T22:00:00Z');
      expect((await call(t, 'POST', '/api/billing/cancel', { cookie })).json().refunds[0].amountPence).toBe(
        100,
      );

      const lastDay = await createTenant(t);
      t.clock.now = new Date('2026-06-01T07:00:00Z');
      const cookie2 = await longSession(t, lastDay.id);
      await subscribeWithTestCard(t, cookie2);
      t.clock.now = new Date('2026-06-15T22:30:00Z'); // 23:30 in London on 15 June: the last day
      const res = await call(t, 'POST', '/api/billing/cancel', { cookie: cookie2 });
      // 14 of 30 days used: 46p charged, 54p back.
      expect(res.json().refunds[0]).toMatchObject({ amountPence: 54, daysUsed: 14 });
    });
  });

  it('refunds all of it for a plan begun before consent was asked (reg. 36(6): nothing owed for the days)', async () => {
    const tenant = await createTenant(t);
    t.clock.now = new Date('2026-04-01T08:00:00Z');
    const cookie = await longSession(t, tenant.id);
    await subscribeWithTestCard(t, cookie);
    const [sub] = await subscriptionsOf(t, tenant.id);
    await t.db
      .update(subscriptions)
      .set({ startNowConsentAt: null, consentVersion: null })
      .where(eq(subscriptions.id, sub.id));
    t.clock.now = new Date('2026-04-10T08:00:00Z');
    expect((await call(t, 'GET', '/api/billing', { cookie })).json().refundIfCancelledPence).toBe(100);
    const res = await call(t, 'POST', '/api/billing/cancel', { cookie });
    expect(res.json().refunds[0]).toMatchObject({ amountPence: 100, daysUsed: 0 });
  });

  it('after 14 days: no refund, the plan runs to the end of the paid period, and an email confirms it', async () => {
    const tenant = await createTenant(t);
    t.clock.now = new Date('2026-04-01T08:00:00Z');
    const cookie = await longSession(t, tenant.id);
    const { premiumUntil } = await subscribeWithTestCard(t, cookie);
    t.clock.now = new Date('2026-04-16T00:30:00Z'); // 01:30 on 16 April in London: the period has ended
    expect((await call(t, 'GET', '/api/billing', { cookie })).json().refundIfCancelledPence).toBeNull();
    const res = await call(t, 'POST', '/api/billing/cancel', { cookie });
    expect(res.json()).toMatchObject({ status: 'cancelling', currentPeriodEnd: premiumUntil, refunds: [] });
    expect(await refundsOf(t, tenant.id)).toHaveLength(0);
    expect((await call(t, 'GET', '/api/forum/topics', { cookie })).statusCode).toBe(200);
    const mails = await emailsTo(t, tenant.email, 'plan_cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain('1 May 2026');
  });

  describe('the six-monthly reminder job', () => {
    it('sends one reminder per six months of a continuing plan, even when two instances run at once', async () => {
      const tenant = await createTenant(t);
      t.clock.now = new Date('2026-01-10T10:00:00Z');
      const cookie = await longSession(t, tenant.id);
      await subscribeWithTestCard(t, cookie);
      const [sub] = await subscriptionsOf(t, tenant.id);
      // As if the plan had renewed each month (the test provider does not renew by itself).
      const renewed = async (until: string) =>
        t.db
          .update(subscriptions)
          .set({ currentPeriodEnd: new Date(until) })
          .where(eq(subscriptions.id, sub.id));

      await renewed('2026-08-10T10:00:00Z');
      t.clock.now = new Date('2026-07-10T09:00:00Z');
      await runPlanReminders(t.app.ctx);
      expect(await emailsTo(t, tenant.email, 'plan_reminder')).toHaveLength(0);

      t.clock.now = new Date('2026-07-10T10:00:00Z');
      const [a, b] = await Promise.all([runPlanReminders(t.app.ctx), runPlanReminders(t.app.ctx)]);
      await runPlanReminders(t.app.ctx);
      expect(a.sent + b.sent).toBeGreaterThanOrEqual(1);
      const first = await emailsTo(t, tenant.email, 'plan_reminder');
      expect(first).toHaveLength(1);
      expect(first[0].textBody).toContain('£1 a month');
      expect(first[0].textBody).toContain('/settings#billing');

      t.clock.now = new Date('2026-12-01T10:00:00Z');
      await renewed('2027-02-10T10:00:00Z');
      await runPlanReminders(t.app.ctx);
      expect(await emailsTo(t, tenant.email, 'plan_reminder')).toHaveLength(1);
      t.clock.now = new Date('2027-01-10T10:00:00Z');
      await runPlanReminders(t.app.ctx);
      expect(await emailsTo(t, tenant.email, 'plan_reminder')).toHaveLength(2);
    });

    it('sends nothing for a plan that is cancelling or has lapsed', async () => {
      const tenant = await createTenant(t);
      t.clock.now = new Date('2026-01-10T10:00:00Z');
      const cookie = await longSession(t, tenant.id);
      await subscribeWithTestCard(t, cookie);
      t.clock.now = new Date('2026-07-20T10:00:00Z'); // lapsed: paid to 10 February, never renewed
      await runPlanReminders(t.app.ctx);
      const [sub] = await subscriptionsOf(t, tenant.id);
      await t.db
        .update(subscriptions)
        .set({ currentPeriodEnd: new Date('2026-08-10T10:00:00Z'), cancelAtPeriodEnd: true })
        .where(eq(subscriptions.id, sub.id));
      await runPlanReminders(t.app.ctx);
      expect(await emailsTo(t, tenant.email, 'plan_reminder')).toHaveLength(0);
    });
  });
});

describe('plans under consumer law (Stripe)', () => {
  const WEBHOOK_SECRET = 'whsec_test_consumer_law';
  const stripeApp = useStripeApp(WEBHOOK_SECRET);
  const { deliver } = stripeApp;
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(() => {
    ({ t, stripe } = stripeApp);
  });
  afterEach(() => {
    t.clock.now = new Date();
  });

  it("refunds through Stripe's refunds API on the invoice's payment intent, once", async () => {
    const tenant = await createTenant(t);
    const cookie = await longSession(t, tenant.id);
    const created = await createPayment(t, cookie);
    expect(created.statusCode, created.body).toBe(200);
    const subscriptionId = created.json().subscriptionId as string;
    const paid = stripe.pay(subscriptionId);
    expect((await deliver(paid)).statusCode).toBe(200);
    const invoiceId = (paid.data as { object: { id: string } }).object.id;

    t.clock.now = new Date(Date.now() + 3 * DAY_MS);
    const res = await call(t, 'POST', '/api/billing/cancel', { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const refund = res.json().refunds[0];
    // 3 of 30 days used: 10p charged, 90p back.
    expect(refund).toMatchObject({ amountPence: 90, daysUsed: 3 });

    const calls = stripe.calls('POST', '/v1/refunds');
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toMatchObject({
      payment_intent: `pi_${invoiceId}`,
      amount: '90',
      reason: 'requested_by_customer',
    });
    expect(calls[0].idempotencyKey).toMatch(/^yourplace-refund-/);
    expect(stripe.calls('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    const [stored] = await refundsOf(t, tenant.id);
    expect(stored).toMatchObject({ provider: 'stripe', providerRefundId: [...stripe.refunds.keys()][0] });

    // Stripe's notice that the subscription is deleted changes nothing more: access has ended.
    const deleted = stripe.event(
      'customer.subscription.deleted',
      stripe.subscriptions.get(subscriptionId) ?? {},
    );
    expect((await deliver(deleted)).statusCode).toBe(200);
    const billing = (await call(t, 'GET', '/api/billing', { cookie })).json();
    expect(billing).toMatchObject({ status: 'ended', premium: false });
  });
});
