// From an accepted quote to a confirmed fix (issue 32 item 3, second half; docs/decisions/0072-from-an-accepted-quote-
// to-a-confirmed-fix.md). Pure rules both sides import: the visit's proposed times (1 to 5, in the future, within 60
// days), the work-done note and photos, the tenant's 7 days to confirm or reopen, the three-party conversation's
// messages, and the API's shapes for all of them.
import { z } from 'zod';
import { londonDayOf, londonInstant } from './working-days';

/** Times the trade may offer at once. */
export const VISIT_TIMES_MAX = 5;
/** How far ahead a proposed time may be. */
export const VISIT_WINDOW_DAYS = 60;
/** No answer from the tenant this many days after the work is done counts as confirmed (issue 32 item 3). */
export const CONFIRM_DAYS = 7;
export const WORK_NOTE_MAX = 2000;
export const REOPEN_REASON_MAX = 2000;
export const REPAIR_MESSAGE_MAX = 2000;
/** Photos with the finished work: as many as with a report. */
export const WORK_PHOTOS_MAX = 6;
/** A party is emailed about new messages at most this often per repair (as in conversations). */
export const REPAIR_MESSAGE_EMAIL_WINDOW_MS = 15 * 60 * 1000;

const DAY_MS = 86_400_000;

export const VISIT_MESSAGES = {
  tradeOnly: 'Only the trade whose quote was accepted can do that.',
  tenantOnly: 'Only the tenant can do that.',
  agreeWho: 'Only the tenant (or the landlord, for a repair they logged) can choose the visit time.',
  notNow: 'This repair is not at that step.',
  noTimes: 'The trade has not proposed any visit times yet.',
  notProposed: 'Please choose one of the proposed times.',
  timesRequired: 'Please propose at least one time.',
  tooManyTimes: `Propose at most ${VISIT_TIMES_MAX} times.`,
  timeInvalid: 'Each time must be a date and time.',
  timePast: 'Each time must be in the future.',
  timeTooFar: `Each time must be within ${VISIT_WINDOW_DAYS} days.`,
  timeRepeated: 'Each time may be proposed once.',
  alreadyDone: 'The work on this repair is already marked done.',
  notDone: 'The trade has not marked the work done yet.',
  resolved: 'This repair is already fixed.',
  tooManyPhotos: `At most ${WORK_PHOTOS_MAX} photos of the finished work.`,
  photoField: 'Send photos in the "photos" field.',
  messageRequired: 'Please write a message.',
  messageTooLong: `A message can be at most ${REPAIR_MESSAGE_MAX.toLocaleString('en-GB')} characters.`,
  tooManyMessages: 'You have sent a lot of messages recently. Please wait a few minutes.',
} as const;

const isoInstant = z.string().describe('ISO 8601 instant');

const text = (what: string, max: number) =>
  z
    .string({ error: `Please describe ${what}` })
    .trim()
    .min(1, `Please describe ${what}`)
    .max(max, `This can be at most ${max.toLocaleString('en-GB')} characters`);

const instant = z.iso.datetime({ offset: true, error: VISIT_MESSAGES.timeInvalid });

// ---- requests ----

export const ZProposeVisitTimes = z.strictObject({
  times: z
    .array(instant, { error: VISIT_MESSAGES.timesRequired })
    .min(1, VISIT_MESSAGES.timesRequired)
    .max(VISIT_TIMES_MAX, VISIT_MESSAGES.tooManyTimes),
});
export type TProposeVisitTimes = z.output<typeof ZProposeVisitTimes>;

export const ZAgreeVisit = z.strictObject({ time: instant });

export const ZCompleteWork = z.strictObject({ note: text('the work done', WORK_NOTE_MAX) });

export const ZReopenRepair = z.strictObject({ reason: text('what is still wrong', REOPEN_REASON_MAX) });

export const ZRepairMessageRequest = z.strictObject({
  body: z
    .string({ error: VISIT_MESSAGES.messageRequired })
    .trim()
    .min(1, VISIT_MESSAGES.messageRequired)
    .max(REPAIR_MESSAGE_MAX, VISIT_MESSAGES.messageTooLong),
});

/**
 * What is wrong with proposed times, now: each in the future, within VISIT_WINDOW_DAYS, none twice. The times come
 * back as instants, in order. The server and the form ask the same question.
 */
export function checkVisitTimes(
  times: readonly string[],
  now: Date,
): { ok: true; times: Date[] } | { ok: false; message: string } {
  const parsed = times.map((t) => new Date(t));
  if (parsed.some((d) => Number.isNaN(d.getTime())))
    return { ok: false, message: VISIT_MESSAGES.timeInvalid };
  if (parsed.some((d) => d.getTime() <= now.getTime()))
    return { ok: false, message: VISIT_MESSAGES.timePast };
  if (parsed.some((d) => d.getTime() > now.getTime() + VISIT_WINDOW_DAYS * DAY_MS))
    return { ok: false, message: VISIT_MESSAGES.timeTooFar };
  const distinct = new Set(parsed.map((d) => d.getTime()));
  if (distinct.size !== parsed.length) return { ok: false, message: VISIT_MESSAGES.timeRepeated };
  return { ok: true, times: parsed.sort((a, b) => a.getTime() - b.getTime()) };
}

/** When a tenant's answer is due after the work is marked done. */
export const confirmByOf = (workDoneAt: Date) => new Date(workDoneAt.getTime() + CONFIRM_DAYS * DAY_MS);

const VISIT_TEXT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "Tue 1 Dec, 10:00", London time: how a visit time is written everywhere (pages, lines, emails). */
export function visitTimeText(at: Date | string): string {
  return VISIT_TEXT.format(new Date(at)).replace(/^(\w{3}),? /, '$1 ');
}

/** A `datetime-local` value ("2026-12-01T10:00") read as London wall time. */
export function londonLocalToInstant(local: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(local);
  return match ? londonInstant(match[1], match[2]) : null;
}

const LONDON_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a `datetime-local` value in London wall time ("2026-12-01T10:00"). */
export const londonLocalOf = (at: Date): string => `${londonDayOf(at)}T${LONDON_TIME.format(at)}`;

// ---- replies ----

export const REPAIR_SIDES = ['tenant', 'landlord', 'trade'] as const;
export type TRepairSide = (typeof REPAIR_SIDES)[number];

const ZRepairPhoto = z.object({ url: z.string(), thumbUrl: z.string().nullable() });

/** The visit: the trade's proposed times until one is agreed, then its time. */
export const ZRepairVisit = z
  .object({
    options: z.array(isoInstant).describe('Times the trade proposed, in order; empty once one is agreed'),
    at: isoInstant.nullable().describe('The agreed visit'),
    canPropose: z.boolean().describe('The accepted trade, before the work is done'),
    canAgree: z
      .boolean()
      .describe('The tenant (or the landlord of a repair they logged), with times proposed'),
  })
  .meta({ id: 'RepairVisit' });
export type TRepairVisit = z.output<typeof ZRepairVisit>;

/** The accepted trade, the finished work and the tenant's answer. */
export const ZRepairWork = z
  .object({
    trade: z.object({ businessName: z.string() }).nullable().describe('The trade whose quote was accepted'),
    doneAt: isoInstant.nullable(),
    note: z.string().nullable(),
    photos: z.array(ZRepairPhoto).describe('Photos of the finished work'),
    confirmBy: isoInstant.nullable().describe('No answer from the tenant by then counts as confirmed'),
    confirmedAt: isoInstant.nullable(),
    reopenCount: z.number().int(),
    canComplete: z.boolean(),
    canConfirm: z.boolean(),
    canReopen: z.boolean(),
  })
  .meta({ id: 'RepairWork' });
export type TRepairWork = z.output<typeof ZRepairWork>;

export const ZRepairMessage = z
  .object({
    id: z.uuid(),
    body: z.string(),
    at: isoInstant,
    system: z.boolean().describe('A line from Your Place marking a step'),
    fromMe: z.boolean(),
    sender: z.object({ name: z.string(), side: z.enum(REPAIR_SIDES) }).nullable(),
  })
  .meta({ id: 'RepairMessage' });
export type TRepairMessage = z.output<typeof ZRepairMessage>;

export const ZRepairThread = z
  .object({
    parties: z.array(z.object({ name: z.string(), side: z.enum(REPAIR_SIDES) })),
    messages: z.array(ZRepairMessage).describe('Oldest first; the trade sees those from its acceptance on'),
    canPost: z.boolean(),
  })
  .meta({ id: 'RepairThread' });
export type TRepairThread = z.output<typeof ZRepairThread>;
