// What a trade's page may claim, and only from a record (issue 28, docs/decisions/0049-claims-backed-by-records.md):
// a "Verified" badge only from an admin's check of a document that has not expired, a response time only measured
// from real replies to quote requests, jobs only from quote requests marked won. No zod here: the directory and
// detail pages load this (tests/unit/architecture.test.ts keeps zod out of them).

/**
 * Why someone may not review a trade (the 403 and the note beside the reviews say it alike): only a job the trade
 * finished for them counts (issue 32 item 5; docs/decisions/0073-reviews-rest-on-real-jobs.md).
 */
export const REVIEW_AFTER_JOB_MESSAGE =
  'You can review a trade once they have finished a job for you through Your Place: a repair at your home, or a quote request they marked done.';

/**
 * What a trade's rating rests on, said beside it (decision 0073): the mean of the reviews of verified jobs when
 * there is one, else of every review, which the words then say. Null when nobody has reviewed the trade.
 */
export function ratingBasis(trade: { reviewCount: number; verifiedReviewCount: number }): string | null {
  const verified = trade.verifiedReviewCount;
  if (verified > 0)
    return verified === 1 ? 'from 1 verified job' : `from ${verified.toLocaleString('en-GB')} verified jobs`;
  if (trade.reviewCount === 0) return null;
  const all = trade.reviewCount === 1 ? '1 review' : `${trade.reviewCount.toLocaleString('en-GB')} reviews`;
  return `from ${all}, none from a verified job`;
}

export const TRADE_CHECK_KINDS = ['insurance', 'gas_safe', 'niceic'] as const;
export type TradeCheckKind = (typeof TRADE_CHECK_KINDS)[number];

/** What each check is called on the page and in the admin form. */
export const TRADE_CHECK_LABELS: Record<TradeCheckKind, string> = {
  insurance: 'Public liability insurance',
  gas_safe: 'Gas Safe registration',
  niceic: 'NICEIC registration',
};

/** The fields every check carries that decide whether it still counts. */
export interface TradeCheckState {
  expiresOn: string;
  revokedAt: string | null;
}

/**
 * A check counts while it is not revoked and its document has not expired: valid through its expiry day (a London
 * calendar day). Read at request time, so the badge lapses with the document without anything being written.
 */
export function isCheckActive(check: TradeCheckState, today: string): boolean {
  return check.revokedAt === null && check.expiresOn >= today;
}

/** The badge: at least one check that still counts. */
export function isVerifiedOn(checks: readonly TradeCheckState[], today: string): boolean {
  return checks.some((check) => isCheckActive(check, today));
}

/**
 * A trade's response time is measured only over quote requests of the last TRADE_RESPONSE_WINDOW_DAYS, and said only
 * once TRADE_RESPONSE_MIN_REQUESTS of them exist: fewer say nothing about a habit. The same label and median as a
 * landlord's (src/domain/conversations.ts `responseTimeLabel`), an unanswered request counting as the slowest.
 */
export const TRADE_RESPONSE_WINDOW_DAYS = 365;
export const TRADE_RESPONSE_MIN_REQUESTS = 3;
/** The newest requests the median is taken over (the same cap as a landlord's). */
export const TRADE_RESPONSE_MAX_REQUESTS = 50;

export interface TradeResponseTime {
  label: string;
  requests: number;
  windowDays: number;
}

/** "Median of 7 quote requests in the last 12 months": how the page says what the figure is. */
export function responseTimeBasis(responseTime: Pick<TradeResponseTime, 'requests' | 'windowDays'>): string {
  const window =
    responseTime.windowDays % 365 === 0
      ? `${(responseTime.windowDays / 365) * 12} months`
      : `${responseTime.windowDays} days`;
  return `Median over ${responseTime.requests} quote requests in the last ${window}`;
}
