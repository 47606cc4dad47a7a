// Dates and instants anyone can send (a listing's available-from day, a preferred date, statistics ranges, "since"
// times and cursors): one range for all of them. PostgreSQL cannot store year 0 and JavaScript reads years past 9999,
// so without a range a well-formed but absurd date got as far as the database and came back as a 500. No zod here:
// pages that only show dates (the property list) load this without the schema library (date-schemas.ts has it).
const LONDON_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in London as YYYY-MM-DD: listing, viewing and quote dates are UK calendar days. */
export function londonToday(now: Date = new Date()): string {
  return LONDON_DAY.format(now);
}

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;
export const DATE_RANGE_MESSAGE = `Dates must fall between ${MIN_YEAR} and ${MAX_YEAR}`;

/** A real instant within the years the site deals in. */
export function isSaneInstant(date: Date): boolean {
  const time = date.getTime();
  if (Number.isNaN(time)) return false;
  const year = date.getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** An ISO instant or day as text (`2026-11-24`, `2026-11-24T10:00:00Z`) read strictly: null when absurd. */
export function parseSaneInstant(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return null;
  const date = new Date(text);
  return isSaneInstant(date) ? date : null;
}
