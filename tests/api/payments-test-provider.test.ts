// The built-in test provider (no STRIPE_SECRET_KEY): doc 2 "/subscribe", §4 subscription flow, §9 terms.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CARD_MESSAGES, TEST_CARDS } from '../../src/domain/payments';
import {
  createAdmin,
  createContractorUser,
  createLandlord,
  createTenant,
  longSession,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';
import {
  confirmCard,
  createPayment,
  currentUser,
  DAY_MS,
  invoicesOf,
  subscribeWithTestCard,
  subscriptionsOf,
} from './payments.helpers';

describe('payments with the built-in test provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    t.clock.now = new Date();
  });

  it('tells the client the test provider is in use, with no publishable key', async () => {
    const res = await call(t, 'GET', '/api/config');
    expect(res.json()).toMatchObject({ payments: 'test', stripePublishableKey: null });
  });

  describe('POST /api/create-payment', () => {
    it('asks a signed-out visitor to sign in', async () => {
      const res = await createPayment(t, '');
      expect(res.statusCode).toBe(401);
    });

    it('returns a client secret of its own making and grants nothing yet', async () => {
      const tenant = await createTenant(t);
      const res = await createPayment(t, tenant.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.provider).toBe('test');
      expect(body.subscriptionId).toMatch(/^sub_test_/);
      expect(body.clientSecret).toMatch(new RegExp(`^${body.subscriptionId}_secret_[0-9a-f]{32}$`));
      const [row] = await subscriptionsOf(t, tenant.id);
      expect(row).toMatchObject({ plan: 'tenant', provider: 'test', status: 'incomplete', pricePence: 100 });
      expect((await currentUser(t, tenant.cookie)).isPremium).toBe(false);
    });

    it('takes the plan from userType when plan is missing', async () => {
      const landlord = await createLandlord(t);
      const res = await createPayment(t, landlord.cookie, { userType: 'landlord' });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await subscriptionsOf(t, landlord.id);
      expect(row).toMatchObject({ plan: 'landlord', pricePence: 2000 });
    });

    it('refuses a plan that does not exist', async () => {
      const tenant = await createTenant(t);
      const res = await createPayment(t, tenant.cookie, { plan: 'gold' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.plan).toBeDefined();
      expect(await subscriptionsOf(t, tenant.id)).toHaveLength(0);
    });

    it('refuses a plan meant for another account type', async () => {
      const contractor = await createContractorUser(t);
      const res = await createPayment(t, contractor.cookie, { plan: 'tenant' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Tenant Premium is for tenant accounts. Your account is a contractor account.',
      );
    });

    it('lets an account without a type (an admin) choose any plan', async () => {
      const admin = await createAdmin(t);
      const res = await createPayment(t, admin.cookie, { plan: 'contractor' });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('answers a double submit with one subscription', async () => {
      const tenant = await createTenant(t);
      const [a, b] = await Promise.all([createPayment(t, tenant.cookie), createPayment(t, tenant.cookie)]);
      expect(a.statusCode, a.body).toBe(200);
      expect(b.statusCode, b.body).toBe(200);
      expect(a.json().subscriptionId).toBe(b.json().subscriptionId);
      expect(a.json().clientSecret).toBe(b.json().clientSecret);
      const again = await createPayment(t, tenant.cookie);
      expect(again.json().subscriptionId).toBe(a.json().subscriptionId);
      expect(await subscriptionsOf(t, tenant.id)).toHaveLength(1);
    });

    it('refuses a second subscription to a plan already paid for (409)', async () => {
      const tenant = await createTenant(t);
      await subscribeWithTestCard(t, tenant.cookie);
      const res = await createPayment(t, tenant.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/already have an active Tenant Premium subscription/);
      expect(await subscriptionsOf(t, tenant.id)).toHaveLength(1);
    });
  });

  describe('POST /api/payments/test/confirm', () => {
    it('subscribes with 4242 4242 4242 4242: premium at once, until one month from now', async () => {
      const tenant = await createTenant(t);
      const now = new Date('2026-01-31T10:00:00Z');
      t.clock.now = now;
      const cookie = await longSession(t, tenant.id);
      const created = (await createPayment(t, cookie)).json();
      const res = await confirmCard(t, cookie, created.clientSecret, { cardNumber: '4242 4242 4242 4242' });
      expect(res.statusCode, res.body).toBe(200);
      // Billed monthly in advance: the same day next month (clamped to February's last day).
      expect(res.json()).toEqual({
        status: 'succeeded',
        subscriptionId: created.subscriptionId,
        premiumUntil: '2026-02-28T10:00:00.000Z',
      });
      const user = await currentUser(t, cookie);
      expect(user.isPremium).toBe(true);
      expect(user.stripeSubscriptionId).toBe(created.subscriptionId);
      expect((await call(t, 'GET', '/api/forum/topics', { cookie })).statusCode).toBe(200);
      const paid = await invoicesOf(t, tenant.id);
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({ amountPence: 100, currency: 'gbp', status: 'paid' });
    });

    it('grants and records once when the same payment is confirmed twice', async () => {
      const tenant = await createTenant(t);
      const created = (await createPayment(t, tenant.cookie)).json();
      const [first, second] = await Promise.all([
        confirmCard(t, tenant.cookie, created.clientSecret),
        confirmCard(t, tenant.cookie, created.clientSecret),
      ]);
      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode, second.body).toBe(200);
      const third = await confirmCard(t, tenant.cookie, created.clientSecret);
      expect(third.statusCode).toBe(200);
      expect(third.json().premiumUntil).toBe(first.json().premiumUntil);
      expect(await invoicesOf(t, tenant.id)).toHaveLength(1);
    });

    it('declines 4000 0000 0000 0002 with the provider message and grants nothing', async () => {
      const tenant = await createTenant(t);
      const created = (await createPayment(t, tenant.cookie)).json();
      const res = await confirmCard(t, tenant.cookie, created.clientSecret, {
        cardNumber: '4000 0000 0000 0002',
      });
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ message: 'Your card was declined.', code: 'PAYMENT_FAILED' });
      expect((await currentUser(t, tenant.cookie)).isPremium).toBe(false);
      expect((await call(t, 'GET', '/api/forum/topics', { cookie: tenant.cookie })).statusCode).toBe(403);
      expect(await invoicesOf(t, tenant.id)).toHaveLength(0);
      const [row] = await subscriptionsOf(t, tenant.id);
      expect(row.status).toBe('incomplete');

      // The same payment can be retried with another card, as with Stripe.
      const retry = await confirmCard(t, tenant.cookie, created.clientSecret, {
        cardNumber: TEST_CARDS.success,
      });
      expect(retry.statusCode, retry.body).toBe(200);
      expect((await currentUser(t, tenant.cookie)).isPremium).toBe(true);
    });

    it('fails 4000 0000 0000 9995 for insufficient funds', async () => {
      const tenant = await createTenant(t);
      const created = (await createPayment(t, tenant.cookie)).json();
      const res = await confirmCard(t, tenant.cookie, created.clientSecret, {
        cardNumber: '4000000000009995',
      });
      expect(res.statusCode).toBe(402);
      expect(res.json().message).toBe('Your card has insufficient funds.');
      expect((await currentUser(t, tenant.cookie)).isPremium).toBe(false);
    });

    it('refuses a card number that fails the Luhn check (400)', async () => {
      const tenant = await createTenant(t);
      const created = (await createPayment(t, tenant.cookie)).json();
      const res = await confirmCard(t, tenant.cookie, created.clientSecret, {
        cardNumber: '4242 4242 4242 4241',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CARD_MESSAGES.invalidNumber);
      expect(res.json().fieldErrors.cardNumber).toEqual([CARD_MESSAGES.invalidNumber]);
    });

    it('refuses an expired card and a missing security code', async () => {
      const tenant = await createTenant(t);
      t.clock.now = new Date('2026-06-15T12:00:00Z');
      const cookie = await longSession(t, tenant.id);
      const created = (await createPayment(t, cookie)).json();
      const expired = await confirmCard(t, cookie, created.clientSecret, { expiry: '05/26' });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(CARD_MESSAGES.expiryPast);
      const thisMonth = await confirmCard(t, cookie, created.clientSecret, { cvc: '1' });
      expect(thisMonth.statusCode).toBe(400);
      expect(thisMonth.json().message).toBe(CARD_MESSAGES.cvcIncomplete);
      expect((await currentUser(t, cookie)).isPremium).toBe(false);
    });

    it("refuses a client secret it did not make, or another person's", async () => {
      const tenant = await createTenant(t);
      const other = await createTenant(t);
      const created = (await createPayment(t, tenant.cookie)).json();
      const forged = await confirmCard(
        t,
        tenant.cookie,
        `${created.subscriptionId}_secret_${'0'.repeat(32)}`,
      );
      expect(forged.statusCode).toBe(400);
      const stolen = await confirmCard(t, other.cookie, created.clientSecret);
      expect(stolen.statusCode).toBe(400);
      expect((await currentUser(t, other.cookie)).isPremium).toBe(false);
      expect((await currentUser(t, tenant.cookie)).isPremium).toBe(false);
    });
  });

  describe('premium expiry and cancellation (terms §9)', () => {
    it('ends premium when the paid period ends, on the next request', async () => {
      const tenant = await createTenant(t);
      const start = new Date('2026-03-10T09:00:00Z');
      t.clock.now = start;
      const cookie = await longSession(t, tenant.id);
      const { premiumUntil } = await subscribeWithTestCard(t, cookie);
      expect((await call(t, 'GET', '/api/forum/topics', { cookie })).statusCode).toBe(200);

      t.clock.now = new Date(new Date(premiumUntil).getTime() - 1000);
      expect((await call(t, 'GET', '/api/forum/topics', { cookie })).statusCode).toBe(200);
      t.clock.now = new Date(new Date(premiumUntil).getTime() + 1000);
      expect((await call(t, 'GET', '/api/forum/topics', { cookie })).statusCode).toBe(403);
      const user = await currentUser(t, cookie);
      expect(user.isPremium).toBe(false);
      // The spec's reading (isPremium or a subscription id) agrees.
      expect(user.stripeSubscriptionId).toBeNull();
    });

    it('cancels at the period end: access is kept until then, then lost', async () => {
      const tenant = await createTenant(t);
      t.clock.now = new Date('2026-04-01T08:00:00Z');
      const cookie = await longSession(t, tenant.id);
      const { subscriptionId, premiumUntil } = await subscribeWithTestCard(t, cookie);

      // Past the 14-day cancellation period (which ends on 15 April): cancelling stops the renewal only.
      t.clock.now = new Date('2026-04-16T08:00:00Z');
      const cancelled = await call(t, 'POST', '/api/billing/cancel', { cookie });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({
        status: 'cancelling',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: premiumUntil,
        plan: 'tenant',
      });
      t.clock.now = new Date('2026-04-30T08:00:00Z');
      expect((await call(t, 'GET', '/api/forum/topics', { cookie })).statusCode).toBe(200);

      t.clock.now = new Date(new Date(premiumUntil).getTime() + 60_000);
      expect((await call(t, 'GET', '/api/forum/topics', { cookie })).statusCode).toBe(403);
      const billing = (await call(t, 'GET', '/api/billing', { cookie })).json();
      expect(billing.status).toBe('ended');
      expect(billing.premium).toBe(false);

      // A new subscription can start once the old one has run out.
      const again = await createPayment(t, cookie);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().subscriptionId).not.toBe(subscriptionId);
    });

    it('resumes a cancelled subscription before the period ends', async () => {
      const tenant = await createTenant(t);
      t.clock.now = new Date('2026-04-01T08:00:00Z');
      const cookie = await longSession(t, tenant.id);
      await subscribeWithTestCard(t, cookie);
      t.clock.now = new Date('2026-04-20T08:00:00Z');
      await call(t, 'POST', '/api/billing/cancel', { cookie });
      const resumed = await call(t, 'POST', '/api/billing/resume', { cookie });
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
      const [row] = await subscriptionsOf(t, tenant.id);
      expect(row.cancelAtPeriodEnd).toBe(false);
    });

    it('answers 409 when there is nothing to cancel or resume', async () => {
      const tenant = await createTenant(t);
      expect((await call(t, 'POST', '/api/billing/cancel', { cookie: tenant.cookie })).statusCode).toBe(409);
      expect((await call(t, 'POST', '/api/billing/resume', { cookie: tenant.cookie })).statusCode).toBe(409);
      expect((await call(t, 'POST', '/api/billing/cancel')).statusCode).toBe(401);
    });
  });

  describe('GET /api/billing', () => {
    it('shows the plan, the renewal date and the invoices in pence', async () => {
      const tenant = await createTenant(t);
      const { premiumUntil } = await subscribeWithTestCard(t, tenant.cookie);
      const res = await call(t, 'GET', '/api/billing', { cookie: tenant.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const billing = res.json();
      expect(billing).toMatchObject({
        provider: 'test',
        plan: 'tenant',
        planName: 'Tenant Premium',
        pricePence: 100,
        status: 'active',
        currentPeriodEnd: premiumUntil,
        cancelAtPeriodEnd: false,
        premium: true,
      });
      expect(billing.invoices).toEqual([
        expect.objectContaining({
          amountPence: 100,
          currency: 'gbp',
          status: 'paid',
          periodEnd: premiumUntil,
        }),
      ]);
    });

    it('shows no plan for a free account', async () => {
      const tenant = await createTenant(t);
      const billing = (await call(t, 'GET', '/api/billing', { cookie: tenant.cookie })).json();
      expect(billing).toMatchObject({ plan: null, status: 'none', premium: false, invoices: [] });
    });

    it('is for signed-in people only', async () => {
      expect((await call(t, 'GET', '/api/billing')).statusCode).toBe(401);
    });
  });

  it('premium from a seeded subscription (user columns only) can be cancelled and resumed', async () => {
    const tenant = await createTenant(t, {
      subscriptionPlan: 'tenant',
      subscriptionStatus: 'active',
      stripeSubscriptionId: 'sub_demo_seeded',
      currentPeriodEnd: new Date(Date.now() + 10 * DAY_MS),
    });
    const cancelled = await call(t, 'POST', '/api/billing/cancel', { cookie: tenant.cookie });
    expect(cancelled.json()).toMatchObject({ status: 'cancelling', cancelAtPeriodEnd: true });
    const resumed = await call(t, 'POST', '/api/billing/resume', { cookie: tenant.cookie });
    expect(resumed.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });
});
