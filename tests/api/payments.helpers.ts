// Shared by the payments tests: the subscribe calls a browser makes, and the subscriptions and invoices they leave.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { TEST_CARDS } from '../../src/domain/payments';
import { invoices, subscriptions } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { FakeStripe, signPayload } from '../support/fake-stripe';
import { call } from '../support/http';

export const CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/40',
  cvc: '123',
  name: 'Erin Tester',
};

export async function createPayment(
  t: TestApp,
  cookie: string,
  body: object = { plan: 'tenant', userType: 'tenant' },
) {
  // Every checkout asks to start at once (the box /subscribe requires): a test leaves it out by passing false.
  return call(t, 'POST', '/api/create-payment', { cookie, body: { startNowConsent: true, ...body } });
}

export async function confirmCard(
  t: TestApp,
  cookie: string,
  clientSecret: string,
  card: Partial<typeof CARD> = {},
) {
  return call(t, 'POST', '/api/payments/test/confirm', { cookie, body: { ...CARD, ...card, clientSecret } });
}

/** The whole test-provider flow with a card that succeeds. */
export async function subscribeWithTestCard(t: TestApp, cookie: string, plan = 'tenant') {
  const created = await createPayment(t, cookie, { plan, userType: plan });
  expect(created.statusCode, created.body).toBe(200);
  const confirmed = await confirmCard(t, cookie, created.json().clientSecret, {
    cardNumber: TEST_CARDS.success,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return {
    subscriptionId: created.json().subscriptionId as string,
    premiumUntil: confirmed.json().premiumUntil as string,
  };
}

export async function subscriptionsOf(t: TestApp, userId: string) {
  return t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
}

export async function invoicesOf(t: TestApp, userId: string, status?: string) {
  return t.db
    .select()
    .from(invoices)
    .where(
      status ? and(eq(invoices.userId, userId), eq(invoices.status, status)) : eq(invoices.userId, userId),
    );
}

export async function currentUser(t: TestApp, cookie: string) {
  const res = await call(t, 'GET', '/api/auth/user', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { isPremium: boolean; stripeSubscriptionId: string | null };
}

export const DAY_MS = 86_400_000;

/**
 * A test app paying through the real Stripe SDK against the local fake Stripe server, for one describe block: the
 * app and the server start before its tests and stop after them. `deliver` posts an event to the webhook signed as
 * Stripe signs it (with another secret to test a forged one).
 */
export function useStripeApp(webhookSecret: string) {
  const env = { t: undefined as unknown as TestApp, stripe: undefined as unknown as FakeStripe };
  beforeAll(async () => {
    env.stripe = await new FakeStripe().start();
    env.t = await createTestApp(env.stripe.env(webhookSecret));
  });
  afterAll(async () => {
    await env.t.close();
    await env.stripe.stop();
  });
  return {
    get t() {
      return env.t;
    },
    get stripe() {
      return env.stripe;
    },
    deliver(event: object, secret = webhookSecret) {
      const payload = JSON.stringify(event);
      return env.t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        payload,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signPayload(payload, secret),
        },
      });
    },
  };
}
