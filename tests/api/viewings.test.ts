// Viewings (issue 13): slots, bookings from a conversation, the capacity race, moves, confirmation, cancellation,
// proposals, calendar emails and the 24-hour reminder.
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonInstant } from '../../src/domain/viewings';
import { viewingBookings } from '../../src/server/db/schema';
import { runViewingReminders } from '../../src/server/features/viewings/service';
import { tenantInConversation } from '../factories/conversations';
import { createListing } from '../factories/listings';
import { type CreatedUser, createLandlord, createPremiumTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { dayAhead } from '../support/dates';
import { call, emailsTo } from '../support/http';

const _DAY = 86_400_000;

describe('viewings', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let listingId: string;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { premium: true, firstName: 'Lena', lastName: 'Landlord' });
    listingId = (await createListing(t, { landlordId: landlord.id, title: 'Canal-side flat' })).id;
  });
  afterAll(() => t.close());

  const slot = (body: Record<string, unknown>, who = landlord, id = listingId) =>
    call(t, 'POST', `/api/listings/${id}/viewing-slots`, { cookie: who.cookie, body });
  const goodSlot = (overrides: Record<string, unknown> = {}) => ({
    date: dayAhead(5),
    startTime: '11:00',
    durationMinutes: 30,
    capacity: 1,
    note: 'Ring the top bell',
    ...overrides,
  });
  const newEnquirer = (name = 'Tom') => tenantInConversation(t, listingId, name);
  const book = (who: CreatedUser, conversationId: string, slotId: string) =>
    call(t, 'POST', `/api/conversations/${conversationId}/viewings`, {
      cookie: who.cookie,
      body: { slotId },
    });
  const lines = async (who: CreatedUser, conversationId: string) =>
    (await call(t, 'GET', `/api/conversations/${conversationId}/messages`, { cookie: who.cookie }))
      .json()
      .messages.filter((m: { system: boolean }) => m.system)
      .map((m: { body: string }) => m.body);

  it('lets only the landlord publish slots, 15-120 minutes, 1-10 people, in the future', async () => {
    const res = await slot(goodSlot());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      durationMinutes: 30,
      capacity: 1,
      remaining: 1,
      note: 'Ring the top bell',
    });
    expect(res.json().startsAt).toBe(londonInstant(dayAhead(5), '11:00').toISOString());

    const bad = await slot(goodSlot({ durationMinutes: 10, capacity: 11, startTime: '25:00' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['capacity', 'durationMinutes', 'startTime']);
    const past = await slot(goodSlot({ date: dayAhead(-1) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Viewing slots must start in the future');
    const stranger = await createLandlord(t, { premium: true });
    expect((await slot(goodSlot(), stranger)).statusCode).toBe(404);
  });

  it('a tenant books from their conversation; both get an email with the .ics file and a line in the thread', async () => {
    const open = (await slot(goodSlot({ date: dayAhead(6), capacity: 3 }))).json();
    const { tenant, conversationId } = await newEnquirer('Tia');
    const offered = await call(t, 'GET', `/api/conversations/${conversationId}/viewings`, {
      cookie: tenant.cookie,
    });
    expect(offered.statusCode).toBe(200);
    expect(offered.json().slots.map((s: { id: string }) => s.id)).toContain(open.id);

    const res = await book(tenant, conversationId, open.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'booked', slot: { id: open.id, remaining: 2 } });
    expect((await lines(landlord, conversationId)).at(-1)).toMatch(
      /^Tia Tenant booked a viewing for \w{3} \d{1,2} \w{3} \d{4}, 11:00\.$/,
    );
    for (const to of [tenant.email, landlord.email]) {
      const [mail] = await emailsTo(t, to, 'viewing');
      expect(mail.subject).toMatch(/^Viewing booked: Canal-side flat/);
      expect(mail.attachments).toEqual([
        { filename: 'viewing.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
      ]);
    }
    // Booking the same slot again changes nothing.
    expect((await book(tenant, conversationId, open.id)).statusCode).toBe(201);
    const active = await t.db
      .select()
      .from(viewingBookings)
      .where(
        and(eq(viewingBookings.conversationId, conversationId), ne(viewingBookings.status, 'cancelled')),
      );
    expect(active).toHaveLength(1);
  });

  it('never books a slot beyond its capacity, even when two tenants race for the last place', async () => {
    const last = (await slot(goodSlot({ date: dayAhead(7), capacity: 1 }))).json();
    const a = await newEnquirer('Ann');
    const b = await newEnquirer('Ben');
    const results = await Promise.all([
      book(a.tenant, a.conversationId, last.id),
      book(b.tenant, b.conversationId, last.id),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toBe('That slot has just been taken. Please choose another time.');
    const taken = await t.db
      .select()
      .from(viewingBookings)
      .where(and(eq(viewingBookings.slotId, last.id), ne(viewingBookings.status, 'cancelled')));
    expect(taken).toHaveLength(1);
  });

  it('moves a booking to another slot, confirms, cancels with a reason, and proposes another time', async () => {
    const first = (await slot(goodSlot({ date: dayAhead(8), capacity: 2 }))).json();
    const second = (await slot(goodSlot({ date: dayAhead(9), startTime: '17:30', capacity: 2 }))).json();
    const { tenant, conversationId } = await newEnquirer('Mo');
    const booked = (await book(tenant, conversationId, first.id)).json();
    const moved = await book(tenant, conversationId, second.id);
    expect(moved.statusCode).toBe(201);
    expect(moved.json().slot.id).toBe(second.id);
    expect((await lines(tenant, conversationId)).at(-1)).toMatch(
      /^Mo Tenant moved the viewing to .*17:30\.$/,
    );
    // Moved within minutes of the booking's email: held for one grouped email (viewing-limits.test.ts).
    const [latestMail] = await emailsTo(t, tenant.email, 'viewing');
    expect(latestMail.subject).toMatch(/^Viewing booked/);
    const old = await t.db.select().from(viewingBookings).where(eq(viewingBookings.id, booked.id));
    expect(old[0]).toMatchObject({ status: 'cancelled', cancelReason: 'Moved to another time' });

    const bookingId = moved.json().id;
    // Only the landlord confirms; only participants see the booking at all.
    expect(
      (await call(t, 'POST', `/api/viewings/${bookingId}/confirm`, { cookie: tenant.cookie })).statusCode,
    ).toBe(403);
    const stranger = await createPremiumTenant(t);
    expect(
      (await call(t, 'POST', `/api/viewings/${bookingId}/confirm`, { cookie: stranger.cookie })).statusCode,
    ).toBe(404);
    const confirmed = await call(t, 'POST', `/api/viewings/${bookingId}/confirm`, {
      cookie: landlord.cookie,
    });
    expect(confirmed.json().status).toBe('confirmed');
    expect((await lines(tenant, conversationId)).at(-1)).toMatch(/^Lena Landlord confirmed the viewing/);
    // The confirmation is not held: it goes at once, with the time the held move chose.
    const [confirmMail] = await emailsTo(t, tenant.email, 'viewing');
    expect(confirmMail.subject).toMatch(/^Viewing confirmed: Canal-side flat, .*17:30$/);

    const proposed = await call(t, 'POST', `/api/viewings/${bookingId}/propose`, {
      cookie: landlord.cookie,
      body: { slotId: first.id },
    });
    expect(proposed.statusCode).toBe(200);
    expect((await lines(tenant, conversationId)).at(-1)).toMatch(/proposed another time/);

    const noReason = await call(t, 'POST', `/api/viewings/${bookingId}/cancel`, {
      cookie: landlord.cookie,
      body: {},
    });
    expect(noReason.statusCode).toBe(400);
    const cancelled = await call(t, 'POST', `/api/viewings/${bookingId}/cancel`, {
      cookie: landlord.cookie,
      body: { reason: 'The boiler is being replaced that day' },
    });
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'The boiler is being replaced that day',
    });
    const [cancelMail] = await emailsTo(t, tenant.email, 'viewing');
    expect(cancelMail.subject).toMatch(/^Viewing cancelled/);
    expect(cancelMail.attachments).toEqual([
      { filename: 'viewing-cancelled.ics', contentType: 'text/calendar; charset=utf-8; method=CANCEL' },
    ]);
    expect(
      (await call(t, 'POST', `/api/viewings/${bookingId}/cancel`, { cookie: tenant.cookie, body: {} }))
        .statusCode,
    ).toBe(409);
  });

  it('refuses a proposal while either side has blocked the other, as it refuses messages', async () => {
    const first = (await slot(goodSlot({ date: dayAhead(11), capacity: 2 }))).json();
    const second = (await slot(goodSlot({ date: dayAhead(12), capacity: 2 }))).json();
    const { tenant, conversationId } = await newEnquirer('Bo');
    const bookingId = (await book(tenant, conversationId, first.id)).json().id;
    await call(t, 'POST', `/api/users/${landlord.id}/block`, { cookie: tenant.cookie });
    const refused = await call(t, 'POST', `/api/viewings/${bookingId}/propose`, {
      cookie: landlord.cookie,
      body: { slotId: second.id },
    });
    expect(refused.statusCode).toBe(403);
    expect((await lines(tenant, conversationId)).some((l: string) => l.includes('proposed'))).toBe(false);
    await call(t, 'DELETE', `/api/users/${landlord.id}/block`, { cookie: tenant.cookie });
  });

  it('shows the landlord enquiries, bookings by slot and who is waiting', async () => {
    const { conversationId } = await newEnquirer('Wes');
    const res = await call(t, 'GET', `/api/listings/${listingId}/viewings`, { cookie: landlord.cookie });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view.enquiries).toBeGreaterThanOrEqual(5);
    expect(view.waiting.map((w: { conversationId: string }) => w.conversationId)).toContain(conversationId);
    const booked = view.slots.flatMap((s: { bookings: { tenantName: string }[] }) => s.bookings);
    expect(booked.map((b: { tenantName: string }) => b.tenantName)).toContain('Tia Tenant');
    const stranger = await createLandlord(t, { premium: true });
    expect(
      (await call(t, 'GET', `/api/listings/${listingId}/viewings`, { cookie: stranger.cookie })).statusCode,
    ).toBe(404);
  });

  it('lifts the off-site warning once a viewing is booked', async () => {
    const open = (await slot(goodSlot({ date: dayAhead(10), capacity: 5 }))).json();
    const { tenant, conversationId } = await newEnquirer('Sal');
    await call(t, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: landlord.cookie,
      body: { body: 'Call me on 07700 900123 when you arrive.' },
    });
    const warningsNow = async () =>
      (await call(t, 'GET', `/api/conversations/${conversationId}/messages`, { cookie: tenant.cookie }))
        .json()
        .messages.at(-1).warnings;
    expect(await warningsNow()).toEqual(['offsite']);
    await book(tenant, conversationId, open.id);
    const messages = (
      await call(t, 'GET', `/api/conversations/${conversationId}/messages`, { cookie: tenant.cookie })
    ).json().messages;
    const call07700 = messages.find((m: { body: string }) => m.body.startsWith('Call me on'));
    expect(call07700.warnings).toEqual([]);
  });

  it('sends one reminder 24 hours before, to both sides, however often the job runs', async () => {
    const soon = (await slot(goodSlot({ date: dayAhead(3), startTime: '12:00', capacity: 1 }))).json();
    const { tenant, conversationId } = await newEnquirer('Rae');
    expect((await book(tenant, conversationId, soon.id)).statusCode).toBe(201);
    expect(await emailsTo(t, tenant.email, 'viewing_reminder')).toHaveLength(0);
    // Two and a half days on, the viewing is within 24 hours.
    t.clock.now = new Date(new Date(soon.startsAt).getTime() - 20 * 60 * 60 * 1000);
    expect((await runViewingReminders(t.app.ctx)).sent).toBeGreaterThanOrEqual(1);
    expect((await runViewingReminders(t.app.ctx)).sent).toBe(0);
    expect(await emailsTo(t, tenant.email, 'viewing_reminder')).toHaveLength(1);
    expect(await emailsTo(t, landlord.email, 'viewing_reminder')).not.toHaveLength(0);
  });
});
