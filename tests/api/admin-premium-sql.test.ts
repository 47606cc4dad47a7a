// The statistics and the user filter count premium users in SQL; this checks that the SQL condition and
// isPremium() (src/domain/premium.ts) give the same answer on a table of cases, on the real database.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_GRACE_DAYS } from '../../src/domain/payments';
import { isPremium } from '../../src/domain/premium';
import { premiumSql } from '../../src/server/db/premium-sql';
import { users } from '../../src/server/db/schema';
import { createTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

const now = new Date('2026-06-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

type Facts = Partial<
  Pick<
    typeof users.$inferInsert,
    'isPremium' | 'premiumUntil' | 'subscriptionStatus' | 'currentPeriodEnd' | 'stripeSubscriptionId'
  >
>;

const CASES: Array<[string, Facts]> = [
  ['a plain free account', {}],
  ['the admin flag', { isPremium: true }],
  ['an admin grant still running', { premiumUntil: at(DAY) }],
  ['an admin grant that has ended', { premiumUntil: at(-DAY) }],
  ['an admin grant ending this instant', { premiumUntil: now }],
  ['an active subscription in its period', { subscriptionStatus: 'active', currentPeriodEnd: at(DAY) }],
  ['an active subscription past its period', { subscriptionStatus: 'active', currentPeriodEnd: at(-DAY) }],
  ['an active subscription with no period end', { subscriptionStatus: 'active' }],
  ['a trial in its period', { subscriptionStatus: 'trialing', currentPeriodEnd: at(DAY) }],
  ['a trial past its period', { subscriptionStatus: 'trialing', currentPeriodEnd: at(-1000) }],
  ['past due within the grace', { subscriptionStatus: 'past_due', currentPeriodEnd: at(-DAY) }],
  [
    'past due beyond the grace',
    { subscriptionStatus: 'past_due', currentPeriodEnd: at(-(PAYMENT_GRACE_DAYS + 1) * DAY) },
  ],
  [
    'past due one minute inside the grace',
    { subscriptionStatus: 'past_due', currentPeriodEnd: at(-PAYMENT_GRACE_DAYS * DAY + 60_000) },
  ],
  ['past due with no period end', { subscriptionStatus: 'past_due' }],
  ['cancelled, paid period running', { subscriptionStatus: 'canceled', currentPeriodEnd: at(DAY) }],
  ['cancelled, paid period over', { subscriptionStatus: 'canceled', currentPeriodEnd: at(-DAY) }],
  ['cancelled with no period end', { subscriptionStatus: 'canceled' }],
  ['incomplete', { subscriptionStatus: 'incomplete', currentPeriodEnd: at(DAY) }],
  ['unpaid', { subscriptionStatus: 'unpaid', currentPeriodEnd: at(DAY) }],
  ['a subscription id with no status', { stripeSubscriptionId: 'sub_1' }],
  [
    'a subscription id with no status, period over',
    { stripeSubscriptionId: 'sub_2', currentPeriodEnd: at(-DAY) },
  ],
  ['an empty subscription id', { stripeSubscriptionId: '' }],
  ['an empty status with a subscription id', { subscriptionStatus: '', stripeSubscriptionId: 'sub_3' }],
  ['a revoked flag but a running grant', { isPremium: false, premiumUntil: at(DAY) }],
  ['an expired grant and an active subscription', { premiumUntil: at(-DAY), subscriptionStatus: 'active' }],
];

describe('premium in SQL agrees with isPremium()', () => {
  let t: TestApp;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    for (const [name, facts] of CASES) {
      const user = await createTenant(t);
      if (Object.keys(facts).length) await t.db.update(users).set(facts).where(eq(users.id, user.id));
      ids.set(name, user.id);
    }
  });
  afterAll(() => t.close());

  it('gives the same answer for every case', async () => {
    const rows = await t.db
      .select({ user: users, premium: premiumSql(now) })
      .from(users)
      .where(inArray(users.id, [...ids.values()]));
    const disagreements: string[] = [];
    for (const [name] of CASES) {
      const row = rows.find((r) => r.user.id === ids.get(name))!;
      const expected = isPremium(row.user, now);
      if (row.premium !== expected) disagreements.push(`${name}: SQL ${row.premium}, isPremium ${expected}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('covers both answers', () => {
    const answers = CASES.map(([, facts]) => isPremium(facts, now));
    expect(answers).toContain(true);
    expect(answers).toContain(false);
  });
});
