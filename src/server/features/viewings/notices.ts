// Emails about a conversation's viewing, grouped (issue 29; docs/decisions/0052-limits-per-user.md). The first change
// is mailed to both sides at once. Later changes within VIEWING_EMAIL_WINDOW_MS are held in viewing_notices and go as
// ONE email of the latest state when the window ends (the viewing-notices job), so 25 moves in 3 seconds send two
// emails a side, not 26. A cancellation or the landlord's confirmation of a viewing the calendars show goes at once,
// with the latest state, and replaces whatever was held. The decision is taken in the change's own transaction, so a restart loses nothing held.
//
// Both sides' calendars hold one event per arranged viewing: a move is the same UID with a higher SEQUENCE (RFC 5545
// §3.8.7.4), so the file sent last replaces every earlier copy and describes the final time.

import { type AddressPrecision, addressFor } from '../../../domain/addresses';
import { viewingIcs, viewingTime } from '../../../domain/ics';
import { VIEWING_EMAIL_WINDOW_MS } from '../../../domain/limits';
import { fullName } from '../../../domain/names';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import type { MailMessage } from '../../mail/mailer';
import {
  type BookingRow,
  findBooking,
  findDueNotices,
  findLatestBooking,
  findNotice,
  findSlot,
  findViewingParties,
  lockNotice,
  type NoticeRow,
  type SlotRow,
  updateNotice,
} from './queries';

export type Change = 'booked' | 'moved' | 'confirmed' | 'cancelled';
type Headline = Change | 'reminder';

const HEADLINES: Record<Headline, string> = {
  booked: 'Viewing booked',
  moved: 'Viewing moved',
  confirmed: 'Viewing confirmed',
  cancelled: 'Viewing cancelled',
  reminder: 'Viewing tomorrow',
};

/** One email to both sides: the booking as it stands and the calendar event it updates. */
export interface ViewingNotice {
  headline: Headline;
  booking: BookingRow;
  slot: SlotRow;
  uid: string;
  sequence: number;
}

const CANCELLED = ':cancelled';
const stateOf = (booking: BookingRow) => `${booking.slotId}:${booking.status}`;
const calendarShowsIt = (row: NoticeRow) => row.announced !== null && !row.announced.endsWith(CANCELLED);

function uidFor(ctx: AppContext, bookingId: string): string {
  const host = new URL(ctx.config.publicUrl).hostname || 'yourplace';
  return `viewing-${bookingId}@${host}`;
}

/**
 * Sends now, if there is anything the last email did not say: takes the latest booking of the conversation, marks the
 * row sent, and returns the email (sent after commit). Null when the calendars already show this state.
 */
async function claim(tx: Tx, ctx: AppContext, row: NoticeRow, change: Change): Promise<ViewingNotice | null> {
  const cleared = { dueAt: null, pendingChange: null };
  // The booking the latest change was about (a move's new booking, not the one it cancelled).
  const booking =
    (row.bookingId ? await findBooking(tx, row.bookingId) : undefined) ??
    (await findLatestBooking(tx, row.conversationId));
  const slot = booking ? await findSlot(tx, booking.slotId) : undefined;
  if (!booking || !slot) {
    await updateNotice(tx, row.conversationId, cleared);
    return null;
  }
  const cancelled = booking.status === 'cancelled';
  const state = stateOf(booking);
  // Nothing new: a burst that ends where the last email left it, or a cancellation no calendar holds.
  if (state === row.announced || (cancelled && !calendarShowsIt(row))) {
    await updateNotice(tx, row.conversationId, cleared);
    return null;
  }
  // A new event after a cancelled one (or the first): its own UID. Otherwise the same event, one SEQUENCE on.
  const fresh = !row.eventUid || !calendarShowsIt(row);
  const uid = fresh ? uidFor(ctx, booking.id) : row.eventUid!;
  const sequence = fresh ? booking.sequence : row.sequence + 1;
  await updateNotice(tx, row.conversationId, {
    ...cleared,
    lastSentAt: ctx.now(),
    eventUid: uid,
    sequence,
    announced: state,
  });
  const headline: Headline = cancelled ? 'cancelled' : change === 'cancelled' ? 'booked' : change;
  return { headline, booking, slot, uid, sequence };
}

/**
 * In the transaction of a change to the conversation's viewing: the email to send once it commits, or null when the
 * change is held for the grouped email (the window since the last one has not ended).
 */
export async function noteViewingChange(
  tx: Tx,
  ctx: AppContext,
  booking: BookingRow,
  change: Change,
): Promise<ViewingNotice | null> {
  const now = ctx.now();
  const { conversationId } = booking;
  const row = { ...(await lockNotice(tx, conversationId)), bookingId: booking.id };
  await updateNotice(tx, conversationId, { bookingId: booking.id });
  const quiet =
    row.lastSentAt === null ||
    (row.dueAt === null && now.getTime() - row.lastSentAt.getTime() >= VIEWING_EMAIL_WINDOW_MS);
  // Never held, when the calendars show a viewing: a cancellation (someone may be on their way) and the landlord's
  // confirmation (what the tenant waits for; once per booking, so it cannot be repeated into a flood).
  const urgent = (change === 'cancelled' || change === 'confirmed') && calendarShowsIt(row);
  if (quiet || urgent) return claim(tx, ctx, row, change);
  const windowEnds = new Date(Math.max(row.lastSentAt!.getTime() + VIEWING_EMAIL_WINDOW_MS, now.getTime()));
  await updateNotice(tx, conversationId, { dueAt: row.dueAt ?? windowEnds, pendingChange: change });
  return null;
}

/** The viewing-notices job: every held email whose window has ended goes, with the latest state. */
export async function runViewingNotices(ctx: AppContext): Promise<{ sent: number }> {
  const now = ctx.now();
  let sent = 0;
  for (const conversationId of await findDueNotices(ctx.db, now, 200)) {
    const notice = await ctx.db.transaction(async (tx) => {
      const row = await lockNotice(tx, conversationId);
      // Another instance (or an urgent cancellation) got here first.
      if (!row.dueAt || row.dueAt > now) return null;
      return claim(tx, ctx, row, (row.pendingChange as Change | null) ?? 'moved');
    });
    if (notice) {
      await emailBoth(ctx, notice);
      sent++;
    }
  }
  return { sent };
}

/** The reminder of a live booking: the calendar event both sides hold, unchanged. */
export async function reminderNotice(
  ctx: AppContext,
  booking: BookingRow,
  slot: SlotRow,
): Promise<ViewingNotice> {
  const row = await findNotice(ctx.db, booking.conversationId);
  const known = row?.eventUid && calendarShowsIt(row);
  return {
    headline: 'reminder',
    booking,
    slot,
    uid: known ? row.eventUid! : uidFor(ctx, booking.id),
    sequence: known ? row.sequence : booking.sequence,
  };
}

function icsFor(ctx: AppContext, notice: ViewingNotice, title: string, where: string) {
  const cancelled = notice.booking.status === 'cancelled';
  return {
    filename: cancelled ? 'viewing-cancelled.ics' : 'viewing.ics',
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    content: viewingIcs({
      uid: notice.uid,
      start: notice.slot.startsAt,
      minutes: notice.slot.durationMinutes,
      summary: `Viewing: ${title}`,
      description: `Viewing of "${title}" arranged on Your Place. Messages: ${ctx.config.publicUrl}/inbox?c=${notice.booking.conversationId}`,
      location: where,
      sequence: notice.sequence,
      cancelled,
      // What the page says: waiting for the landlord until they confirm (decision 0056).
      tentative: notice.booking.status === 'booked',
      stamp: ctx.now(),
    }),
  };
}

/** Both sides hear of the viewing as it stands, each with the calendar file. */
export async function emailBoth(ctx: AppContext, notice: ViewingNotice) {
  const { booking, slot } = notice;
  try {
    const parties = await findViewingParties(ctx.db, booking.conversationId);
    if (!parties) return;
    // The landlord's own address in full; the tenant's copy names the house or flat number and full postcode only
    // once the landlord has confirmed the viewing (decision 0058), in the email and in the calendar file alike.
    const whereFor = (precision: AddressPrecision) => {
      const shown = addressFor(parties, precision);
      return [shown.address, shown.postcode].filter(Boolean).join(', ');
    };
    const cancelled = booking.status === 'cancelled';
    const reason = cancelled ? booking.cancelReason : null;
    const when = `${viewingTime(slot.startsAt)} (${slot.durationMinutes} minutes, UK time)`;
    const link = `${ctx.config.publicUrl}/inbox?c=${booking.conversationId}`;
    const people = [
      {
        to: parties.tenant.email,
        name: parties.tenant.firstName,
        other: fullName(parties.landlord.firstName, parties.landlord.lastName),
        where: whereFor(booking.status === 'confirmed' ? 'full' : 'street'),
      },
      {
        to: parties.landlord.email,
        name: parties.landlord.firstName,
        other: fullName(parties.tenant.firstName, parties.tenant.lastName),
        where: whereFor('full'),
      },
    ];
    for (const person of people) {
      const { where } = person;
      const attachments = [icsFor(ctx, notice, parties.title, where)];
      const text = [
        `Hello ${person.name || 'there'},`,
        '',
        `${HEADLINES[notice.headline]}: "${parties.title}" with ${person.other || 'the other person'}.`,
        `When: ${when}`,
        `Where: ${where}`,
        ...(reason ? [`Reason: ${reason}`] : []),
        ...(slot.note && !cancelled ? [`Note from the landlord: ${slot.note}`] : []),
        '',
        `The calendar file is attached. The conversation: ${link}`,
        '',
        'Never pay a deposit or fee for a home before you have viewed it.',
      ].join('\n');
      const message: MailMessage = {
        to: person.to,
        subject: `${HEADLINES[notice.headline]}: ${parties.title}, ${viewingTime(slot.startsAt)}`,
        text,
        kind: notice.headline === 'reminder' ? 'viewing_reminder' : 'viewing',
        attachments,
      };
      await ctx.mailer.send(message);
    }
  } catch (err) {
    ctx.log.warn({ err, bookingId: booking.id }, 'could not send the viewing email');
  }
}
