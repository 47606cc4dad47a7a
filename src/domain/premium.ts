// One place that decides premium access. The server applies it on every request with its clock, so an
// expired period ends access at once, with no job needed.
import { PAYMENT_GRACE_DAYS } from './payments';

export interface PremiumFacts {
  isPremium?: boolean | null; // admin flag
  premiumUntil?: Date | string | null; // admin-granted period
  subscriptionStatus?: string | null;
  /** The end of the paid period (set from paid invoices). */
  currentPeriodEnd?: Date | string | null;
  /** doc 2 §4 reads "premium if isPremium or a subscription id is present": kept for records with no status. */
  stripeSubscriptionId?: string | null;
  role?: string | null;
}

const ACTIVE_SUBSCRIPTION = new Set(['active', 'trialing']);
const DAY_MS = 24 * 60 * 60 * 1000;

function toDate(value: Date | string | null | undefined): Date | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function isPremium(user: PremiumFacts, now: Date = new Date()): boolean {
  if (user.isPremium) return true;
  const until = toDate(user.premiumUntil);
  if (until && until > now) return true;
  const status = user.subscriptionStatus;
  const periodEnd = toDate(user.currentPeriodEnd);
  if (status && ACTIVE_SUBSCRIPTION.has(status)) return !periodEnd || periodEnd > now;
  // A failed renewal: access continues while the provider retries the card, within a bounded grace.
  if (status === 'past_due')
    return !periodEnd || periodEnd.getTime() + PAYMENT_GRACE_DAYS * DAY_MS > now.getTime();
  // A cancelled subscription keeps access to the end of the paid period (terms §9).
  if (status === 'canceled') return !!periodEnd && periodEnd > now;
  // A subscription id recorded without any status (imported data): the spec's reading.
  if (!status && user.stripeSubscriptionId) return !periodEnd || periodEnd > now;
  return false;
}
