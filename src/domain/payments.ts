// Subscriptions and payments (doc 2 "/subscribe", §4 subscription flow, §7 calls, §8 errors, §9 terms).
// Pure: plan resolution, request contracts, the test provider's card rules and the billing reply shape.
import { z } from 'zod';
import { PLANS, USER_TYPES, type UserType } from './constants';
import { formatPence } from './money';
import { RETURN_TO_MESSAGE, safeReturnTo } from './return-to';

export type Plan = UserType;
export const PLAN_KEYS = USER_TYPES;

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLAN_KEYS as readonly string[]).includes(value);
}

/** "£1/month": what every price label on /subscribe and in billing says. */
export function planPriceLabel(plan: Plan): string {
  return `${formatPence(PLANS[plan].pricePence)}/month`;
}

/**
 * /subscribe's plan (doc 2): `plan` or `type` from the query, else the user's type, else tenant.
 * A query naming no known plan (plan=gold) resolves to nothing: "Subscription Not Available".
 */
export function resolvePlan(
  query: { plan?: string | null; type?: string | null },
  userType?: string | null,
): Plan | null {
  const asked = query.plan || query.type;
  if (asked) return isPlan(asked) ? asked : null;
  if (isPlan(userType)) return userType;
  return 'tenant';
}

/** Stripe's lookup key for a plan's monthly GBP price; Products and Prices are found or made by it. */
export function priceLookupKey(plan: Plan): string {
  return `yourplace_${plan}_monthly`;
}

const ZPlan = z.enum(PLAN_KEYS, { error: 'Choose a plan: tenant, landlord or contractor.' });

/** Kept in step with START_NOW_CONSENT_REQUIRED in subscription-terms.ts (which imports this module). */
const CONSENT_REQUIRED =
  'Tick the box to ask us to start your plan now: we cannot take a payment without it.';

/**
 * POST /api/create-payment (doc 2 §7: plan, userType). `plan` wins; `userType` alone names the plan too.
 * `startNowConsent` must be true: the request to start within the 14-day cancellation period (CCR 2013 reg. 36).
 */
export const ZCreatePaymentRequest = z
  .object({
    plan: ZPlan.optional(),
    userType: ZPlan.nullish(),
    startNowConsent: z
      .literal(true, { error: CONSENT_REQUIRED })
      .describe('The person ticked "start my plan now" (required: 400 without it)'),
    consentVersion: z
      .string()
      .max(60)
      .optional()
      .describe('The version of the consent wording the page showed'),
    returnTo: z
      .string()
      .optional()
      .refine((value) => value === undefined || safeReturnTo(value) !== null, { error: RETURN_TO_MESSAGE })
      .describe(
        'A path on this site to come back to once paid (a listing, with its dialog); else /dashboard',
      ),
  })
  .transform((body, ctx) => {
    const plan = body.plan ?? body.userType ?? undefined;
    if (!plan) {
      ctx.addIssue({
        code: 'custom',
        path: ['plan'],
        message: 'Choose a plan: tenant, landlord or contractor.',
      });
      return z.NEVER;
    }
    return { plan, consentVersion: body.consentVersion, returnTo: body.returnTo };
  });

const isoInstant = z.string().describe('ISO 8601 instant');
export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;

/** POST /api/create-payment: what the card form confirms. */
export const ZCreatePaymentResponse = z.object({
  clientSecret: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  subscriptionId: z.string().describe("The provider's subscription id"),
  returnUrl: z
    .string()
    .describe(
      "Where the provider sends the browser once paid (Stripe's return_url): this site, returnTo's path",
    ),
});
export type TCreatePaymentResponse = z.output<typeof ZCreatePaymentResponse>;

export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

// ---- the test provider's card form (no network; Stripe's documented test numbers) ----

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** Other numbers Stripe documents as succeeding in test mode (other brands), accepted the same way. */
const OTHER_SUCCEEDING_TEST_CARDS = new Set([
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '6011111111111117',
]);

export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  invalidNumber: 'Your card number is invalid.',
  notATestCard:
    'Your card was declined. This site takes test payments only: use the test card 4242 4242 4242 4242.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameRequired: 'Please enter the name on the card.',
} as const;

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** The Luhn checksum every card number carries. */
export function luhnValid(cardNumber: string): boolean {
  const digits = digitsOnly(cardNumber);
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type TestCardOutcome =
  | { ok: true }
  | { ok: false; reason: 'declined' | 'insufficient_funds' | 'invalid_number'; message: string };

/** What the test provider's bank says to a card number (after the form's own checks). */
export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = digitsOnly(cardNumber);
  if (!luhnValid(digits))
    return { ok: false, reason: 'invalid_number', message: CARD_MESSAGES.invalidNumber };
  if (digits === TEST_CARDS.success || OTHER_SUCCEEDING_TEST_CARDS.has(digits)) return { ok: true };
  if (digits === TEST_CARDS.insufficientFunds)
    return { ok: false, reason: 'insufficient_funds', message: CARD_MESSAGES.insufficientFunds };
  if (digits === TEST_CARDS.declined)
    return { ok: false, reason: 'declined', message: CARD_MESSAGES.declined };
  return { ok: false, reason: 'declined', message: CARD_MESSAGES.notATestCard };
}

/** "MM/YY" not before the current month (cards are valid to the end of their expiry month). */
export function expiryProblem(expiry: string, now: Date = new Date()): string | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
  if (!match) return CARD_MESSAGES.expiryIncomplete;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return CARD_MESSAGES.expiryIncomplete;
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return CARD_MESSAGES.expiryPast;
  return null;
}

/** POST /api/payments/test/confirm: the test provider's stand-in for Stripe's card confirmation. */
export const ZTestConfirmRequest = z.strictObject({
  clientSecret: z.string({ error: 'The payment is missing. Please reload the page.' }).min(1).max(200),
  cardNumber: z
    .string({ error: CARD_MESSAGES.invalidNumber })
    .max(40, CARD_MESSAGES.invalidNumber)
    .refine((v) => luhnValid(v), CARD_MESSAGES.invalidNumber),
  expiry: z.string({ error: CARD_MESSAGES.expiryIncomplete }).max(10, CARD_MESSAGES.expiryIncomplete),
  cvc: z
    .string({ error: CARD_MESSAGES.cvcIncomplete })
    .trim()
    .regex(/^\d{3,4}$/, CARD_MESSAGES.cvcIncomplete),
  name: z
    .string({ error: CARD_MESSAGES.nameRequired })
    .trim()
    .min(1, CARD_MESSAGES.nameRequired)
    .max(100, 'Must be at most 100 characters'),
});
export type TTestConfirmRequest = z.infer<typeof ZTestConfirmRequest>;

/** POST /api/payments/test/confirm: the test card went through. */
export const ZPaymentConfirmation = z.object({
  status: z.literal('succeeded'),
  subscriptionId: z.string(),
  premiumUntil: isoInstant.nullable(),
});
export type TPaymentConfirmation = z.output<typeof ZPaymentConfirmation>;

// ---- billing (/settings) ----

const BILLING_STATUSES = ['active', 'cancelling', 'past_due', 'incomplete', 'ended', 'none'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export const ZInvoice = z.object({
  id: z.string(),
  date: isoInstant,
  amountPence: z.number().int(),
  currency: z.string(),
  status: z.string(),
  periodStart: isoInstant.nullable(),
  periodEnd: isoInstant.nullable(),
});
export type TInvoice = z.output<typeof ZInvoice>;

export const ZRefund = z.object({
  id: z.string(),
  date: isoInstant,
  amountPence: z.number().int(),
  paidPence: z.number().int(),
  daysUsed: z.number().int(),
  currency: z.string(),
  status: z.string(),
});
export type TRefund = z.output<typeof ZRefund>;

/** GET /api/billing (and cancel, resume): the plan, its renewal and the payments. */
export const ZBilling = z
  .object({
    provider: z.enum(PAYMENT_PROVIDERS),
    plan: z.enum(PLAN_KEYS).nullable(),
    planName: z.string().nullable(),
    pricePence: z.number().int().nullable(),
    status: z
      .enum(BILLING_STATUSES)
      .describe('active, cancelling (access to the period end), past_due (Stripe retrying), ended, or none'),
    currentPeriodEnd: isoInstant
      .nullable()
      .describe('The paid-through date: renewal date while active, last day of access after cancelling'),
    cancelAtPeriodEnd: z.boolean(),
    canResume: z
      .boolean()
      .describe('A cancellation that can still be undone (the provider has not ended the subscription yet)'),
    premium: z.boolean().describe('Premium by the one rule (subscription, admin grant or admin flag)'),
    premiumUntil: isoInstant.nullable().describe('An admin-granted period, shown beside the subscription'),
    invoices: z.array(ZInvoice),
    cancellationPeriodEnds: isoInstant
      .nullable()
      .describe(
        'While the 14-day cancellation period lasts: its last moment (cancelling ends the plan with a refund)',
      ),
    refundIfCancelledPence: z
      .number()
      .int()
      .nullable()
      .describe('The pro-rata refund cancelling now would give (within the 14 days), else null'),
    refunds: z.array(ZRefund),
  })
  .meta({ id: 'Billing' });
export type TBilling = z.output<typeof ZBilling>;

/**
 * Access lasts to the end of the paid period and past_due keeps it while Stripe retries the card:
 * at most this many days after the paid period, then it ends even if no webhook arrives.
 */
export const PAYMENT_GRACE_DAYS = 14;
