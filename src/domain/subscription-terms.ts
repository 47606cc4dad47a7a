// The consumer-law terms of a plan, stated once: what /subscribe tells a person before they pay, the consent to
// start at once, the 14-day cancellation period and its pro-rata refund, the reminder every six months and the
// one sentence on a failed payment. Pure (no I/O): the server, the pages and the emails all read this module.
// Sources: Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013 regs. 29, 30,
// 34 and 36 (docs/decisions/0050-plans-under-consumer-law.md).
import { PLANS } from './constants';
import { formatPence } from './money';
import { PAYMENT_GRACE_DAYS, type Plan } from './payments';

/** Reg. 30(3): the cancellation period ends at the end of 14 days after the day the contract is entered into. */
export const CANCELLATION_DAYS = 14;

/** A reminder of the plan, its price and how to cancel, at least this often while a plan continues. */
export const REMINDER_EVERY_MONTHS = 6;

/** Where a person can cancel by email (the support address the site publishes). */
export const CANCELLATION_EMAIL = 'support@yourplace.example';

/** The terms' section on plans and cancelling (the confirmation email links to it). */
export const TERMS_PATH = '/terms-of-service#cancellation';

/**
 * The wording of the start-at-once request, versioned: a subscription stores the version the person ticked.
 * Change the words, change the version.
 */
export const START_NOW_CONSENT_VERSION = 'start-now-2026-11-27';
export const START_NOW_CONSENT_TEXT = `I ask you to start my plan now, within the ${CANCELLATION_DAYS}-day cancellation period. I understand that if I cancel within ${CANCELLATION_DAYS} days I pay only for the days I have used and get the rest of my payment back.`;
export const START_NOW_CONSENT_REQUIRED =
  'Tick the box to ask us to start your plan now: we cannot take a payment without it.';

/** The one sentence on a failed payment: the terms, the billing card and the dashboard say exactly this. */
export const FAILED_PAYMENT_SENTENCE = `If a payment fails, we email you and try your card again; your paid features continue meanwhile, for at most ${PAYMENT_GRACE_DAYS} days after the end of the period you paid for, and stop then if the payment has still not gone through.`;

/** No plan starts with a free trial: an admin's trial grant ends by itself and never turns into a charge. */
export const TRIALS_CONVERT_TO_PAID = false;

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const DAY_MS = 86_400_000;

/** The London calendar day of an instant, as days since 1970-01-01 (DST never shifts a day). */
function londonDayNumber(at: Date): number {
  return Math.round(Date.parse(`${LONDON_DAY.format(at)}T00:00:00Z`) / DAY_MS);
}

/** Whole London calendar days from `from`'s day to `to`'s day (0 on the same day, negative if `to` is earlier). */
export function londonDaysBetween(from: Date, to: Date): number {
  return londonDayNumber(to) - londonDayNumber(from);
}

/** The last instant of the cancellation period: the end (London) of the 14th day after the day of `startedAt`. */
export function cancellationPeriodEnd(startedAt: Date): Date {
  const lastDay = new Date((londonDayNumber(startedAt) + CANCELLATION_DAYS) * DAY_MS);
  const iso = lastDay.toISOString().slice(0, 10);
  // Midnight at the start of the next London day, less a millisecond (the offset is that day's, not today's).
  const next = new Date(Date.parse(`${iso}T00:00:00Z`) + DAY_MS);
  const offsetHours = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(
      next,
    ),
  );
  return new Date(next.getTime() - offsetHours * 3_600_000 - 1);
}

/** Whether a plan that started at `startedAt` can still be cancelled under reg. 30 at `now`. */
export function withinCancellationPeriod(startedAt: Date, now: Date): boolean {
  const days = londonDaysBetween(startedAt, now);
  return now.getTime() >= startedAt.getTime() && days <= CANCELLATION_DAYS;
}

export interface ProRataRefund {
  /** Days of service charged: each whole London day before the day of cancellation. */
  daysUsed: number;
  /** Days the payment paid for (the first period: 28 to 31). */
  daysInPeriod: number;
  /** What the person keeps paying for the days used (rounded down: the rounding favours the consumer). */
  chargedPence: number;
  refundPence: number;
}

/**
 * Reg. 36(4) with reg. 34: a consumer who asked for the service to start within the cancellation period pays
 * an amount in proportion to what was supplied up to cancellation, and gets the rest of what they paid back.
 * Integer pence; the day of cancellation is not charged, so cancelling on the day one subscribes refunds it all.
 */
export function proRataRefund(input: {
  paidPence: number;
  periodStart: Date;
  periodEnd: Date;
  cancelledAt: Date;
}): ProRataRefund {
  const paid = Math.max(0, Math.trunc(input.paidPence));
  const daysInPeriod = Math.max(1, londonDaysBetween(input.periodStart, input.periodEnd));
  const daysUsed = Math.min(
    daysInPeriod,
    Math.max(0, londonDaysBetween(input.periodStart, input.cancelledAt)),
  );
  const chargedPence = Math.floor((paid * daysUsed) / daysInPeriod);
  return { daysUsed, daysInPeriod, chargedPence, refundPence: paid - chargedPence };
}

/** The same day `months` months later (clamped: 31 August + 6 months → 28/29 February). */
export function addMonths(from: Date, months: number): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * Which six-monthly reminder is due for a plan that started at `startedAt`: 1 from six months on, 2 from twelve,
 * and so on; 0 before the first. A job sends each number once.
 */
export function reminderNumberDue(startedAt: Date, now: Date): number {
  let n = 0;
  while (addMonths(startedAt, REMINDER_EVERY_MONTHS * (n + 1)).getTime() <= now.getTime()) n++;
  return n;
}

/** The key terms of a plan, in the order /subscribe and the confirmation email give them. */
export function keyTerms(plan: Plan): string[] {
  const { name, pricePence } = PLANS[plan];
  return [
    `${name} costs ${formatPence(pricePence)} a month, including VAT, paid in advance by card.`,
    'It renews every month on the same day until you cancel. There is no minimum term.',
    `You can cancel at any time: in Settings → Billing choose "Cancel subscription" and confirm, or email ${CANCELLATION_EMAIL}.`,
    `You have ${CANCELLATION_DAYS} days from the day your plan starts to cancel and get your money back. Because you ask us to start at once, we keep a share of your first payment for the days you used and refund the rest.`,
    'After those 14 days, cancelling stops the next payment: you keep your plan to the end of the month you have paid for, with no refund for part of a month.',
    FAILED_PAYMENT_SENTENCE,
  ];
}
