// Working days in England and Wales (repair clocks, issue 32): Monday to Friday, less the bank holidays, counted on
// the London calendar (a report at 00:30 BST on a Saturday is a Saturday report, whatever UTC says). Pure, so pages
// load it too (London's wall clock comes from dates.ts and viewings.ts).
//
// The bank holidays are data, not a rule: the government sets them (and moves or adds one, as for a coronation), so
// they are copied from the government's own list rather than computed.
//   Source: https://www.gov.uk/bank-holidays.json, division "england-and-wales" (the page www.gov.uk/bank-holidays).
//   Copied: 27 November 2026, by hand (the list cannot be fetched at run time, and this machine had no access to it
//   then: whoever adds the next year checks these against the live list). Dates for a year gov.uk has not yet
//   published (2028) follow the standing pattern (a holiday on a weekend moves to the next weekday: Banking and
//   Financial Dealings Act 1971 Sch.1) and must be checked once it is out. tests/unit/working-days.test.ts fails
//   when the list ends within a year of today: copy the next year's dates in then.

import { londonToday } from './dates';
import { londonInstant } from './viewings';

export { londonInstant };

/** England and Wales bank holidays, YYYY-MM-DD, in order. */
export const BANK_HOLIDAYS_ENGLAND_WALES: readonly string[] = [
  // 2025
  '2025-01-01', // New Year's Day
  '2025-04-18', // Good Friday
  '2025-04-21', // Easter Monday
  '2025-05-05', // Early May bank holiday
  '2025-05-26', // Spring bank holiday
  '2025-08-25', // Summer bank holiday
  '2025-12-25', // Christmas Day
  '2025-12-26', // Boxing Day
  // 2026
  '2026-01-01', // New Year's Day
  '2026-04-03', // Good Friday
  '2026-04-06', // Easter Monday
  '2026-05-04', // Early May bank holiday
  '2026-05-25', // Spring bank holiday
  '2026-08-31', // Summer bank holiday
  '2026-12-25', // Christmas Day
  '2026-12-28', // Boxing Day (substitute day)
  // 2027
  '2027-01-01', // New Year's Day
  '2027-03-26', // Good Friday
  '2027-03-29', // Easter Monday
  '2027-05-03', // Early May bank holiday
  '2027-05-31', // Spring bank holiday
  '2027-08-30', // Summer bank holiday
  '2027-12-27', // Christmas Day (substitute day)
  '2027-12-28', // Boxing Day (substitute day)
  // 2028
  '2028-01-03', // New Year's Day (substitute day)
  '2028-04-14', // Good Friday
  '2028-04-17', // Easter Monday
  '2028-05-01', // Early May bank holiday
  '2028-05-29', // Spring bank holiday
  '2028-08-28', // Summer bank holiday
  '2028-12-25', // Christmas Day
  '2028-12-26', // Boxing Day
];

/** The last day the list covers: the clock counts no further with any confidence. */
export const BANK_HOLIDAYS_KNOWN_UNTIL = '2028-12-31';

const HOLIDAYS = new Set(BANK_HOLIDAYS_ENGLAND_WALES);

/** The London calendar day of an instant, YYYY-MM-DD. */
export function londonDayOf(instant: Date): string {
  return londonToday(instant);
}

/** The calendar day `n` days after `day` (negative: before). */
export function addCalendarDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function isBankHoliday(day: string): boolean {
  return HOLIDAYS.has(day);
}

export function isWeekend(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

export function isWorkingDay(day: string): boolean {
  return !isWeekend(day) && !isBankHoliday(day);
}

/** The `n`th working day after `day` (the day itself never counts, whatever it is). */
export function addWorkingDays(day: string, n: number): string {
  let current = day;
  let left = n;
  while (left > 0) {
    current = addCalendarDays(current, 1);
    if (isWorkingDay(current)) left--;
  }
  return current;
}

/** The last instant of a London day (23:59:59), which a "by Wed 2 Dec" target means. */
export function endOfLondonDay(day: string): Date {
  return new Date(londonInstant(addCalendarDays(day, 1), '00:00').getTime() - 1000);
}
