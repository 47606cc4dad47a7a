// Viewings (issue 13; docs/decisions/0019-viewings.md). A landlord publishes slots for a listing; a tenant in a
// conversation about it books one, moves to another or cancels; the landlord confirms, cancels with a reason or
// proposes another time. Each change posts a line in the conversation and tells both sides by email with an .ics file,
// grouped so a burst of changes sends a few emails (notices.ts). Bookings, moves and cancellations are limited per
// user (routes.ts), and a listing's slots per day and open slots to come (assertSlotAllowed). A slot
// never takes more bookings than its capacity: bookings lock the slot row, so two people racing for the last
// place are served one after the other.

import { CONVERSATION_MESSAGES } from '../../../domain/conversations';
import { AppError } from '../../../domain/errors';
import { viewingTime } from '../../../domain/ics';
import type { Actor } from '../../../domain/identity';
import { isUuid } from '../../../domain/ids';
import { LIMIT_MESSAGES, LIMITS, retryAfterSeconds } from '../../../domain/limits';
import {
  londonInstant,
  VIEWING_MESSAGES as TEXT,
  type TListingViewings,
  type TPublishedSlots,
  type TThreadViewings,
  type TViewingBooking,
  type TViewingSlot,
  type TViewingSlotRequest,
  VIEWING_REMINDER_MS,
} from '../../../domain/viewings';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { advisoryLock } from '../../db/locks';
import type { SessionUser } from '../../plugins/sessions';
import { blockedBetween, conversationView } from '../conversations/lookups';
import { postSystemLine } from '../conversations/service';
import { propertyWithLandlord } from '../properties/service';
import { emailBoth, noteViewingChange, reminderNotice, type ViewingNotice } from './notices';
import {
  type BookingRow,
  cancelSlotRow,
  claimReminder,
  countActiveBookings,
  countEnquiries,
  findActiveBooking,
  findActiveBookingsOfSlot,
  findBooking,
  findBookingsOfSlots,
  findDueReminders,
  findLatestBooking,
  findListingSlots,
  findOpenSlots,
  findSlot,
  findWaiting,
  insertBooking,
  insertSlot,
  lockBooking,
  lockSlot,
  openSlotStarts,
  type SlotRow,
  slotsCreatedSince,
  updateBooking,
} from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;

function toSlot(slot: SlotRow, taken: number): TViewingSlot {
  return {
    id: slot.id,
    startsAt: slot.startsAt.toISOString(),
    durationMinutes: slot.durationMinutes,
    capacity: slot.capacity,
    remaining: Math.max(0, slot.capacity - taken),
    note: slot.note,
  };
}

async function ownListing(ctx: AppContext, actor: Actor<SessionUser>, propertyId: string) {
  if (!isUuid(propertyId)) throw new AppError('NOT_FOUND', 'Property not found');
  const found = await propertyWithLandlord(ctx, propertyId);
  if (!found || found.property.landlordId !== actor.user.id)
    throw new AppError('NOT_FOUND', 'Property not found');
  return found.property;
}

// ---- the landlord's slots ----

/**
 * 429 when the listing has had its day's slots (LIMITS.viewingSlotsPerListing, counted over the last 24 hours) or
 * has as many open slots to come as it may hold (LIMITS.openViewingSlotsPerListing). Retry-After says when the
 * oldest of the day's slots leaves the count, or when the soonest open slot starts.
 */
async function assertSlotAllowed(tx: Tx, propertyId: string, now: Date): Promise<void> {
  const perDay = LIMITS.viewingSlotsPerListing;
  const made = await slotsCreatedSince(tx, propertyId, new Date(now.getTime() - perDay.windowMs));
  if (made.length >= perDay.max) {
    const seconds = retryAfterSeconds(
      made[made.length - perDay.max].getTime() + perDay.windowMs - now.getTime(),
    );
    throw new AppError('RATE_LIMITED', LIMIT_MESSAGES.viewingSlots(seconds)).withRetryAfter(seconds);
  }
  const open = await openSlotStarts(tx, propertyId, now);
  if (open.length >= LIMITS.openViewingSlotsPerListing.max) {
    const seconds = retryAfterSeconds(open[0].getTime() - now.getTime());
    throw new AppError('RATE_LIMITED', LIMIT_MESSAGES.openViewingSlots(seconds)).withRetryAfter(seconds);
  }
}

/** POST /api/listings/{id}/viewing-slots. */
export async function createSlot(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  propertyId: string,
  input: TViewingSlotRequest,
): Promise<TViewingSlot> {
  const property = await ownListing(ctx, actor, propertyId);
  const startsAt = londonInstant(input.date, input.startTime);
  if (startsAt <= ctx.now()) throw new AppError('VALIDATION_FAILED', TEXT.past, { startTime: [TEXT.past] });
  const slot = await ctx.db.transaction(async (tx) => {
    // The caps hold under a burst: slots of one listing are added one at a time.
    await advisoryLock(tx, `viewing-slots:${property.id}`);
    await assertSlotAllowed(tx, property.id, ctx.now());
    return insertSlot(tx, {
      propertyId: property.id,
      startsAt,
      durationMinutes: input.durationMinutes,
      capacity: input.capacity,
      note: input.note,
      createdAt: ctx.now(),
    });
  });
  return toSlot(slot, 0);
}

/**
 * GET /api/listings/{id}/viewing-slots: the published times a tenant may pick from "Schedule Viewing" (issue 30),
 * only for a live listing that takes enquiries (404 otherwise, as for an id that is not one). Times and places only:
 * who booked stays the landlord's to see.
 */
export async function publishedSlots(ctx: AppContext, propertyId: string): Promise<TPublishedSlots> {
  if (!isUuid(propertyId)) throw new AppError('NOT_FOUND', 'Property not found');
  const found = await propertyWithLandlord(ctx, propertyId);
  if (found?.property.status !== 'live' || found.property.letAgreedAt)
    throw new AppError('NOT_FOUND', 'Property not found');
  const open = await findOpenSlots(ctx.db, propertyId, ctx.now());
  return { slots: open.map((o) => toSlot(o.slot, Number(o.taken))).filter((slot) => slot.remaining > 0) };
}

/** GET /api/listings/{id}/viewings: the landlord's view of one listing. */
export async function listingViewings(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  propertyId: string,
): Promise<TListingViewings> {
  const property = await ownListing(ctx, actor, propertyId);
  const now = ctx.now();
  const [slots, waiting, enquiries] = await Promise.all([
    findListingSlots(ctx.db, property.id, new Date(now.getTime() - DAY_MS)),
    findWaiting(ctx.db, property.id),
    countEnquiries(ctx.db, property.id),
  ]);
  const bookings = await findBookingsOfSlots(
    ctx.db,
    slots.map((s) => s.id),
  );
  return {
    propertyId: property.id,
    title: property.title,
    enquiries,
    slots: slots.map((slot) => {
      const mine = bookings.filter((b) => b.booking.slotId === slot.id);
      const active = mine.filter((b) => b.booking.status !== 'cancelled');
      return {
        ...toSlot(slot, active.length),
        cancelled: slot.cancelledAt !== null,
        bookings: active.map((b) => ({
          id: b.booking.id,
          tenantName: b.tenantName || 'A tenant',
          status: b.booking.status,
          conversationId: b.booking.conversationId,
        })),
      };
    }),
    waiting: waiting.map((w) => ({
      conversationId: w.conversationId,
      tenantName: w.tenantName || 'A tenant',
      since: w.createdAt.toISOString(),
    })),
  };
}

/** POST /api/viewing-slots/{id}/cancel: the landlord withdraws a slot; its bookings are cancelled with the reason. */
export async function cancelSlot(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  slotId: string,
  reason: string | null,
) {
  if (!reason)
    throw new AppError('VALIDATION_FAILED', TEXT.reasonRequired, { reason: [TEXT.reasonRequired] });
  if (!isUuid(slotId)) throw new AppError('NOT_FOUND', TEXT.slotGone);
  const slot = await findSlot(ctx.db, slotId);
  if (!slot) throw new AppError('NOT_FOUND', TEXT.slotGone);
  await ownListing(ctx, actor, slot.propertyId);
  const now = ctx.now();
  const cancelled = await ctx.db.transaction(async (tx) => {
    await lockSlot(tx, slotId);
    await cancelSlotRow(tx, slotId, now);
    const active = await findActiveBookingsOfSlot(tx, slotId);
    const notices: ViewingNotice[] = [];
    for (const booking of active) {
      const row = await updateBooking(tx, booking.id, {
        status: 'cancelled',
        cancelReason: reason,
        updatedAt: now,
      });
      await postSystemLine(
        tx,
        row.conversationId,
        `The landlord cancelled the viewing on ${viewingTime(slot.startsAt)}: ${reason}`,
        now,
      );
      const notice = await noteViewingChange(tx, ctx, row, 'cancelled');
      if (notice) notices.push(notice);
    }
    return { count: active.length, notices };
  });
  for (const notice of cancelled.notices) await emailBoth(ctx, notice);
  return { ok: true, cancelledBookings: cancelled.count };
}

// ---- in a conversation ----

async function enquiryOf(ctx: AppContext, actor: Actor<SessionUser>, conversationId: string) {
  if (!isUuid(conversationId)) throw new AppError('NOT_FOUND', 'Conversation not found');
  const view = await conversationView(ctx.db, conversationId);
  const side =
    view?.starter_id === actor.user.id ? 'starter' : view?.owner_id === actor.user.id ? 'owner' : null;
  if (!view || !side) throw new AppError('NOT_FOUND', 'Conversation not found');
  if (view.kind !== 'enquiry' || !view.property_id) throw new AppError('CONFLICT', TEXT.noConversation);
  return { view, side: side as 'starter' | 'owner', propertyId: view.property_id };
}

async function toBooking(ctx: AppContext, booking: BookingRow): Promise<TViewingBooking> {
  const slot = await findSlot(ctx.db, booking.slotId);
  const taken = slot ? await countActiveBookings(ctx.db, slot.id) : 0;
  return {
    id: booking.id,
    slot: slot
      ? toSlot(slot, taken)
      : { id: booking.slotId, startsAt: '', durationMinutes: 0, capacity: 0, remaining: 0, note: null },
    status: booking.status,
    cancelReason: booking.cancelReason,
  };
}

/** GET /api/conversations/{id}/viewings: the booking, and the slots open to choose from. */
export async function threadViewings(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  conversationId: string,
): Promise<TThreadViewings> {
  const { side, propertyId } = await enquiryOf(ctx, actor, conversationId);
  const [latest, open] = await Promise.all([
    findLatestBooking(ctx.db, conversationId),
    findOpenSlots(ctx.db, propertyId, ctx.now()),
  ]);
  return {
    role: side,
    booking: latest ? await toBooking(ctx, latest) : null,
    slots: open.map((o) => toSlot(o.slot, Number(o.taken))).filter((s) => s.remaining > 0),
  };
}

/** POST /api/conversations/{id}/viewings {slotId}: book a place, or move an existing booking to this slot. */
export async function bookViewing(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  conversationId: string,
  slotId: string,
): Promise<TViewingBooking> {
  const { view, side, propertyId } = await enquiryOf(ctx, actor, conversationId);
  if (side !== 'starter') throw new AppError('FORBIDDEN', TEXT.notTenant);
  if (await blockedBetween(ctx.db, view.starter_id, view.owner_id))
    throw new AppError('FORBIDDEN', 'You cannot message this person.');
  const now = ctx.now();
  const name = view.starter_name || 'The tenant';
  const result = await ctx.db.transaction(async (tx) => {
    const slot = await lockSlot(tx, slotId);
    if (!slot || slot.propertyId !== propertyId || slot.cancelledAt || slot.startsAt <= now)
      throw new AppError('CONFLICT', TEXT.slotGone);
    const existing = await findActiveBooking(tx, conversationId);
    if (existing?.slotId === slotId) return { booking: existing, notice: null };
    if ((await countActiveBookings(tx, slotId)) >= slot.capacity) throw new AppError('CONFLICT', TEXT.full);
    let moved: BookingRow | null = null;
    if (existing) {
      moved = await updateBooking(tx, existing.id, {
        status: 'cancelled',
        cancelReason: 'Moved to another time',
        updatedAt: now,
      });
    }
    const booking = await insertBooking(tx, {
      slotId,
      conversationId,
      tenantId: actor.user.id,
      status: 'booked',
      createdAt: now,
      updatedAt: now,
    });
    await postSystemLine(
      tx,
      conversationId,
      moved
        ? `${name} moved the viewing to ${viewingTime(slot.startsAt)}.`
        : `${name} booked a viewing for ${viewingTime(slot.startsAt)}.`,
      now,
    );
    return { booking, notice: await noteViewingChange(tx, ctx, booking, moved ? 'moved' : 'booked') };
  });
  if (result.notice) await emailBoth(ctx, result.notice);
  return toBooking(ctx, result.booking);
}

async function bookingFor(ctx: AppContext, actor: Actor<SessionUser>, bookingId: string) {
  if (!isUuid(bookingId)) throw new AppError('NOT_FOUND', TEXT.notFound);
  const booking = await findBooking(ctx.db, bookingId);
  if (!booking) throw new AppError('NOT_FOUND', TEXT.notFound);
  const { view, side } = await enquiryOf(ctx, actor, booking.conversationId).catch(() => {
    throw new AppError('NOT_FOUND', TEXT.notFound);
  });
  return { booking, view, side };
}

/** POST /api/viewings/{id}/confirm: the landlord confirms a booked viewing. */
export async function confirmViewing(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  bookingId: string,
): Promise<TViewingBooking> {
  const { side, view } = await bookingFor(ctx, actor, bookingId);
  if (side !== 'owner') throw new AppError('FORBIDDEN', TEXT.notYours);
  const now = ctx.now();
  const { row, notice } = await ctx.db.transaction(async (tx) => {
    const current = await lockBooking(tx, bookingId);
    if (!current || current.status === 'cancelled') throw new AppError('CONFLICT', TEXT.alreadyCancelled);
    const slot = (await findSlot(tx, current.slotId))!;
    if (current.status === 'confirmed') return { row: current, notice: null };
    const row = await updateBooking(tx, bookingId, { status: 'confirmed', updatedAt: now });
    await postSystemLine(
      tx,
      row.conversationId,
      `${view.owner_name || 'The landlord'} confirmed the viewing on ${viewingTime(slot.startsAt)}.`,
      now,
    );
    return { row, notice: await noteViewingChange(tx, ctx, row, 'confirmed') };
  });
  if (notice) await emailBoth(ctx, notice);
  return toBooking(ctx, row);
}

/** POST /api/viewings/{id}/cancel {reason}: either side; the landlord must say why. */
export async function cancelViewing(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  bookingId: string,
  reason: string | null,
): Promise<TViewingBooking> {
  const { side, view } = await bookingFor(ctx, actor, bookingId);
  if (side === 'owner' && !reason)
    throw new AppError('VALIDATION_FAILED', TEXT.reasonRequired, { reason: [TEXT.reasonRequired] });
  const now = ctx.now();
  const { row, notice } = await ctx.db.transaction(async (tx) => {
    const current = await lockBooking(tx, bookingId);
    if (!current || current.status === 'cancelled') throw new AppError('CONFLICT', TEXT.alreadyCancelled);
    const slot = (await findSlot(tx, current.slotId))!;
    const row = await updateBooking(tx, bookingId, {
      status: 'cancelled',
      cancelReason: reason,
      updatedAt: now,
    });
    const who = side === 'owner' ? view.owner_name || 'The landlord' : view.starter_name || 'The tenant';
    await postSystemLine(
      tx,
      row.conversationId,
      `${who} cancelled the viewing on ${viewingTime(slot.startsAt)}${reason ? `: ${reason}` : '.'}`,
      now,
    );
    return { row, notice: await noteViewingChange(tx, ctx, row, 'cancelled') };
  });
  if (notice) await emailBoth(ctx, notice);
  return toBooking(ctx, row);
}

/** POST /api/viewings/{id}/propose {slotId}: the landlord suggests another of the listing's open slots. */
export async function proposeViewing(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  bookingId: string,
  slotId: string,
) {
  const { side, view, booking } = await bookingFor(ctx, actor, bookingId);
  if (side !== 'owner') throw new AppError('FORBIDDEN', TEXT.notYours);
  // A proposal is a line in the conversation: not while either side has blocked the other (as for messages).
  if (await blockedBetween(ctx.db, view.starter_id, view.owner_id))
    throw new AppError('FORBIDDEN', 'You cannot message this person.');
  // Nobody would come: the tenant deleted their account (decision 0051).
  if (view.starter_deleted) throw new AppError('CONFLICT', CONVERSATION_MESSAGES.otherPartyDeleted);
  const slot = isUuid(slotId) ? await findSlot(ctx.db, slotId) : undefined;
  const now = ctx.now();
  if (
    !slot ||
    slot.propertyId !== view.property_id ||
    slot.cancelledAt ||
    slot.startsAt <= now ||
    slot.id === booking.slotId
  )
    throw new AppError('CONFLICT', TEXT.slotGone);
  await ctx.db.transaction((tx) =>
    postSystemLine(
      tx,
      booking.conversationId,
      `${view.owner_name || 'The landlord'} proposed another time: ${viewingTime(slot.startsAt)}. Choose it below to move your viewing.`,
      now,
    ),
  );
  return { ok: true };
}

// ---- reminders ----

/** The reminder job: every live booking starting within 24 hours gets one reminder to both sides, once. */
export async function runViewingReminders(ctx: AppContext): Promise<{ sent: number }> {
  const now = ctx.now();
  const due = await findDueReminders(ctx.db, now, VIEWING_REMINDER_MS);
  let sent = 0;
  for (const { booking, slot } of due) {
    if (!(await claimReminder(ctx.db, booking.id, now))) continue;
    await emailBoth(ctx, await reminderNotice(ctx, booking, slot));
    sent++;
  }
  return { sent };
}
