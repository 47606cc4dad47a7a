// GET /api/footer-links (issue 17): the footer links to one live home and one live trade, as doc 1's footer lists
// /properties/{id} and /contractors/{id}; chosen from what is live now, so the footer never links to a page that is
// gone, and null where nothing is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFooterLinks } from '../../src/domain/figures';
import { createContractor } from '../factories/contractors';
import { createListing } from '../factories/listings';
import { createLandlord } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';

describe('footer links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const links = async (): Promise<TFooterLinks> => {
    const res = await call(t, 'GET', '/api/footer-links');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    return res.json();
  };

  it('names no home and no trade while none is live, rather than one that is not', async () => {
    const landlord = await createLandlord(t);
    await createListing(t, { landlordId: landlord.id, status: 'pending' });
    await createContractor(t, { status: 'pending', ratings: [5] });
    expect(await links()).toEqual({ property: null, contractor: null });
  });

  it('links to the newest live home and the best-rated live trade, each of which opens', async () => {
    const landlord = await createLandlord(t);
    const hourAgo = new Date(t.clock.now.getTime() - 60 * 60_000);
    const live = await createListing(t, {
      landlordId: landlord.id,
      title: 'Canal-side flat',
      createdAt: hourAgo,
    });
    // Newer, but not open to the public.
    for (const status of ['pending', 'withdrawn', 'let', 'paused'] as const)
      await createListing(t, { landlordId: landlord.id, status });
    await createListing(t, { landlordId: landlord.id, liveUntil: new Date(t.clock.now.getTime() - 1000) });

    const trade = await createContractor(t, { businessName: 'Steady Sparks', ratings: [4, 5] });
    await createContractor(t, { businessName: 'Lesser Sparks', ratings: [3] });
    // Better rated, but not live.
    await createContractor(t, { status: 'withdrawn', ratings: [5, 5] });
    await createContractor(t, { status: 'rejected', ratings: [5, 5] });
    await createContractor(t, { liveUntil: new Date(t.clock.now.getTime() - 1000), ratings: [5, 5] });

    const footer = await links();
    expect(footer).toEqual({
      property: { id: live.id, title: 'Canal-side flat' },
      contractor: { id: trade.id, businessName: 'Steady Sparks' },
    });
    expect((await call(t, 'GET', `/api/properties/${footer.property!.id}`)).statusCode).toBe(200);
    expect((await call(t, 'GET', `/api/contractors/${footer.contractor!.id}`)).statusCode).toBe(200);
  });
});
