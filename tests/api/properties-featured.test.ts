// GET /api/properties/featured: the landing page's front window (issue 30 item 5, decision 0062), and the admins'
// pins: GET /api/admin/featured, PUT and DELETE /api/admin/featured/{id}.
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { FEATURED_MESSAGES, MAX_PINNED, type TFeaturedAdmin } from '../../src/domain/featured';
import type { TPropertyCard } from '../../src/domain/properties';
import { properties } from '../../src/server/db/schema';
import { createListing, type ListingOptions } from '../factories/listings';
import { type CreatedUser, createAdmin, createLandlord, createTenant } from '../factories/users';
import { createTestApp, resetDatabase, type TestApp } from '../support/app';
import { call } from '../support/http';
import { auditEntries } from './admin.helpers';

const DESCRIPTION =
  'A bright two bedroom flat on the second floor with a lift, a large kitchen with a dishwasher, two double ' +
  'bedrooms with fitted wardrobes, a bathroom with a shower over the bath, and a balcony facing the park.';

describe('featured homes', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  beforeEach(async () => {
    t ??= await createTestApp();
    await resetDatabase(t);
    landlord = await createLandlord(t);
  });
  afterAll(() => t?.close());

  const day = (n: number) => new Date(t.clock.now.getTime() - n * 86_400_000);
  /** A home the rules take: three photos, a full description, deposit, EPC and council tax band, confirmed lately. */
  const goodHome = (options: Partial<ListingOptions> = {}) =>
    createListing(t, {
      landlordId: landlord.id,
      images: 3,
      description: DESCRIPTION,
      depositPence: 100_000,
      epcRating: 'C',
      councilTaxBand: 'B',
      createdAt: day(3),
      ...options,
    });
  const featured = async () => {
    const res = await call(t, 'GET', '/api/properties/featured');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().properties as TPropertyCard[]).map((card) => card.title);
  };

  it('chooses by the rules: a newest listing with one cartoon photo and two lines is not featured', async () => {
    await goodHome({ title: 'Leeds flat', outcode: 'LS6' });
    await goodHome({ title: 'Manchester flat', outcode: 'M1' });
    await goodHome({ title: 'Bristol flat', outcode: 'BS1' });
    // The newest approval, with one photo and a short description: the old rule put it first.
    await createListing(t, {
      landlordId: landlord.id,
      images: 1,
      title: 'Cartoon test listing',
      description: 'Test listing, please ignore.',
      createdAt: day(0),
    });
    // Complete, but let agreed; complete, but not confirmed for 20 days; complete, but still in review.
    await goodHome({ title: 'Let agreed flat', outcode: 'B1', letAgreedAt: day(1) });
    await goodHome({ title: 'Stale flat', outcode: 'G1', createdAt: day(20), confirmedAt: day(20) });
    await goodHome({ title: 'Pending flat', outcode: 'CF10', status: 'pending' });

    const titles = await featured();
    expect(titles).toHaveLength(3);
    expect(new Set(titles)).toEqual(new Set(['Leeds flat', 'Manchester flat', 'Bristol flat']));
  });

  it('spreads the window across places and keeps one order from call to call', async () => {
    await goodHome({ title: 'LS6 a', outcode: 'LS6' });
    await goodHome({ title: 'LS6 b', outcode: 'LS6' });
    await goodHome({ title: 'LS6 c', outcode: 'LS6' });
    await goodHome({ title: 'M1 a', outcode: 'M1' });
    const first = await featured();
    // One home from LS6 only, however many qualify there.
    expect(first.filter((title) => title.startsWith('LS6'))).toHaveLength(1);
    expect(first).toContain('M1 a');
    expect(await featured()).toEqual(first);
  });

  describe('pinned by an admin', () => {
    let admin: CreatedUser;
    beforeEach(async () => {
      admin = await createAdmin(t);
    });
    const pin = (id: string, cookie = admin.cookie) =>
      call(t, 'PUT', `/api/admin/featured/${id}`, { cookie });
    const unpin = (id: string, cookie = admin.cookie) =>
      call(t, 'DELETE', `/api/admin/featured/${id}`, { cookie });

    it('lets only admins in: visitors 401, members 403', async () => {
      const home = await goodHome();
      const tenant = await createTenant(t);
      for (const [method, url] of [
        ['GET', '/api/admin/featured'],
        ['PUT', `/api/admin/featured/${home.id}`],
        ['DELETE', `/api/admin/featured/${home.id}`],
      ] as const) {
        expect((await call(t, method, url)).statusCode, `${method} ${url}`).toBe(401);
        expect((await call(t, method, url, { cookie: tenant.cookie })).statusCode).toBe(403);
        expect((await call(t, method, url, { cookie: landlord.cookie })).statusCode).toBe(403);
      }
      expect((await call(t, 'GET', '/api/admin/featured', { cookie: admin.cookie })).statusCode).toBe(200);
    });

    it('puts a pinned home first, even one the rules would not take, newest pin first; audit-logged', async () => {
      await goodHome({ title: 'Rules home', outcode: 'M1' });
      const plain = await createListing(t, {
        landlordId: landlord.id,
        images: 1,
        title: 'Chosen by an admin',
        outcode: 'LS6',
      });
      const other = await goodHome({ title: 'Pinned earlier', outcode: 'BS1' });
      expect(await featured()).not.toContain('Chosen by an admin');

      expect((await pin(other.id)).statusCode).toBe(200);
      t.clock.now = new Date(t.clock.now.getTime() + 1000);
      const res = await pin(plain.id);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as TFeaturedAdmin;
      expect(body.showing.map((h) => [h.title, h.reason])).toEqual([
        ['Chosen by an admin', 'pinned'],
        ['Pinned earlier', 'pinned'],
        ['Rules home', 'rules'],
      ]);
      expect(body.pinned[0]).toMatchObject({ id: plain.id, showable: true });
      expect(await featured()).toEqual(['Chosen by an admin', 'Pinned earlier', 'Rules home']);

      // Pinning again changes nothing and logs nothing.
      expect((await pin(plain.id)).statusCode).toBe(200);
      const entries = await auditEntries(t, 'featured.pin', plain.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actorId: admin.id, targetType: 'property' });

      const gone = await unpin(plain.id);
      expect(gone.statusCode).toBe(200);
      expect(await featured()).toEqual(['Pinned earlier', 'Rules home']);
      expect(await auditEntries(t, 'featured.unpin', plain.id)).toHaveLength(1);
      const again = await unpin(plain.id);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(FEATURED_MESSAGES.notPinned);
    });

    it('refuses a listing that is not live, let agreed, without a photo or unknown', async () => {
      const pending = await goodHome({ status: 'pending' });
      const paused = await goodHome({ status: 'paused' });
      const letAgreed = await goodHome({ letAgreedAt: day(1) });
      const bare = await createListing(t, { landlordId: landlord.id, images: 0 });
      for (const [home, message] of [
        [pending, FEATURED_MESSAGES.notLive],
        [paused, FEATURED_MESSAGES.notLive],
        [letAgreed, FEATURED_MESSAGES.letAgreed],
        [bare, FEATURED_MESSAGES.noPhoto],
      ] as const) {
        const res = await pin(home.id);
        expect(res.statusCode, home.status).toBe(409);
        expect(res.json().message).toBe(message);
      }
      expect((await pin('7b0c1c7e-4a53-4d0e-9b1e-0d2b3c4d5e6f')).statusCode).toBe(404);
      expect((await pin('not-a-uuid')).statusCode).toBe(404);
      expect(await auditEntries(t, 'featured.')).toHaveLength(0);
    });

    it(`pins at most ${MAX_PINNED} at once, even when two admins pin together`, async () => {
      const homes = [];
      for (let i = 0; i < MAX_PINNED + 2; i++) homes.push(await goodHome({ outcode: `LS${i + 1}` }));
      const second = await createAdmin(t);
      const results = await Promise.all(
        homes.map((home, i) => pin(home.id, i % 2 ? second.cookie : admin.cookie)),
      );
      expect(results.filter((res) => res.statusCode === 200)).toHaveLength(MAX_PINNED);
      const refused = results.filter((res) => res.statusCode === 409);
      expect(refused).toHaveLength(2);
      expect(refused[0].json().message).toBe(FEATURED_MESSAGES.full);
    });

    it('stops showing a pinned home that leaves the site, and keeps the pin for the admin to see', async () => {
      const home = await goodHome({ title: 'Soon let' });
      expect((await pin(home.id)).statusCode).toBe(200);
      // Marked let agreed by its landlord (the listings feature's own tests cover the button).
      await t.db.update(properties).set({ letAgreedAt: t.clock.now }).where(eq(properties.id, home.id));
      expect(await featured()).not.toContain('Soon let');
      const listed = await call(t, 'GET', '/api/admin/featured', { cookie: admin.cookie });
      expect((listed.json() as TFeaturedAdmin).pinned).toMatchObject([{ id: home.id, showable: false }]);
    });
  });
});
