// SQL for viewing slots and bookings (issue 13).
import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client';
import {
  conversations,
  properties,
  users,
  viewingBookings,
  viewingNotices,
  viewingSlots,
} from '../../db/schema';

export type SlotRow = typeof viewingSlots.$inferSelect;
export type BookingRow = typeof viewingBookings.$inferSelect;

const ACTIVE = ne(viewingBookings.status, 'cancelled');

export async function insertSlot(db: Executor, values: typeof viewingSlots.$inferInsert): Promise<SlotRow> {
  const [row] = await db.insert(viewingSlots).values(values).returning();
  return row;
}

export async function findSlot(db: Executor, id: string): Promise<SlotRow | undefined> {
  const [row] = await db.select().from(viewingSlots).where(eq(viewingSlots.id, id)).limit(1);
  return row;
}

/** The slot, locked to the end of the transaction: bookings of it queue here, so capacity holds under a race. */
export async function lockSlot(tx: Tx, id: string): Promise<SlotRow | undefined> {
  const [row] = await tx.select().from(viewingSlots).where(eq(viewingSlots.id, id)).for('update').limit(1);
  return row;
}

export async function countActiveBookings(db: Executor, slotId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(viewingBookings)
    .where(and(eq(viewingBookings.slotId, slotId), ACTIVE));
  return Number(row?.n ?? 0);
}

/** Future, open slots of a listing with how many places are left. */
export async function findOpenSlots(db: Executor, propertyId: string, now: Date) {
  return db
    .select({
      slot: viewingSlots,
      // Named with its table: a bare column here reads as the subquery's own b.id, so every slot seemed empty.
      taken: sql<number>`(select count(*)::int from viewing_bookings b where b.slot_id = "viewing_slots"."id" and b.status <> 'cancelled')`,
    })
    .from(viewingSlots)
    .where(
      and(
        eq(viewingSlots.propertyId, propertyId),
        isNull(viewingSlots.cancelledAt),
        gt(viewingSlots.startsAt, now),
      ),
    )
    .orderBy(asc(viewingSlots.startsAt));
}

/** Every slot of a listing from a day ago on (the landlord's view), cancelled ones included. */
export async function findListingSlots(db: Executor, propertyId: string, since: Date) {
  return db
    .select()
    .from(viewingSlots)
    .where(and(eq(viewingSlots.propertyId, propertyId), gt(viewingSlots.startsAt, since)))
    .orderBy(asc(viewingSlots.startsAt));
}

export async function findBookingsOfSlots(db: Executor, slotIds: string[]) {
  if (slotIds.length === 0) return [];
  return db
    .select({
      booking: viewingBookings,
      tenantName: sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
    })
    .from(viewingBookings)
    .innerJoin(users, eq(users.id, viewingBookings.tenantId))
    .where(inArray(viewingBookings.slotId, slotIds))
    .orderBy(asc(viewingBookings.createdAt));
}

/** Enquiries about a listing with no live booking: who is waiting for a slot. */
export async function findWaiting(db: Executor, propertyId: string) {
  return db
    .select({
      conversationId: conversations.id,
      createdAt: conversations.createdAt,
      tenantName: sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.starterId))
    .where(
      and(
        eq(conversations.propertyId, propertyId),
        sql`not exists (select 1 from viewing_bookings b where b.conversation_id = ${conversations.id} and b.status <> 'cancelled')`,
      ),
    )
    .orderBy(asc(conversations.createdAt));
}

export async function countEnquiries(db: Executor, propertyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(eq(conversations.propertyId, propertyId));
  return Number(row?.n ?? 0);
}

export async function findActiveBooking(
  db: Executor,
  conversationId: string,
): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(viewingBookings)
    .where(and(eq(viewingBookings.conversationId, conversationId), ACTIVE))
    .limit(1);
  return row;
}

/** The conversation's live booking, else its latest (a cancelled one still shows, with its reason). */
export async function findLatestBooking(
  db: Executor,
  conversationId: string,
): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(viewingBookings)
    .where(eq(viewingBookings.conversationId, conversationId))
    .orderBy(sql`(${viewingBookings.status} <> 'cancelled') desc, ${viewingBookings.updatedAt} desc`)
    .limit(1);
  return row;
}

export async function findBooking(db: Executor, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(viewingBookings).where(eq(viewingBookings.id, id)).limit(1);
  return row;
}

export async function lockBooking(tx: Tx, id: string): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select()
    .from(viewingBookings)
    .where(eq(viewingBookings.id, id))
    .for('update')
    .limit(1);
  return row;
}

export async function insertBooking(
  tx: Tx,
  values: typeof viewingBookings.$inferInsert,
): Promise<BookingRow> {
  const [row] = await tx.insert(viewingBookings).values(values).returning();
  return row;
}

export async function updateBooking(
  tx: Executor,
  id: string,
  values: Partial<typeof viewingBookings.$inferInsert>,
): Promise<BookingRow> {
  const [row] = await tx
    .update(viewingBookings)
    .set({ ...values, sequence: sql`${viewingBookings.sequence} + 1` })
    .where(eq(viewingBookings.id, id))
    .returning();
  return row;
}

export async function cancelSlotRow(tx: Tx, id: string, at: Date) {
  await tx.update(viewingSlots).set({ cancelledAt: at }).where(eq(viewingSlots.id, id));
}

export async function findActiveBookingsOfSlot(tx: Tx, slotId: string): Promise<BookingRow[]> {
  return tx
    .select()
    .from(viewingBookings)
    .where(and(eq(viewingBookings.slotId, slotId), ACTIVE))
    .for('update');
}

/** Live bookings whose viewing starts within `window` and that have had no reminder. */
export async function findDueReminders(db: Executor, now: Date, windowMs: number) {
  return db
    .select({ booking: viewingBookings, slot: viewingSlots })
    .from(viewingBookings)
    .innerJoin(viewingSlots, eq(viewingSlots.id, viewingBookings.slotId))
    .where(
      and(
        ACTIVE,
        isNull(viewingBookings.reminderSentAt),
        isNull(viewingSlots.cancelledAt),
        gt(viewingSlots.startsAt, now),
        lte(viewingSlots.startsAt, new Date(now.getTime() + windowMs)),
      ),
    )
    .limit(500);
}

/** Claims a reminder: true once per booking, however many job runs or instances race for it. */
export async function claimReminder(db: Executor, bookingId: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(viewingBookings)
    .set({ reminderSentAt: at })
    .where(and(eq(viewingBookings.id, bookingId), isNull(viewingBookings.reminderSentAt)))
    .returning({ id: viewingBookings.id });
  return updated.length > 0;
}

const tenantUser = alias(users, 'tenant_user');
const landlordUser = alias(users, 'landlord_user');

/** Who and what an email about a viewing names: both people, their addresses and the home. */
export async function findViewingParties(db: Executor, conversationId: string) {
  const [row] = await db
    .select({
      conversation: conversations,
      title: properties.title,
      address: properties.address,
      postcode: properties.postcode,
      outcode: properties.outcode,
      tenant: { firstName: tenantUser.firstName, lastName: tenantUser.lastName, email: tenantUser.email },
      landlord: {
        firstName: landlordUser.firstName,
        lastName: landlordUser.lastName,
        email: landlordUser.email,
      },
    })
    .from(conversations)
    .innerJoin(properties, eq(properties.id, conversations.propertyId))
    .innerJoin(tenantUser, eq(tenantUser.id, conversations.starterId))
    .innerJoin(landlordUser, eq(landlordUser.id, conversations.ownerId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row;
}

// ---- limits on slots (issue 29) ----

/** The creation times of the listing's slots made since `since`, oldest first (the daily cap, and when it lifts). */
export async function slotsCreatedSince(db: Executor, propertyId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: viewingSlots.createdAt })
    .from(viewingSlots)
    .where(and(eq(viewingSlots.propertyId, propertyId), gt(viewingSlots.createdAt, since)))
    .orderBy(asc(viewingSlots.createdAt));
  return rows.map((r) => r.at);
}

/** The start times of the listing's open slots still to come, soonest first (the cap on open slots). */
export async function openSlotStarts(db: Executor, propertyId: string, now: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: viewingSlots.startsAt })
    .from(viewingSlots)
    .where(
      and(
        eq(viewingSlots.propertyId, propertyId),
        isNull(viewingSlots.cancelledAt),
        gt(viewingSlots.startsAt, now),
      ),
    )
    .orderBy(asc(viewingSlots.startsAt));
  return rows.map((r) => r.at);
}

// ---- grouped viewing emails (issue 29) ----

export type NoticeRow = typeof viewingNotices.$inferSelect;

/** The conversation's notice row, made if missing and locked to the end of the transaction. */
export async function lockNotice(tx: Tx, conversationId: string): Promise<NoticeRow> {
  await tx.insert(viewingNotices).values({ conversationId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(viewingNotices)
    .where(eq(viewingNotices.conversationId, conversationId))
    .for('update')
    .limit(1);
  return row;
}

export async function updateNotice(
  tx: Executor,
  conversationId: string,
  values: Partial<typeof viewingNotices.$inferInsert>,
): Promise<void> {
  await tx.update(viewingNotices).set(values).where(eq(viewingNotices.conversationId, conversationId));
}

export async function findNotice(db: Executor, conversationId: string): Promise<NoticeRow | undefined> {
  const [row] = await db
    .select()
    .from(viewingNotices)
    .where(eq(viewingNotices.conversationId, conversationId))
    .limit(1);
  return row;
}

/** Conversations whose held viewing email is due. */
export async function findDueNotices(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: viewingNotices.conversationId })
    .from(viewingNotices)
    .where(lte(viewingNotices.dueAt, now))
    .orderBy(asc(viewingNotices.dueAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Viewings still to come are called off, so nobody travels to one (decision 0051): a deleted or let-agreed listing's
 * (its slots close too), or a tenant's whose account was deleted. Past and cancelled ones stay as they were. Returns
 * the bookings it cancelled, so their threads and both sides can be told (decision 0056).
 */
export async function cancelFutureViewings(
  tx: Tx,
  scope: { propertyId: string } | { tenantId: string },
  now: Date,
  reason: string,
): Promise<BookingRow[]> {
  const future = gt(viewingSlots.startsAt, now);
  const slots =
    'propertyId' in scope
      ? tx
          .select({ id: viewingSlots.id })
          .from(viewingSlots)
          .where(and(eq(viewingSlots.propertyId, scope.propertyId), future))
      : tx.select({ id: viewingSlots.id }).from(viewingSlots).where(future);
  const cancelled = await tx
    .update(viewingBookings)
    .set({
      status: 'cancelled',
      cancelReason: reason,
      sequence: sql`${viewingBookings.sequence} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        ACTIVE,
        inArray(viewingBookings.slotId, slots),
        'tenantId' in scope ? eq(viewingBookings.tenantId, scope.tenantId) : undefined,
      ),
    )
    .returning();
  if ('propertyId' in scope)
    await tx
      .update(viewingSlots)
      .set({ cancelledAt: now })
      .where(and(isNull(viewingSlots.cancelledAt), inArray(viewingSlots.id, slots)));
  return cancelled;
}

/** Per listing, how many booked or confirmed viewings are still to come (the warning before Let agreed or delete). */
export async function countUpcomingViewings(
  db: Executor,
  propertyIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  if (propertyIds.length === 0) return new Map();
  const rows = await db
    .select({ propertyId: viewingSlots.propertyId, n: sql<number>`count(*)::int` })
    .from(viewingBookings)
    .innerJoin(viewingSlots, eq(viewingSlots.id, viewingBookings.slotId))
    .where(and(ACTIVE, inArray(viewingSlots.propertyId, propertyIds), gt(viewingSlots.startsAt, now)))
    .groupBy(viewingSlots.propertyId);
  return new Map(rows.map((r) => [r.propertyId, Number(r.n)]));
}
