import { describe, expect, it } from 'vitest';
import { forumAuthorName, ZCreateMessageRequest, ZCreateTopicRequest } from '../../src/domain/forum';
import {
  CARD_MESSAGES,
  expiryProblem,
  luhnValid,
  planPriceLabel,
  priceLookupKey,
  resolvePlan,
  testCardOutcome,
  ZCreatePaymentRequest,
} from '../../src/domain/payments';
import { isPremium } from '../../src/domain/premium';
import { loadConfig } from '../../src/server/config';
import { addOneMonth } from '../../src/server/payments/test-provider';

describe('resolvePlan (doc 2 /subscribe)', () => {
  it('takes plan, then type, from the query', () => {
    expect(resolvePlan({ plan: 'landlord' }, 'tenant')).toBe('landlord');
    expect(resolvePlan({ type: 'contractor' }, 'tenant')).toBe('contractor');
    expect(resolvePlan({ plan: 'tenant', type: 'landlord' })).toBe('tenant');
  });
  it("falls back to the user's type, then tenant", () => {
    expect(resolvePlan({}, 'contractor')).toBe('contractor');
    expect(resolvePlan({}, null)).toBe('tenant');
    expect(resolvePlan({ plan: '' }, undefined)).toBe('tenant');
  });
  it('resolves nothing for a plan that does not exist', () => {
    expect(resolvePlan({ plan: 'gold' }, 'tenant')).toBeNull();
    expect(resolvePlan({ type: 'premium' })).toBeNull();
  });
});

describe('plan prices', () => {
  it('labels the monthly prices from PLANS', () => {
    expect(planPriceLabel('tenant')).toBe('£1/month');
    expect(planPriceLabel('contractor')).toBe('£10/month');
    expect(planPriceLabel('landlord')).toBe('£20/month');
    expect(priceLookupKey('tenant')).toBe('yourplace_tenant_monthly');
  });
  it('reads the plan from plan or userType in create-payment', () => {
    const consent = { startNowConsent: true };
    expect(ZCreatePaymentRequest.parse({ ...consent, plan: 'tenant', userType: 'landlord' })).toEqual({
      plan: 'tenant',
    });
    expect(ZCreatePaymentRequest.parse({ ...consent, userType: 'landlord' })).toEqual({ plan: 'landlord' });
    expect(ZCreatePaymentRequest.safeParse(consent).success).toBe(false);
    expect(ZCreatePaymentRequest.safeParse({ ...consent, plan: 'gold' }).success).toBe(false);
  });
});

describe('the test provider card rules', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
  });
  it("answers Stripe's documented test numbers", () => {
    expect(testCardOutcome('4242424242424242')).toEqual({ ok: true });
    expect(testCardOutcome('4000 0000 0000 0002')).toMatchObject({
      ok: false,
      message: 'Your card was declined.',
    });
    expect(testCardOutcome('4000 0000 0000 9995')).toMatchObject({
      ok: false,
      message: 'Your card has insufficient funds.',
    });
    expect(testCardOutcome('4000 0000 0000 0001')).toMatchObject({ message: CARD_MESSAGES.invalidNumber });
    // A real-looking card is not charged: this provider takes test cards only.
    expect(testCardOutcome('4111 1111 1111 1111')).toMatchObject({ ok: false, reason: 'declined' });
  });
  it('accepts an expiry up to the end of its month', () => {
    const now = new Date('2026-06-15T00:00:00Z');
    expect(expiryProblem('06/26', now)).toBeNull();
    expect(expiryProblem('05/26', now)).toBe(CARD_MESSAGES.expiryPast);
    expect(expiryProblem('13/30', now)).toBe(CARD_MESSAGES.expiryIncomplete);
    expect(expiryProblem('1/3', now)).toBe(CARD_MESSAGES.expiryIncomplete);
  });
  it('bills a month ahead, on the same day, clamped to short months', () => {
    expect(addOneMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addOneMonth(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});

describe('isPremium (subscription states)', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
  it('keeps a past-due subscription premium while the card is retried, for a bounded grace', () => {
    expect(isPremium({ subscriptionStatus: 'past_due', currentPeriodEnd: days(-3) }, now)).toBe(true);
    expect(isPremium({ subscriptionStatus: 'past_due', currentPeriodEnd: days(-15) }, now)).toBe(false);
  });
  it('reads a subscription id with no recorded status as premium (the spec reading)', () => {
    expect(isPremium({ stripeSubscriptionId: 'sub_1' }, now)).toBe(true);
    expect(isPremium({ stripeSubscriptionId: 'sub_1', subscriptionStatus: 'incomplete' }, now)).toBe(false);
  });
  it('ends with unpaid or expired subscriptions', () => {
    expect(isPremium({ subscriptionStatus: 'unpaid', currentPeriodEnd: days(10) }, now)).toBe(false);
    expect(isPremium({ subscriptionStatus: 'incomplete_expired', currentPeriodEnd: days(10) }, now)).toBe(
      false,
    );
  });
});

describe('forum contracts', () => {
  it('trims and requires titles, descriptions and messages', () => {
    expect(ZCreateTopicRequest.parse({ title: '  Hi  ', description: ' there ' })).toEqual({
      title: 'Hi',
      description: 'there',
    });
    expect(ZCreateTopicRequest.safeParse({ title: ' ', description: 'x' }).error?.issues[0].message).toBe(
      'Title is required',
    );
    expect(ZCreateMessageRequest.safeParse({ content: 'x'.repeat(2001) }).success).toBe(false);
  });
  it('names authors by first name and last initial', () => {
    expect(forumAuthorName('Priya', 'Shah')).toBe('Priya S.');
    expect(forumAuthorName('Priya', '')).toBe('Priya');
    expect(forumAuthorName('', null)).toBe('Member');
  });
});

describe('Stripe configuration', () => {
  it('uses the test provider with no keys, and fails fast on a half-configured Stripe', () => {
    expect(loadConfig({}).stripeSecretKey).toBeUndefined();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://mail.example.test',
        STRIPE_SECRET_KEY: 'sk_live_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_1',
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
    const local = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
    });
    expect(local).toMatchObject({
      stripeApiHost: '127.0.0.1',
      stripeApiPort: 12111,
      stripeApiProtocol: 'http',
    });
  });
});
