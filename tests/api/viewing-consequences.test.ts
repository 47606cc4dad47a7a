// Issue 30 item 1, "every state change carries its consequences" (decision 0056). Let agreed, deleting a listing and
// deleting an account call off the viewings still to come: the booking is cancelled, the listing's future slots are
// withdrawn, each thread gets a line and both sides get a cancelling calendar file (same UID, higher SEQUENCE). The
// landlord sees the count before pressing. A booking's calendar file is TENTATIVE until the landlord confirms it.
// On the code before this change each of these failed: the viewing stayed confirmed and nobody was told.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewingBookings, viewingSlots } from '../../src/server/db/schema';
import { tenantInConversation } from '../factories/conversations';
import { createListing } from '../factories/listings';
import { type CreatedUser, createLandlord } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { dayAhead } from '../support/dates';
import { call, deliveredTo } from '../support/http';

const _DAY = 86_400_000;

/** A property of the file's event (VEVENT), or the calendar's METHOD. */
const field = (ics: string, name: string) =>
  new RegExp(`^${name}[^:]*:(.*)$`, 'm')
    .exec(name === 'METHOD' ? ics : ics.slice(ics.indexOf('BEGIN:VEVENT')))?.[1]
    ?.trim();

describe('every state change carries its consequences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A landlord's listing with two slots to come, and a tenant booked on the first (confirmed unless told not to). */
  async function bookedViewing(options: { confirm?: boolean } = {}) {
    const landlord = await createLandlord(t, { premium: true, firstName: 'Lena', lastName: 'Landlord' });
    const listingId = (await createListing(t, { landlordId: landlord.id, title: 'Canal-side flat' })).id;
    const slots: Array<{ id: string }> = [];
    for (const startTime of ['11:00', '12:00']) {
      const res = await call(t, 'POST', `/api/listings/${listingId}/viewing-slots`, {
        cookie: landlord.cookie,
        body: { date: dayAhead(5), startTime, durationMinutes: 30, capacity: 2 },
      });
      expect(res.statusCode, res.body).toBe(201);
      slots.push(res.json());
    }
    const { tenant, conversationId } = await tenantInConversation(t, listingId, 'Tia');
    const booked = await call(t, 'POST', `/api/conversations/${conversationId}/viewings`, {
      cookie: tenant.cookie,
      body: { slotId: slots[0].id },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId: string = booked.json().id;
    if (options.confirm !== false) {
      const confirmed = await call(t, 'POST', `/api/viewings/${bookingId}/confirm`, {
        cookie: landlord.cookie,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    }
    return { landlord, tenant, listingId, conversationId, bookingId, slots };
  }

  const lines = async (who: CreatedUser, conversationId: string) =>
    (await call(t, 'GET', `/api/conversations/${conversationId}/messages`, { cookie: who.cookie }))
      .json()
      .messages.filter((m: { system: boolean }) => m.system)
      .map((m: { body: string }) => m.body);

  const upcomingOnDashboard = async (landlord: CreatedUser, listingId: string) => {
    const res = await call(t, 'GET', `/api/properties/landlord/${landlord.id}`, { cookie: landlord.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().find((p: { id: string }) => p.id === listingId).upcomingViewings;
  };

  /** The newest calendar file mailed to this address, and the one before it. */
  const calendars = async (to: string) =>
    (await deliveredTo(t, to, 'viewing')).map((mail) => mail.attachments[0].content);

  /** Both sides hold a cancelling file for the event they were sent before: same UID, a higher SEQUENCE. */
  async function expectCancelledForBoth(people: Array<{ email: string }>) {
    for (const person of people) {
      const [latest, before] = await calendars(person.email);
      expect(field(latest, 'METHOD'), person.email).toBe('CANCEL');
      expect(field(latest, 'STATUS')).toBe('CANCELLED');
      expect(field(latest, 'UID')).toBe(field(before, 'UID'));
      expect(Number(field(latest, 'SEQUENCE'))).toBeGreaterThan(Number(field(before, 'SEQUENCE')));
    }
  }

  it('a booking is TENTATIVE in the calendar until the landlord confirms it; then CONFIRMED, same UID, one on', async () => {
    const { landlord, tenant, bookingId } = await bookedViewing({ confirm: false });
    for (const person of [tenant, landlord]) {
      const [first] = await calendars(person.email);
      expect(field(first, 'STATUS'), person.email).toBe('TENTATIVE');
    }
    const confirmed = await call(t, 'POST', `/api/viewings/${bookingId}/confirm`, {
      cookie: landlord.cookie,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    for (const person of [tenant, landlord]) {
      const [latest, first] = await calendars(person.email);
      expect(field(latest, 'STATUS'), person.email).toBe('CONFIRMED');
      expect(field(latest, 'UID')).toBe(field(first, 'UID'));
      expect(Number(field(latest, 'SEQUENCE'))).toBeGreaterThan(Number(field(first, 'SEQUENCE')));
    }
  });

  it('Let agreed: the landlord sees the count first; the viewing is cancelled, slots withdrawn, both told', async () => {
    const { landlord, tenant, listingId, conversationId, bookingId } = await bookedViewing();
    expect(await upcomingOnDashboard(landlord, listingId)).toBe(1);

    const res = await call(t, 'POST', `/api/listings/${listingId}/let-agreed`, { cookie: landlord.cookie });
    expect(res.statusCode, res.body).toBe(200);

    const [booking] = await t.db.select().from(viewingBookings).where(eq(viewingBookings.id, bookingId));
    expect(booking).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Cancelled: the home is now let agreed.',
    });
    const slots = await t.db.select().from(viewingSlots).where(eq(viewingSlots.propertyId, listingId));
    expect(slots.map((s) => s.cancelledAt !== null)).toEqual([true, true]);
    const offered = await call(t, 'GET', `/api/conversations/${conversationId}/viewings`, {
      cookie: tenant.cookie,
    });
    expect(offered.json()).toMatchObject({ slots: [], booking: { status: 'cancelled' } });
    expect((await lines(tenant, conversationId)).at(-1)).toMatch(
      /^The viewing on .+, 11:00 is cancelled: the home is now let agreed\.$/,
    );
    await expectCancelledForBoth([tenant, landlord]);
    expect(await upcomingOnDashboard(landlord, listingId)).toBe(0);
  });

  it('deleting the listing tells the tenant: line in the thread and a cancelling calendar file to both', async () => {
    const { landlord, tenant, listingId, conversationId, bookingId } = await bookedViewing();
    const res = await call(t, 'DELETE', `/api/properties/${listingId}`, { cookie: landlord.cookie });
    expect(res.statusCode, res.body).toBe(204);
    const [booking] = await t.db.select().from(viewingBookings).where(eq(viewingBookings.id, bookingId));
    expect(booking.status).toBe('cancelled');
    expect((await lines(tenant, conversationId)).at(-1)).toMatch(/is cancelled: the listing was removed\.$/);
    await expectCancelledForBoth([tenant, landlord]);
  });

  it("a tenant deleting their account tells the landlord, in the thread and by email; the tenant's mail is not sent", async () => {
    const { landlord, tenant, conversationId, bookingId } = await bookedViewing();
    const res = await call(t, 'DELETE', '/api/account', {
      cookie: tenant.cookie,
      body: { password: tenant.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [booking] = await t.db.select().from(viewingBookings).where(eq(viewingBookings.id, bookingId));
    expect(booking.status).toBe('cancelled');
    expect((await lines(landlord, conversationId)).at(-1)).toMatch(
      /is cancelled: an account in this viewing was deleted\.$/,
    );
    await expectCancelledForBoth([landlord]);
  });

  it("a landlord deleting their account tells the tenant: the listing's viewings are called off", async () => {
    const { landlord, tenant, conversationId } = await bookedViewing();
    const res = await call(t, 'DELETE', '/api/account', {
      cookie: landlord.cookie,
      body: { password: landlord.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lines(tenant, conversationId)).at(-1)).toMatch(/is cancelled: the listing was removed\.$/);
    await expectCancelledForBoth([tenant]);
  });
});
