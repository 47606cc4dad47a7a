// The consumer-law rules of a plan: the cancellation period, the pro-rata refund in pence, the six-monthly
// reminder and the one failed-payment sentence (CCR 2013 regs. 30, 34, 36).
import { describe, expect, it } from 'vitest';
import { ZCreatePaymentRequest } from '../../src/domain/payments';
import {
  addMonths,
  CANCELLATION_DAYS,
  cancellationPeriodEnd,
  FAILED_PAYMENT_SENTENCE,
  keyTerms,
  londonDaysBetween,
  proRataRefund,
  reminderNumberDue,
  START_NOW_CONSENT_REQUIRED,
  withinCancellationPeriod,
} from '../../src/domain/subscription-terms';

const at = (iso: string) => new Date(iso);

describe('the 14-day cancellation period (reg. 30)', () => {
  it('counts London calendar days, across the clock change', () => {
    expect(londonDaysBetween(at('2026-03-28T12:00:00Z'), at('2026-03-29T12:00:00Z'))).toBe(1);
    // 23:30 UTC on 29 March is 00:30 on the 30th in London (summer time began that morning).
    expect(londonDaysBetween(at('2026-03-28T23:30:00Z'), at('2026-03-29T23:30:00Z'))).toBe(2);
    // 23:30 UTC on 31 May is already 1 June in London.
    expect(londonDaysBetween(at('2026-05-31T12:00:00Z'), at('2026-05-31T23:30:00Z'))).toBe(1);
    expect(londonDaysBetween(at('2026-06-02T00:00:00Z'), at('2026-06-01T00:00:00Z'))).toBe(-1);
  });

  it('ends at the end of the 14th day after the day the plan started', () => {
    expect(CANCELLATION_DAYS).toBe(14);
    // Summer: midnight in London is 23:00 UTC.
    expect(cancellationPeriodEnd(at('2026-04-01T08:00:00Z')).toISOString()).toBe('2026-04-15T22:59:59.999Z');
    // Winter: midnight in London is midnight UTC.
    expect(cancellationPeriodEnd(at('2026-11-27T04:00:00Z')).toISOString()).toBe('2026-12-11T23:59:59.999Z');
    // Across the October clock change (25 Oct 2026).
    expect(cancellationPeriodEnd(at('2026-10-20T12:00:00Z')).toISOString()).toBe('2026-11-03T23:59:59.999Z');
  });

  it('is open on the start day and the 14th day after, closed on the 15th and before the start', () => {
    const start = at('2026-04-01T08:00:00Z');
    expect(withinCancellationPeriod(start, start)).toBe(true);
    expect(withinCancellationPeriod(start, at('2026-04-15T22:59:00Z'))).toBe(true);
    expect(withinCancellationPeriod(start, at('2026-04-15T23:00:00Z'))).toBe(false);
    expect(withinCancellationPeriod(start, at('2026-03-31T08:00:00Z'))).toBe(false);
  });
});

describe('the pro-rata refund (regs. 34 and 36(4)), in whole pence', () => {
  const periodStart = at('2026-04-01T08:00:00Z');
  const periodEnd = at('2026-05-01T08:00:00Z');
  const refund = (cancelledAt: string, paidPence = 100) =>
    proRataRefund({ paidPence, periodStart, periodEnd, cancelledAt: at(cancelledAt) });

  it('refunds everything on the day the plan started (the day of cancelling is not charged)', () => {
    expect(refund('2026-04-01T22:00:00Z')).toEqual({
      daysUsed: 0,
      daysInPeriod: 30,
      chargedPence: 0,
      refundPence: 100,
    });
  });

  it('charges each whole day used, rounding the charge down', () => {
    expect(refund('2026-04-06T15:00:00Z')).toMatchObject({ daysUsed: 5, chargedPence: 16, refundPence: 84 });
    expect(refund('2026-04-15T22:30:00Z')).toMatchObject({ daysUsed: 14, chargedPence: 46, refundPence: 54 });
    expect(refund('2026-04-11T09:00:00Z', 2000)).toMatchObject({
      daysUsed: 10,
      chargedPence: 666,
      refundPence: 1334,
    });
    expect(refund('2026-04-08T09:00:00Z', 1000)).toMatchObject({
      daysUsed: 7,
      chargedPence: 233,
      refundPence: 767,
    });
  });

  it('uses the length of the month paid for: February has 28 days', () => {
    const feb = proRataRefund({
      paidPence: 2000,
      periodStart: at('2026-02-01T10:00:00Z'),
      periodEnd: at('2026-03-01T10:00:00Z'),
      cancelledAt: at('2026-02-08T10:00:00Z'),
    });
    expect(feb).toEqual({ daysUsed: 7, daysInPeriod: 28, chargedPence: 500, refundPence: 1500 });
  });

  it('never refunds more than was paid, nor less than nothing', () => {
    expect(refund('2026-03-30T10:00:00Z')).toMatchObject({ daysUsed: 0, refundPence: 100 });
    expect(refund('2026-06-30T10:00:00Z')).toMatchObject({ daysUsed: 30, refundPence: 0 });
    expect(refund('2026-04-06T10:00:00Z', 0)).toMatchObject({ chargedPence: 0, refundPence: 0 });
    for (let day = 0; day <= 30; day++) {
      const r = proRataRefund({
        paidPence: 1999,
        periodStart,
        periodEnd,
        cancelledAt: new Date(periodStart.getTime() + day * 86_400_000),
      });
      expect(Number.isInteger(r.refundPence)).toBe(true);
      expect(r.refundPence + r.chargedPence).toBe(1999);
    }
  });
});

describe('the six-monthly reminder', () => {
  it('adds months clamped to the month end', () => {
    expect(addMonths(at('2026-08-31T10:00:00Z'), 6).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths(at('2026-07-10T10:00:00Z'), -6).toISOString()).toBe('2026-01-10T10:00:00.000Z');
  });

  it('is due from six months on, then every six months', () => {
    const start = at('2026-01-10T10:00:00Z');
    expect(reminderNumberDue(start, at('2026-07-10T09:59:59Z'))).toBe(0);
    expect(reminderNumberDue(start, at('2026-07-10T10:00:00Z'))).toBe(1);
    expect(reminderNumberDue(start, at('2027-01-09T10:00:00Z'))).toBe(1);
    expect(reminderNumberDue(start, at('2027-01-10T10:00:00Z'))).toBe(2);
    expect(reminderNumberDue(start, at('2029-01-10T10:00:00Z'))).toBe(6);
  });
});

describe('what a person is told', () => {
  it('states the price, the renewal, the 14 days and how to cancel before paying', () => {
    const terms = keyTerms('landlord').join(' ');
    expect(terms).toContain('£20 a month');
    expect(terms).toContain('renews every month');
    expect(terms).toContain('14 days');
    expect(terms).toContain('Settings → Billing');
    expect(terms).toContain(FAILED_PAYMENT_SENTENCE);
  });

  it('says one thing about a failed payment, with the grace the premium rule applies', () => {
    expect(FAILED_PAYMENT_SENTENCE).toContain('14 days after the end of the period you paid for');
  });

  it('refuses a checkout without the request to start at once, naming the field', () => {
    const result = ZCreatePaymentRequest.safeParse({ plan: 'tenant' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['startNowConsent'],
      message: START_NOW_CONSENT_REQUIRED,
    });
  });
});
