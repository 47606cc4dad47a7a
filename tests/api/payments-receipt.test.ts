// A receipt email after each payment (issue 30, "the way back"): the first payment and every renewal, through the
// test provider and through Stripe's webhooks; the real amount taken, the renewal date and how to cancel; one
// receipt per payment however often the provider repeats itself (docs/decisions/0059-the-way-back.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../src/domain/constants';
import { CANCELLATION_EMAIL } from '../../src/domain/subscription-terms';
import { createTenant, longSession } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import type { FakeStripe } from '../support/fake-stripe';
import { emailsTo } from '../support/http';
import {
  confirmCard,
  createPayment,
  subscribeWithTestCard,
  subscriptionsOf,
  useStripeApp,
} from './payments.helpers';

const longDate = (d: Date) =>
  d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

describe('payment receipts (test provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('emails a receipt with the plan, the amount taken, the renewal date and how to cancel', async () => {
    const tenant = await createTenant(t);
    const { premiumUntil } = await subscribeWithTestCard(t, tenant.cookie);
    const receipts = await emailsTo(t, tenant.email, 'payment_receipt');
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt.subject).toContain(PLANS.tenant.name);
    expect(receipt.subject).toContain('£1');
    const body = receipt.textBody;
    expect(body).toContain(`Plan: ${PLANS.tenant.name}`);
    expect(body).toContain('Amount paid: £1');
    expect(body).toContain(`on ${longDate(new Date(premiumUntil))}`);
    expect(body).toMatch(/renews monthly until you cancel/);
    expect(body).toContain('/settings#billing');
    expect(body).toContain(CANCELLATION_EMAIL);
    // Within the 14 days: the right to cancel and when it ends (CCR 2013 regs. 30, 36).
    expect(body).toMatch(/right to cancel within 14 days/);
  });

  it('sends one receipt when the card form is submitted again or twice at once', async () => {
    const tenant = await createTenant(t);
    const created = await createPayment(t, tenant.cookie);
    const secret = created.json().clientSecret as string;
    const [a, b] = await Promise.all([
      confirmCard(t, tenant.cookie, secret),
      confirmCard(t, tenant.cookie, secret),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const again = await confirmCard(t, tenant.cookie, secret);
    expect(again.statusCode).toBe(200);
    expect(await emailsTo(t, tenant.email, 'payment_receipt')).toHaveLength(1);
  });

  it('sends no receipt when the card is declined', async () => {
    const tenant = await createTenant(t);
    const created = await createPayment(t, tenant.cookie);
    const declined = await confirmCard(t, tenant.cookie, created.json().clientSecret, {
      cardNumber: '4000 0000 0000 0002',
    });
    expect(declined.statusCode).toBe(402);
    expect(await emailsTo(t, tenant.email, 'payment_receipt')).toHaveLength(0);
  });
});

const WEBHOOK_SECRET = 'whsec_test_local_fake_secret';

describe('payment receipts (Stripe webhooks)', () => {
  const stripeApp = useStripeApp(WEBHOOK_SECRET);
  const { deliver } = stripeApp;
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(() => {
    ({ t, stripe } = stripeApp);
  });

  it('one receipt per invoice across webhook retries and repeats; another for each renewal, with its own figures', async () => {
    const tenant = await createTenant(t);
    const cookie = await longSession(t, tenant.id);
    const created = await createPayment(t, cookie);
    expect(created.statusCode, created.body).toBe(200);
    const subscriptionId = created.json().subscriptionId as string;

    const paid = stripe.pay(subscriptionId);
    expect((await deliver(paid)).statusCode).toBe(200);
    // Stripe retries the same event, and may tell of the same invoice again in a new event.
    expect((await deliver(paid)).json()).toEqual({ received: true, duplicate: true });
    const invoice = (paid.data as { object: Record<string, unknown> }).object;
    expect((await deliver(stripe.event('invoice.paid', invoice))).statusCode).toBe(200);
    const first = await emailsTo(t, tenant.email, 'payment_receipt');
    expect(first).toHaveLength(1);
    expect(first[0].textBody).toContain(`Reference: ${invoice.id}`);

    // A renewal, discounted by a coupon: the receipt says what was taken (£0.70), not the list price.
    const [row] = await subscriptionsOf(t, tenant.id);
    const start = Math.floor((row.currentPeriodEnd as Date).getTime() / 1000);
    const end = start + 31 * 86_400;
    const renewal = stripe.event('invoice.paid', {
      id: 'in_receipt_renewal_1',
      object: 'invoice',
      status: 'paid',
      currency: 'gbp',
      amount_due: 70,
      amount_paid: 70,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      lines: { object: 'list', data: [{ period: { start, end } }] },
    });
    expect((await deliver(renewal)).statusCode).toBe(200);
    expect((await deliver(renewal)).json()).toEqual({ received: true, duplicate: true });

    const receipts = await emailsTo(t, tenant.email, 'payment_receipt');
    expect(receipts).toHaveLength(2);
    const second = receipts.find((r) => r.textBody.includes('in_receipt_renewal_1'));
    expect(second?.textBody).toContain('Amount paid: £0.70');
    expect(second?.textBody).toContain(`Paid up to: ${longDate(new Date(end * 1000))}`);
    expect(second?.textBody).toContain('/settings#billing');
  });
});
