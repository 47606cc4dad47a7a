// Issue 29, "bound what one user can set off", for viewings: per-user limits on bookings, moves and cancellations,
// caps on a listing's slots, and emails about one booking grouped so a burst of changes sends a few, not one each.
// On today's main, 25 moves sent 26 emails a side and slots had no cap: each test below failed there.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, VIEWING_EMAIL_WINDOW_MS } from '../../src/domain/limits';
import { londonInstant } from '../../src/domain/viewings';
import { viewingNotices, viewingSlots } from '../../src/server/db/schema';
import { runViewingNotices } from '../../src/server/features/viewings/notices';
import { tenantInConversation } from '../factories/conversations';
import { createListing } from '../factories/listings';
import { type CreatedUser, createLandlord } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { dayAhead } from '../support/dates';
import { call, deliveredTo, emailsTo } from '../support/http';

const DAY = 86_400_000;

describe('viewing limits and grouped emails', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function listingWithSlots(times: string[], day = 5) {
    const landlord = await createLandlord(t, { premium: true, firstName: 'Lena', lastName: 'Landlord' });
    const listingId = (await createListing(t, { landlordId: landlord.id, title: 'Canal-side flat' })).id;
    const slots: Array<{ id: string; startsAt: string }> = [];
    for (const startTime of times) {
      const res = await call(t, 'POST', `/api/listings/${listingId}/viewing-slots`, {
        cookie: landlord.cookie,
        body: { date: dayAhead(day), startTime, durationMinutes: 30, capacity: 1 },
      });
      expect(res.statusCode, res.body).toBe(201);
      slots.push(res.json());
    }
    return { landlord, listingId, slots };
  }
  const newEnquirer = (listingId: string) => tenantInConversation(t, listingId);
  const book = (who: CreatedUser, conversationId: string, slotId: string) =>
    call(t, 'POST', `/api/conversations/${conversationId}/viewings`, {
      cookie: who.cookie,
      body: { slotId },
    });
  const cancel = (who: CreatedUser, bookingId: string, reason?: string) =>
    call(t, 'POST', `/api/viewings/${bookingId}/cancel`, {
      cookie: who.cookie,
      body: reason ? { reason } : {},
    });
  /** The held email's window ends: the job runs as it would a minute later. */
  const windowPasses = async () => {
    t.clock.now = new Date(Date.now() + VIEWING_EMAIL_WINDOW_MS + 60_000);
    return runViewingNotices(t.app.ctx);
  };
  /** A property of the file's event (VEVENT), not of its time zone's rules. */
  const field = (ics: string, name: string) =>
    new RegExp(`^${name}[^:]*:(.*)$`, 'm')
      .exec(name === 'METHOD' ? ics : ics.slice(ics.indexOf('BEGIN:VEVENT')))?.[1]
      ?.trim();

  it('25 moves send two emails a side; the last has the final time, the same UID and a higher SEQUENCE', async () => {
    const { landlord, listingId, slots } = await listingWithSlots(['10:00', '11:00', '12:00']);
    const { tenant, conversationId } = await newEnquirer(listingId);
    expect((await book(tenant, conversationId, slots[0].id)).statusCode).toBe(201);
    const answers: number[] = [];
    let finalSlot = slots[0];
    for (let move = 1; move <= 25; move++) {
      const target = slots[move % 3];
      const res = await book(tenant, conversationId, target.id);
      answers.push(res.statusCode);
      if (res.statusCode === 201) finalSlot = target;
      else {
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
        expect(res.json().message).toMatch(/booked or moved viewings 20 times in the last hour/);
      }
    }
    // The booking and 19 moves are let through, the rest refused.
    expect(answers.filter((s) => s === 201)).toHaveLength(LIMITS.viewingBookingsPerUser.max - 1);
    expect(answers.filter((s) => s === 429)).toHaveLength(25 - (LIMITS.viewingBookingsPerUser.max - 1));

    // So far: the booking's email, at once. The moves are held in the database, not in memory.
    for (const to of [tenant.email, landlord.email]) expect(await emailsTo(t, to, 'viewing')).toHaveLength(1);
    const [held] = await t.db
      .select()
      .from(viewingNotices)
      .where(eq(viewingNotices.conversationId, conversationId));
    expect(held.dueAt).not.toBeNull();
    expect(held.pendingChange).toBe('moved');

    expect((await windowPasses()).sent).toBeGreaterThanOrEqual(1);
    expect((await runViewingNotices(t.app.ctx)).sent).toBe(0);
    for (const to of [tenant.email, landlord.email]) {
      const mails = await emailsTo(t, to, 'viewing');
      expect(mails.length).toBeLessThanOrEqual(3);
      expect(mails).toHaveLength(2);
      const [last, first] = await deliveredTo(t, to, 'viewing');
      expect(last.subject).toMatch(/^Viewing moved: Canal-side flat/);
      expect(last.attachments).toHaveLength(1);
      const finalIcs = last.attachments[0].content;
      const firstIcs = first.attachments[0].content;
      const local = (iso: string) =>
        new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' })
          .format(new Date(iso))
          .replace(':', '');
      expect(field(finalIcs, 'DTSTART')).toMatch(new RegExp(`T${local(finalSlot.startsAt)}00$`));
      expect(field(finalIcs, 'METHOD')).toBe('PUBLISH');
      expect(field(finalIcs, 'UID')).toBe(field(firstIcs, 'UID'));
      expect(Number(field(finalIcs, 'SEQUENCE'))).toBeGreaterThan(Number(field(firstIcs, 'SEQUENCE')));
    }
  });

  it('a cancellation goes at once and replaces the held move; nothing more is sent after it', async () => {
    const { landlord, listingId, slots } = await listingWithSlots(['14:00', '15:00'], 6);
    const { tenant, conversationId } = await newEnquirer(listingId);
    await book(tenant, conversationId, slots[0].id);
    const moved = await book(tenant, conversationId, slots[1].id);
    expect(moved.statusCode).toBe(201);
    const cancelled = await cancel(landlord, moved.json().id, 'The boiler is being replaced');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const to of [tenant.email, landlord.email]) {
      const [latest] = await deliveredTo(t, to, 'viewing');
      expect(latest.subject).toMatch(/^Viewing cancelled/);
      expect(latest.text).toContain('Reason: The boiler is being replaced');
      expect(field(latest.attachments[0].content, 'METHOD')).toBe('CANCEL');
    }
    await windowPasses();
    for (const to of [tenant.email, landlord.email]) expect(await emailsTo(t, to, 'viewing')).toHaveLength(2);
  });

  it('limits cancellations per user, with a clear 429 and Retry-After', async () => {
    const times = Array.from({ length: 12 }, (_, i) => `${String(8 + i).padStart(2, '0')}:00`);
    const { listingId, slots } = await listingWithSlots(times, 7);
    const { tenant, conversationId } = await newEnquirer(listingId);
    const answers: number[] = [];
    for (let i = 0; i <= LIMITS.viewingCancellationsPerUser.max; i++) {
      const booked = await book(tenant, conversationId, slots[i].id);
      expect(booked.statusCode, booked.body).toBe(201);
      const res = await cancel(tenant, booked.json().id);
      answers.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
        expect(res.json().message).toMatch(/cancelled 10 viewings in the last hour/);
      }
    }
    expect(answers.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('caps the slots a listing gets in a day, and its open slots to come', async () => {
    const landlord = await createLandlord(t, { premium: true });
    const listingId = (await createListing(t, { landlordId: landlord.id })).id;
    const add = (minute: number) =>
      call(t, 'POST', `/api/listings/${listingId}/viewing-slots`, {
        cookie: landlord.cookie,
        body: {
          date: dayAhead(9),
          startTime: `${String(8 + Math.floor(minute / 4)).padStart(2, '0')}:${String((minute % 4) * 15).padStart(2, '0')}`,
          durationMinutes: 15,
          capacity: 1,
        },
      });
    for (let i = 0; i < LIMITS.viewingSlotsPerListing.max; i++) expect((await add(i)).statusCode).toBe(201);
    const refused = await add(LIMITS.viewingSlotsPerListing.max);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(refused.json().message).toMatch(/30 viewing slots added in the last 24 hours/);

    // A day on, the daily count is clear; the open slots to come are capped whenever they were made.
    const other = (await createListing(t, { landlordId: landlord.id })).id;
    const yesterday = new Date(Date.now() - 2 * DAY);
    await t.db.insert(viewingSlots).values(
      Array.from({ length: LIMITS.openViewingSlotsPerListing.max }, (_, i) => ({
        propertyId: other,
        startsAt: new Date(londonInstant(dayAhead(3), '09:00').getTime() + i * 3_600_000),
        durationMinutes: 30,
        capacity: 1,
        createdAt: yesterday,
      })),
    );
    const full = await call(t, 'POST', `/api/listings/${other}/viewing-slots`, {
      cookie: landlord.cookie,
      body: { date: dayAhead(20), startTime: '10:00', durationMinutes: 30, capacity: 1 },
    });
    expect(full.statusCode).toBe(429);
    expect(full.headers['retry-after']).toMatch(/^\d+$/);
    expect(full.json().message).toMatch(/already has 60 viewing slots to come/);
  });
});
