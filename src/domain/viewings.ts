// Viewings (issue 13): slots a landlord publishes for a listing and the bookings tenants make from their
// conversation. Times are entered and shown in London time and stored as instants.
import { z } from 'zod';
import { ZCalendarDay } from './date-schemas';

export const SLOT_MINUTES = { min: 15, max: 120 } as const;
export const SLOT_CAPACITY = { min: 1, max: 10 } as const;
export const SLOT_NOTE_MAX = 500;
/** The reminder goes this long before a viewing. */
export const VIEWING_REMINDER_MS = 24 * 60 * 60 * 1000;
export const CANCEL_REASON_MAX = 500;

export const VIEWING_MESSAGES = {
  time: 'Please choose a start time (HH:MM)',
  past: 'Viewing slots must start in the future',
  duration: `Length must be ${SLOT_MINUTES.min} to ${SLOT_MINUTES.max} minutes`,
  capacity: `Each slot takes ${SLOT_CAPACITY.min} to ${SLOT_CAPACITY.max} people`,
  full: 'That slot has just been taken. Please choose another time.',
  slotGone: 'That slot is no longer available.',
  notYours: 'Only the landlord of this home can do that.',
  notTenant: 'Only the tenant who booked can do that.',
  reasonRequired: 'Please give the tenant a reason',
  alreadyCancelled: 'This viewing has already been cancelled.',
  noConversation: 'Viewings are booked from a conversation about this home.',
  notFound: 'Viewing not found',
} as const;

/** "HH:MM", 24-hour. */
const ZClock = z
  .string({ error: VIEWING_MESSAGES.time })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, VIEWING_MESSAGES.time);

export const ZViewingSlotRequest = z.strictObject({
  date: ZCalendarDay('Please choose a date'),
  startTime: ZClock,
  durationMinutes: z
    .number({ error: VIEWING_MESSAGES.duration })
    .int(VIEWING_MESSAGES.duration)
    .min(SLOT_MINUTES.min, VIEWING_MESSAGES.duration)
    .max(SLOT_MINUTES.max, VIEWING_MESSAGES.duration),
  capacity: z
    .number({ error: VIEWING_MESSAGES.capacity })
    .int(VIEWING_MESSAGES.capacity)
    .min(SLOT_CAPACITY.min, VIEWING_MESSAGES.capacity)
    .max(SLOT_CAPACITY.max, VIEWING_MESSAGES.capacity),
  note: z
    .string()
    .trim()
    .max(SLOT_NOTE_MAX, `Notes can be at most ${SLOT_NOTE_MAX} characters`)
    .nullish()
    .transform((v) => v || null),
});
export type TViewingSlotRequest = z.output<typeof ZViewingSlotRequest>;

export const ZBookViewingRequest = z.strictObject({ slotId: z.uuid({ error: 'Choose a viewing time' }) });
export const ZCancelViewingRequest = z.strictObject({
  reason: z
    .string()
    .trim()
    .max(CANCEL_REASON_MAX, `Must be at most ${CANCEL_REASON_MAX} characters`)
    .nullish()
    .transform((v) => v || null),
});
export const ZProposeViewingRequest = z.strictObject({ slotId: z.uuid({ error: 'Choose a viewing time' }) });

const LONDON_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The London offset from UTC, in minutes, at an instant (0 in winter, 60 in summer). */
function londonOffsetMinutes(at: Date): number {
  const p = Object.fromEntries(LONDON_PARTS.formatToParts(at).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
  );
  return Math.round((asUtc - at.getTime()) / 60_000);
}

/**
 * The instant a London wall-clock time names: "2027-03-13" + "11:00" is 11:00 GMT in March, 10:00 UTC in summer.
 * A time that does not exist (the spring-forward hour) moves on by the gap, as clocks do.
 */
export function londonInstant(day: string, time: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const naive = Date.UTC(y, m - 1, d, hh, mm);
  const first = naive - londonOffsetMinutes(new Date(naive)) * 60_000;
  return new Date(naive - londonOffsetMinutes(new Date(first)) * 60_000);
}

// ---- replies (response schemas of the OpenAPI document; the types are read from them) ----

const VIEWING_STATUSES = ['booked', 'confirmed', 'cancelled'] as const;
export type ViewingStatus = (typeof VIEWING_STATUSES)[number];

export const ZViewingSlot = z
  .object({
    id: z.uuid(),
    startsAt: z.string().describe('ISO 8601 instant ("" when the slot is gone)'),
    durationMinutes: z.number().int(),
    capacity: z.number().int(),
    remaining: z.number().int().describe('Places left'),
    note: z.string().nullable(),
  })
  .meta({ id: 'ViewingSlot' });
export type TViewingSlot = z.output<typeof ZViewingSlot>;

export const ZViewingBooking = z
  .object({
    id: z.uuid(),
    slot: ZViewingSlot,
    status: z.enum(VIEWING_STATUSES),
    cancelReason: z.string().nullable(),
  })
  .meta({ id: 'ViewingBooking' });
export type TViewingBooking = z.output<typeof ZViewingBooking>;

/** What a thread shows about viewings: the reader's booking and, for the tenant, the free slots to choose from. */
export const ZThreadViewings = z.object({
  booking: ZViewingBooking.nullable(),
  slots: z.array(ZViewingSlot),
  role: z.enum(['starter', 'owner']),
});
export type TThreadViewings = z.output<typeof ZThreadViewings>;

/** GET /api/listings/{id}/viewing-slots: the times the landlord has published, still to come and with places left. */
export const ZPublishedSlots = z.object({ slots: z.array(ZViewingSlot) });
export type TPublishedSlots = z.output<typeof ZPublishedSlots>;

/** A landlord's view of one listing: slots with who booked them, by day, and who is waiting for a slot. */
export const ZListingViewings = z.object({
  propertyId: z.uuid(),
  title: z.string(),
  enquiries: z.number().int(),
  slots: z.array(
    ZViewingSlot.extend({
      cancelled: z.boolean(),
      bookings: z.array(
        z.object({
          id: z.uuid(),
          tenantName: z.string(),
          status: z.enum(VIEWING_STATUSES),
          conversationId: z.uuid(),
        }),
      ),
    }),
  ),
  waiting: z.array(z.object({ conversationId: z.uuid(), tenantName: z.string(), since: z.string() })),
});
export type TListingViewings = z.output<typeof ZListingViewings>;

/** POST /api/viewing-slots/{id}/cancel: the slot is withdrawn and this many bookings were cancelled. */
export const ZSlotCancelled = z.object({ ok: z.boolean(), cancelledBookings: z.number().int() });
/** POST /api/viewings/{id}/propose: the proposal is a line in the conversation. */
export const ZOk = z.object({ ok: z.boolean() });
