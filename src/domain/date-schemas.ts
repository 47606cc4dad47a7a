// The calendar-day schema every request with a date uses (dates.ts holds the rules without zod).
import { z } from 'zod';
import { DATE_RANGE_MESSAGE, isSaneInstant } from './dates';

/** A calendar day `YYYY-MM-DD` (a real one: not 30 February) between MIN_YEAR and MAX_YEAR. */
export function ZCalendarDay(message = 'Dates must be YYYY-MM-DD') {
  return z.iso
    .date({ error: message })
    .refine((day) => isSaneInstant(new Date(`${day}T00:00:00Z`)), { error: DATE_RANGE_MESSAGE });
}
