// isPremium() (src/domain/premium.ts) as a SQL condition on the users table, for counting and filtering many
// users at once. Keep the two in step: tests/api/admin-premium-sql.test.ts checks they agree on a table of cases.
import { type SQL, sql } from 'drizzle-orm';
import { PAYMENT_GRACE_DAYS } from '../../domain/payments';
import { users } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** True for a user with premium access at `now`: the admin flag, an admin-granted period, or a paid subscription. */
export function premiumSql(now: Date): SQL<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const periodOpen = sql`(${users.currentPeriodEnd} is null or ${users.currentPeriodEnd} > ${at})`;
  // Milliseconds, not days: '1 day' on a timestamptz follows the session's clock changes, isPremium does not.
  const graceOpen = sql`(${users.currentPeriodEnd} is null or ${users.currentPeriodEnd} + (${PAYMENT_GRACE_DAYS * DAY_MS} * interval '1 millisecond') > ${at})`;
  // coalesce: SQL's unknown (a null status) must read as false, or NOT(premium) would drop those users.
  return sql<boolean>`coalesce(
    ${users.isPremium}
    or (${users.premiumUntil} is not null and ${users.premiumUntil} > ${at})
    or (${users.subscriptionStatus} in ('active', 'trialing') and ${periodOpen})
    or (${users.subscriptionStatus} = 'past_due' and ${graceOpen})
    or (${users.subscriptionStatus} = 'canceled' and ${users.currentPeriodEnd} is not null and ${users.currentPeriodEnd} > ${at})
    or (coalesce(${users.subscriptionStatus}, '') = '' and coalesce(${users.stripeSubscriptionId}, '') <> '' and ${periodOpen}),
    false
  )`;
}
