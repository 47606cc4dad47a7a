// Working days in England and Wales (issue 32 item 2): weekends and bank holidays skipped, London's calendar day,
// and a list of bank holidays that must not run out under the clock.
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  BANK_HOLIDAYS_ENGLAND_WALES,
  BANK_HOLIDAYS_KNOWN_UNTIL,
  endOfLondonDay,
  isWorkingDay,
  londonDayOf,
  londonInstant,
} from '../../src/domain/working-days';

describe('working days', () => {
  it('skips the weekend', () => {
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-30'); // Fri → Mon
    expect(addWorkingDays('2026-11-27', 3)).toBe('2026-12-02'); // Fri → Wed
    expect(addWorkingDays('2026-11-28', 1)).toBe('2026-11-30'); // a Saturday report: Monday is the first
  });

  it('skips Good Friday and Easter Monday', () => {
    // Thursday 2 April 2026: Good Friday 3rd, the weekend, Easter Monday 6th.
    expect(addWorkingDays('2026-04-02', 1)).toBe('2026-04-07');
    expect(addWorkingDays('2026-04-02', 3)).toBe('2026-04-09');
    expect(isWorkingDay('2026-04-03')).toBe(false);
    expect(isWorkingDay('2026-04-06')).toBe(false);
  });

  it('skips Christmas, the Boxing Day substitute and New Year', () => {
    // Thursday 24 December 2026: 25th a holiday, the weekend, 28th Boxing Day's substitute, then 29, 30, 31, 4 Jan.
    expect(addWorkingDays('2026-12-24', 1)).toBe('2026-12-29');
    expect(addWorkingDays('2026-12-24', 3)).toBe('2026-12-31');
    expect(addWorkingDays('2026-12-24', 4)).toBe('2027-01-04');
    expect(addWorkingDays('2026-12-24', 10)).toBe('2027-01-12'); // 1 January is a holiday too
  });

  it('reads the calendar day in London, across the clocks changing', () => {
    // 23:30 UTC on Saturday 28 March 2026 is still Saturday in London (GMT).
    expect(londonDayOf(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-28');
    // 23:30 UTC on Saturday 25 April 2026 is 00:30 on Sunday in London (BST).
    expect(londonDayOf(new Date('2026-04-25T23:30:00Z'))).toBe('2026-04-26');
    // The clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October 2026.
    expect(londonInstant('2026-03-29', '00:00').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(londonInstant('2026-03-30', '00:00').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(londonInstant('2026-10-25', '00:00').toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(londonInstant('2026-10-26', '00:00').toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });

  it('ends a day at 23:59:59 London time, in summer and in winter', () => {
    expect(endOfLondonDay('2026-12-02').toISOString()).toBe('2026-12-02T23:59:59.000Z');
    expect(endOfLondonDay('2026-07-01').toISOString()).toBe('2026-07-01T22:59:59.000Z');
    // The day the clocks go back is 25 hours long: it still ends at midnight London time.
    expect(endOfLondonDay('2026-10-25').toISOString()).toBe('2026-10-25T23:59:59.000Z');
    expect(endOfLondonDay('2026-03-29').toISOString()).toBe('2026-03-29T22:59:59.000Z');
  });

  it('holds the bank holidays in order, all weekdays', () => {
    expect([...BANK_HOLIDAYS_ENGLAND_WALES].sort()).toEqual([...BANK_HOLIDAYS_ENGLAND_WALES]);
    for (const day of BANK_HOLIDAYS_ENGLAND_WALES) {
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      expect(weekday, day).not.toBe(0);
      expect(weekday, day).not.toBe(6);
    }
    // Eight a year in England and Wales (no extra day was declared in these years).
    for (const year of ['2025', '2026', '2027', '2028'])
      expect(
        BANK_HOLIDAYS_ENGLAND_WALES.filter((d) => d.startsWith(year)),
        year,
      ).toHaveLength(8);
  });

  it('has bank holidays listed for at least a year from today: copy the next year from gov.uk when this fails', () => {
    const aYearOn = new Date();
    aYearOn.setUTCFullYear(aYearOn.getUTCFullYear() + 1);
    const inAYear = londonDayOf(aYearOn);
    expect(
      BANK_HOLIDAYS_KNOWN_UNTIL >= inAYear,
      `bank holidays known until ${BANK_HOLIDAYS_KNOWN_UNTIL}`,
    ).toBe(true);
    expect(BANK_HOLIDAYS_ENGLAND_WALES.at(-1)!.slice(0, 4)).toBe(BANK_HOLIDAYS_KNOWN_UNTIL.slice(0, 4));
  });
});
