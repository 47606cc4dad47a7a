// "Schedule Viewing" shows the landlord's published times (issue 30, item 6): a signed-in tenant reads a live
// listing's slots still to come with places left, and books the one picked in the conversation the enquiry opens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListing } from '../factories/listings';
import { type CreatedUser, createLandlord, createPremiumTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { dayAhead } from '../support/dates';
import { call } from '../support/http';

const _DAY = 86_400_000;

describe('published viewing slots', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let listingId: string;
  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { premium: true });
    listingId = (await createListing(t, { landlordId: landlord.id, title: 'Slots flat' })).id;
  });
  afterAll(() => t.close());

  const publish = (body: Record<string, unknown>) =>
    call(t, 'POST', `/api/listings/${listingId}/viewing-slots`, {
      cookie: landlord.cookie,
      body: { durationMinutes: 30, note: null, ...body },
    });

  it('lists the times still open, soonest first, and a tenant books the one picked after enquiring', async () => {
    const later = (await publish({ date: dayAhead(6), startTime: '10:00', capacity: 2 })).json();
    const sooner = (await publish({ date: dayAhead(3), startTime: '18:00', capacity: 1 })).json();
    const full = (await publish({ date: dayAhead(4), startTime: '09:00', capacity: 1 })).json();
    const gone = (await publish({ date: dayAhead(5), startTime: '09:00', capacity: 1 })).json();
    const cancelled = await call(t, 'POST', `/api/viewing-slots/${gone.id}/cancel`, {
      cookie: landlord.cookie,
      body: { reason: 'Away that day' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Someone takes the only place of `full`.
    const other = await createPremiumTenant(t);
    const first = await call(t, 'POST', `/api/properties/${listingId}/enquiries`, {
      cookie: other.cookie,
      body: { message: 'Could I come and see the flat, please?' },
    });
    expect(first.statusCode, first.body).toBe(201);
    const taken = await call(t, 'POST', `/api/conversations/${first.json().conversationId}/viewings`, {
      cookie: other.cookie,
      body: { slotId: full.id },
    });
    expect(taken.statusCode, taken.body).toBe(201);

    const tenant = await createPremiumTenant(t);
    const res = await call(t, 'GET', `/api/listings/${listingId}/viewing-slots`, { cookie: tenant.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().slots.map((s: { id: string }) => s.id)).toEqual([sooner.id, later.id]);
    expect(res.json().slots[0]).not.toHaveProperty('bookings');

    const enquiry = await call(t, 'POST', `/api/properties/${listingId}/enquiries`, {
      cookie: tenant.cookie,
      body: { message: 'I would like to view it at the first time, please.' },
    });
    const booked = await call(t, 'POST', `/api/conversations/${enquiry.json().conversationId}/viewings`, {
      cookie: tenant.cookie,
      body: { slotId: sooner.id },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const after = await call(t, 'GET', `/api/listings/${listingId}/viewing-slots`, { cookie: tenant.cookie });
    expect(after.json().slots.map((s: { id: string }) => s.id)).toEqual([later.id]);
  });

  it('asks who is asking, and answers 404 for a listing that is not live or not one', async () => {
    expect((await call(t, 'GET', `/api/listings/${listingId}/viewing-slots`)).statusCode).toBe(401);
    const tenant = await createPremiumTenant(t);
    const missing = await call(t, 'GET', '/api/listings/00000000-0000-4000-8000-000000000000/viewing-slots', {
      cookie: tenant.cookie,
    });
    expect(missing.statusCode).toBe(404);
    const letAgreed = await createListing(t, {
      landlordId: landlord.id,
      title: 'Let',
      letAgreedAt: new Date(),
    });
    const res = await call(t, 'GET', `/api/listings/${letAgreed.id}/viewing-slots`, {
      cookie: tenant.cookie,
    });
    expect(res.statusCode).toBe(404);
  });
});
