// The one availability rule and the lifecycle steps (src/domain/availability.ts), at their edge dates.
import { describe, expect, it } from 'vitest';
import {
  availabilityOf,
  lifecycleStep,
  ownerNotice,
  reducedLabel,
  shortDay,
} from '../../src/domain/availability';

// 23:30 on 12 January 2027 in London (GMT): "today" is the 12th.
const now = new Date('2027-01-12T23:30:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe('availabilityOf', () => {
  it('says "Available now" for no date, today and any day in the past', () => {
    for (const availableFrom of [null, '2027-01-12', '2027-01-11', '2020-05-01']) {
      expect(availabilityOf({ availableFrom }, now)).toEqual({ kind: 'now', label: 'Available now' });
    }
  });

  it('says "Available from" for tomorrow onwards, with the year only when it is not this year', () => {
    expect(availabilityOf({ availableFrom: '2027-01-13' }, now).label).toBe('Available from 13 Jan');
    expect(availabilityOf({ availableFrom: '2028-02-01' }, now).label).toBe('Available from 1 Feb 2028');
  });

  it('uses the London day: just after midnight in London the next day is today', () => {
    const summer = new Date('2027-06-30T23:30:00Z'); // 00:30 on 1 July in London (BST)
    expect(availabilityOf({ availableFrom: '2027-07-01' }, summer).kind).toBe('now');
  });

  it('puts let agreed first, then not available', () => {
    expect(availabilityOf({ availableFrom: '2027-03-01', letAgreedAt: now }, now)).toEqual({
      kind: 'let-agreed',
      label: 'Let agreed',
    });
    expect(availabilityOf({ availableFrom: null, available: false }, now).label).toBe('Not available');
  });

  it('formats a reduction by its London day', () => {
    expect(reducedLabel('2027-01-03T09:00:00Z', now)).toBe('Reduced on 3 Jan');
    expect(reducedLabel(null, now)).toBeNull();
    expect(shortDay('2026-12-24', now)).toBe('24 Dec 2026');
  });
});

describe('lifecycleStep', () => {
  const live = (o: Partial<Parameters<typeof lifecycleStep>[0]>) => ({
    status: 'live',
    letAgreedAt: null,
    confirmedAt: now,
    confirmReminderSentAt: null,
    ...o,
  });
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  it('reminds at 14 days once, pauses at 21', () => {
    expect(lifecycleStep(live({ confirmedAt: ago(13.99) }), now)).toBeNull();
    expect(lifecycleStep(live({ confirmedAt: ago(14) }), now)).toBe('remind');
    expect(lifecycleStep(live({ confirmedAt: ago(15), confirmReminderSentAt: ago(1) }), now)).toBeNull();
    expect(lifecycleStep(live({ confirmedAt: ago(21) }), now)).toBe('pause');
  });

  it('takes a let-agreed home out after 7 days and never pauses it', () => {
    expect(lifecycleStep(live({ letAgreedAt: ago(6.9), confirmedAt: ago(30) }), now)).toBeNull();
    expect(lifecycleStep(live({ letAgreedAt: ago(7) }), now)).toBe('let');
  });

  it('leaves listings that are not live alone', () => {
    for (const status of ['pending', 'paused', 'let', 'rejected', 'withdrawn']) {
      expect(lifecycleStep(live({ status, confirmedAt: ago(100) }), now)).toBeNull();
    }
  });

  it('tells the owner of a hidden listing who can see it and why', () => {
    expect(ownerNotice('pending')).toMatch(/^Only you and our review team/);
    expect(ownerNotice('paused')).toMatch(/paused/);
    expect(ownerNotice('live')).toBeNull();
  });
});
