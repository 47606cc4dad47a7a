// GET /api/figures: the counts the landing and About pages show are live counts, not copy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContractor } from '../factories/contractors';
import { createListing } from '../factories/listings';
import { createLandlord } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

describe('marketplace figures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const figures = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/figures' });
    expect(res.statusCode).toBe(200);
    return res.json() as { homesToRent: number; vettedTrades: number };
  };

  it('counts only live listings and live profiles, for visitors', async () => {
    const before = await figures();
    const landlord = await createLandlord(t);
    await createListing(t, { landlordId: landlord.id });
    await createListing(t, { landlordId: landlord.id });
    await createListing(t, { landlordId: landlord.id, status: 'pending' });
    await createListing(t, { landlordId: landlord.id, liveUntil: new Date(Date.now() - 60_000) });
    await createContractor(t);
    await createContractor(t, { status: 'pending' });

    const after = await figures();
    expect(after.homesToRent - before.homesToRent).toBe(2);
    expect(after.vettedTrades - before.vettedTrades).toBe(1);
  });

  it('may be cached briefly by anyone, since it is the same for every reader', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/figures' });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });
});
