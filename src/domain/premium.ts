// One place that decides premium access (issue 5 extends the subscription part).

export interface PremiumFacts {
  isPremium?: boolean | null; // admin flag
  premiumUntil?: Date | string | null; // admin-granted period
  subscriptionStatus?: string | null;
  currentPeriodEnd?: Date | string | null;
  role?: string | null;
}

const ACTIVE_SUBSCRIPTION = new Set(['active', 'trialing', 'past_due']);

function toDate(value: Date | string | null | undefined): Date | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function isPremium(user: PremiumFacts, now: Date = new Date()): boolean {
  if (user.isPremium) return true;
  const until = toDate(user.premiumUntil);
  if (until && until > now) return true;
  if (user.subscriptionStatus && ACTIVE_SUBSCRIPTION.has(user.subscriptionStatus)) {
    const periodEnd = toDate(user.currentPeriodEnd);
    return !periodEnd || periodEnd > now;
  }
  // A cancelled subscription keeps access to the end of the paid period (terms §9).
  if (user.subscriptionStatus === 'canceled') {
    const periodEnd = toDate(user.currentPeriodEnd);
    return !!periodEnd && periodEnd > now;
  }
  return false;
}
