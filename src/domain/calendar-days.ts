// Arithmetic on calendar days written YYYY-MM-DD (a tenancy's start, a certificate's expiry): whole days in UTC, so
// no clock change moves a date. Working days with bank holidays are another matter (src/domain/working-days.ts).

const day = (text: string) => new Date(`${text}T00:00:00Z`);
const text = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(on: string, days: number): string {
  const date = day(on);
  date.setUTCDate(date.getUTCDate() + days);
  return text(date);
}

/** The same day `months` later, or the month's last day when it has none (29 February + 12 months: 28 February). */
export function addMonths(on: string, months: number): string {
  const [y, m, d] = on.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return text(new Date(Date.UTC(year, month, Math.min(d, last))));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((day(to).getTime() - day(from).getTime()) / 86_400_000);
}

/** `count` weekdays after `from` (Scotland counts deposit days in working days; bank holidays are not known here). */
export function addWeekdays(from: string, count: number): string {
  let current = from;
  for (let left = count; left > 0; ) {
    current = addDays(current, 1);
    const weekday = day(current).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return current;
}
