// Saving homes and searches (doc 1 "Tenant dashboard", §4 "Save property", §5 saved search, §6 roles, §7 calls).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SEARCH_LIMIT_MESSAGE } from '../../src/domain/listings';
import { properties, propertyInteractions, savedSearches } from '../../src/server/db/schema';
import { createListing } from '../factories/listings';
import { createSavedSearch } from '../factories/saved-searches';
import { createAdmin, createLandlord, createPremiumTenant, createTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, serverErrors } from '../support/http';

describe('saved homes and searches', () => {
  let t: TestApp;
  let landlordId: string;
  beforeAll(async () => {
    t = await createTestApp();
    landlordId = (await createLandlord(t, { premium: true })).id;
  });
  afterAll(() => t.close());

  const interact = (cookie: string | undefined, body: unknown) =>
    call(t, 'POST', '/api/property-interactions', { cookie, body });

  describe('POST /api/property-interactions', () => {
    it('asks a visitor to sign in, for a save and for a view', async () => {
      const home = await createListing(t, { landlordId: landlordId });
      for (const type of ['save', 'view']) {
        const res = await interact(undefined, { propertyId: home.id, type });
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('UNAUTHENTICATED');
      }
    });

    it('keeps saving for premium members, and records a free tenant’s view', async () => {
      const home = await createListing(t, { landlordId: landlordId });
      const free = await createTenant(t);
      const save = await interact(free.cookie, { propertyId: home.id, type: 'save' });
      expect(save.statusCode).toBe(403);
      expect(save.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' });
      const view = await interact(free.cookie, { propertyId: home.id, type: 'view' });
      expect(view.statusCode).toBe(201);
      expect(view.json()).toEqual({ viewed: true });
      const rows = await t.db
        .select()
        .from(propertyInteractions)
        .where(eq(propertyInteractions.userId, free.id));
      expect(rows.map((r) => r.type)).toEqual(['view']);
    });

    it('saves homes for Tenant Premium only: a free tenant is offered it, other accounts told it is for tenants', async () => {
      const home = await createListing(t, { landlordId: landlordId });
      const free = await createTenant(t);
      const refusedFree = await interact(free.cookie, { propertyId: home.id, type: 'save' });
      expect(refusedFree.statusCode).toBe(403);
      expect(refusedFree.json()).toMatchObject({ code: 'PREMIUM_REQUIRED', feature: 'saveHomes' });
      expect(refusedFree.json().message).toMatch(/^Tenant Premium lets you keep a shortlist/);
      for (const other of [
        await createLandlord(t),
        await createLandlord(t, { premium: true }),
        await createAdmin(t),
      ]) {
        const res = await interact(other.cookie, { propertyId: home.id, type: 'save' });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN', feature: 'saveHomes' });
        expect(res.json().message).toBe('This is for tenant accounts with Tenant Premium.');
      }
    });

    it('saves once: 201 the first time, 200 after, one row', async () => {
      const home = await createListing(t, { landlordId: landlordId });
      const tenant = await createPremiumTenant(t);
      const first = await interact(tenant.cookie, { propertyId: home.id, type: 'save' });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ saved: true });
      const again = await interact(tenant.cookie, { propertyId: home.id, type: 'save' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ saved: true });
      const rows = await t.db
        .select()
        .from(propertyInteractions)
        .where(and(eq(propertyInteractions.userId, tenant.id), eq(propertyInteractions.type, 'save')));
      expect(rows).toHaveLength(1);
    });

    it('answers 404 for an unknown, pending or expired listing alike', async () => {
      const tenant = await createPremiumTenant(t);
      const pending = await createListing(t, { landlordId, status: 'pending', publishedAt: null });
      const expired = await createListing(t, { landlordId, liveUntil: new Date(Date.now() - 60_000) });
      for (const propertyId of ['00000000-0000-4000-8000-000000000000', pending.id, expired.id]) {
        const res = await interact(tenant.cookie, { propertyId, type: 'save' });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('Property not found');
      }
    });

    it('refuses bad input with 400, never a server error', async () => {
      const tenant = await createPremiumTenant(t);
      const home = await createListing(t, { landlordId: landlordId });
      const badType = await interact(tenant.cookie, { propertyId: home.id, type: 'like' });
      expect(badType.statusCode).toBe(400);
      expect(badType.json().fieldErrors.type).toEqual(['Type must be save or view']);
      const badId = await interact(tenant.cookie, { propertyId: 'abc', type: 'save' });
      expect(badId.statusCode).toBe(400);
      // A NUL character (which PostgreSQL cannot store) is dropped rather than failing the request.
      expect(
        (await interact(tenant.cookie, { propertyId: `${home.id}\u0000`, type: 'save' })).statusCode,
      ).toBe(201);
      expect(
        (await interact(tenant.cookie, { propertyId: home.id, type: 'save', extra: 1 })).statusCode,
      ).toBe(400);
    });
  });

  describe('saved properties', () => {
    it('asks a visitor to sign in and a free tenant to upgrade', async () => {
      expect((await call(t, 'GET', '/api/saved-properties')).statusCode).toBe(401);
      const free = await createTenant(t);
      const res = await call(t, 'GET', '/api/saved-properties', { cookie: free.cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PREMIUM_REQUIRED');
    });

    it('lists the member’s live saved homes, newest save first, with title, location and price', async () => {
      const tenant = await createPremiumTenant(t);
      const other = await createPremiumTenant(t);
      const older = await createListing(t, {
        landlordId,
        title: 'Older save',
        rent: 800,
        images: ['/demo/a.webp'],
      });
      const newer = await createListing(t, {
        landlordId,
        title: 'Newer save',
        outcode: 'M1',
        rent: 1250.5,
      });
      const hidden = await createListing(t, { landlordId, title: 'Withdrawn later' });
      await interact(tenant.cookie, { propertyId: older.id, type: 'save' });
      await interact(tenant.cookie, { propertyId: hidden.id, type: 'save' });
      await interact(tenant.cookie, { propertyId: newer.id, type: 'save' });
      await interact(other.cookie, { propertyId: older.id, type: 'save' });
      await t.db
        .update(propertyInteractions)
        .set({ createdAt: new Date('2030-01-01') })
        .where(eq(propertyInteractions.propertyId, newer.id));
      await t.db.update(properties).set({ status: 'withdrawn' }).where(eq(properties.id, hidden.id));

      const res = await call(t, 'GET', '/api/saved-properties', { cookie: tenant.cookie });
      expect(res.statusCode).toBe(200);
      const list = res.json();
      expect(list.map((p: { title: string }) => p.title)).toEqual(['Newer save', 'Older save']);
      expect(list[0]).toMatchObject({
        id: newer.id,
        location: 'Manchester M1',
        price: 1250.5,
        monthlyRent: 1250.5,
        bedrooms: 2,
      });
      expect(list[1]).toMatchObject({
        id: older.id,
        location: 'Leeds LS1',
        price: 800,
        thumbnailUrl: '/demo/a-thumb.webp',
      });
      expect(typeof list[1].savedAt).toBe('string');
    });

    it('unsaves with DELETE /api/saved-properties/{id}, and answers 404 when it is not saved', async () => {
      const tenant = await createPremiumTenant(t);
      const home = await createListing(t, { landlordId: landlordId });
      await interact(tenant.cookie, { propertyId: home.id, type: 'save' });
      expect((await call(t, 'DELETE', `/api/saved-properties/${home.id}`)).statusCode).toBe(401);
      const removed = await call(t, 'DELETE', `/api/saved-properties/${home.id}`, { cookie: tenant.cookie });
      expect(removed.statusCode).toBe(204);
      expect((await call(t, 'GET', '/api/saved-properties', { cookie: tenant.cookie })).json()).toEqual([]);
      const again = await call(t, 'DELETE', `/api/saved-properties/${home.id}`, { cookie: tenant.cookie });
      expect(again.statusCode).toBe(404);
      expect(
        (await call(t, 'DELETE', '/api/saved-properties/not-a-uuid', { cookie: tenant.cookie })).statusCode,
      ).toBe(404);
      // Saving again after an unsave is a new save.
      expect((await interact(tenant.cookie, { propertyId: home.id, type: 'save' })).statusCode).toBe(201);
    });

    it('lets a member whose subscription lapsed still remove a saved home', async () => {
      const tenant = await createTenant(t);
      const home = await createListing(t, { landlordId: landlordId });
      await t.db
        .insert(propertyInteractions)
        .values({ userId: tenant.id, propertyId: home.id, type: 'save' });
      const res = await call(t, 'DELETE', `/api/saved-properties/${home.id}`, { cookie: tenant.cookie });
      expect(res.statusCode).toBe(204);
    });

    it('never removes another user’s save', async () => {
      const owner = await createPremiumTenant(t);
      const other = await createPremiumTenant(t);
      const home = await createListing(t, { landlordId: landlordId });
      await interact(owner.cookie, { propertyId: home.id, type: 'save' });
      expect(
        (await call(t, 'DELETE', `/api/saved-properties/${home.id}`, { cookie: other.cookie })).statusCode,
      ).toBe(404);
      expect((await call(t, 'GET', '/api/saved-properties', { cookie: owner.cookie })).json()).toHaveLength(
        1,
      );
    });
  });

  describe('GET /api/property-interactions/summary', () => {
    const summary = (cookie?: string) => call(t, 'GET', '/api/property-interactions/summary', { cookie });

    it('asks a visitor to sign in', async () => {
      const res = await summary();
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    });

    it('counts distinct homes viewed and live saved homes, for this user only', async () => {
      const tenant = await createPremiumTenant(t);
      const other = await createPremiumTenant(t);
      const [first, second, third] = [
        await createListing(t, { landlordId: landlordId }),
        await createListing(t, { landlordId: landlordId }),
        await createListing(t, { landlordId: landlordId }),
      ];
      expect((await summary(tenant.cookie)).json()).toEqual({ saved: 0, viewed: 0 });

      // The same home viewed twice is one home viewed.
      await interact(tenant.cookie, { propertyId: first.id, type: 'view' });
      await interact(tenant.cookie, { propertyId: first.id, type: 'view' });
      await interact(tenant.cookie, { propertyId: second.id, type: 'view' });
      await interact(tenant.cookie, { propertyId: first.id, type: 'save' });
      await interact(tenant.cookie, { propertyId: third.id, type: 'save' });
      await interact(other.cookie, { propertyId: third.id, type: 'view' });
      // A saved home that is no longer live leaves the saved count, as it leaves the saved list.
      await t.db.update(properties).set({ status: 'withdrawn' }).where(eq(properties.id, third.id));

      const res = await summary(tenant.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ saved: 1, viewed: 2 });
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await summary(other.cookie)).json()).toEqual({ saved: 0, viewed: 1 });
    });

    it('answers a free tenant too: views are not a premium feature', async () => {
      const free = await createTenant(t);
      const home = await createListing(t, { landlordId: landlordId });
      await interact(free.cookie, { propertyId: home.id, type: 'view' });
      const res = await summary(free.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ saved: 0, viewed: 1 });
    });
  });

  describe('saved searches', () => {
    const save = (cookie: string | undefined, body: unknown) =>
      call(t, 'POST', '/api/saved-searches', { cookie, body });
    const search = {
      name: '2 beds in Leeds',
      emailAlerts: true,
      alertFrequency: 'instant',
      searchCriteria: {
        postcode: 'LS1',
        propertyType: 'apartment',
        minRent: 800,
        maxRent: 1500,
        bedrooms: 2,
      },
    };

    it('asks a visitor to sign in, free tenants to upgrade, and tells landlords it is for tenants', async () => {
      expect((await save(undefined, search)).statusCode).toBe(401);
      expect((await call(t, 'GET', '/api/saved-searches')).statusCode).toBe(401);
      for (const [user, code] of [
        [await createTenant(t), 'PREMIUM_REQUIRED'],
        [await createLandlord(t), 'FORBIDDEN'],
      ] as const) {
        const res = await save(user.cookie, search);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code, feature: 'savedSearches' });
        // The answer does not depend on the body.
        expect((await save(user.cookie, {})).statusCode).toBe(403);
        expect((await call(t, 'GET', '/api/saved-searches', { cookie: user.cookie })).statusCode).toBe(403);
      }
    });

    it('saves a search and reads it back with location, prices and no alert yet', async () => {
      const tenant = await createPremiumTenant(t);
      const res = await save(tenant.cookie, search);
      expect(res.statusCode).toBe(201);
      const saved = res.json();
      expect(saved).toMatchObject({
        name: '2 beds in Leeds',
        location: 'LS1',
        minPrice: 800,
        maxPrice: 1500,
        lastAlert: null,
        emailAlerts: true,
        alertFrequency: 'instant',
        searchCriteria: search.searchCriteria,
      });
      const list = (await call(t, 'GET', '/api/saved-searches', { cookie: tenant.cookie })).json();
      expect(list).toEqual([saved]);
    });

    it('uses the spec’s defaults: alerts on, daily', async () => {
      const tenant = await createPremiumTenant(t);
      const res = await save(tenant.cookie, { name: 'My Property Search' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        emailAlerts: true,
        alertFrequency: 'daily',
        location: null,
        minPrice: null,
        maxPrice: null,
      });
    });

    it('requires a name: “Search name is required”', async () => {
      const tenant = await createPremiumTenant(t);
      for (const body of [{ ...search, name: '' }, { ...search, name: '   ' }, { emailAlerts: true }]) {
        const res = await save(tenant.cookie, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          message: 'Search name is required',
          fieldErrors: { name: ['Search name is required'] },
        });
      }
    });

    it('refuses criteria it could not search, a wrong frequency and unexpected fields', async () => {
      const tenant = await createPremiumTenant(t);
      const cases: Array<[unknown, string]> = [
        [{ ...search, alertFrequency: 'hourly' }, 'alertFrequency'],
        [{ ...search, searchCriteria: { propertyType: 'castle' } }, 'searchCriteria.propertyType'],
        [{ ...search, searchCriteria: { bedrooms: 'lots' } }, 'searchCriteria.bedrooms'],
        [{ ...search, searchCriteria: { maxRent: -5 } }, 'searchCriteria.maxRent'],
        [{ ...search, userId: tenant.id }, '_'],
      ];
      for (const [body, field] of cases) {
        const res = await save(tenant.cookie, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json().fieldErrors ?? {}), JSON.stringify(body)).toContain(field);
      }
      expect(await t.db.select().from(savedSearches).where(eq(savedSearches.userId, tenant.id))).toHaveLength(
        0,
      );
    });

    it('reads a minimum above the maximum as the page and search do: swapped (one rule, issue 14)', async () => {
      const tenant = await createPremiumTenant(t);
      const res = await save(tenant.cookie, { ...search, searchCriteria: { minRent: 2000, maxRent: 1000 } });
      expect(res.statusCode, res.body).toBe(201);
      const swapped = await call(t, 'GET', '/api/properties?minRent=2000&maxRent=1000');
      const ordered = await call(t, 'GET', '/api/properties?minRent=1000&maxRent=2000');
      expect(swapped.statusCode).toBe(200);
      expect(swapped.json().total).toBe(ordered.json().total);
    });

    it('keeps the user’s own words, trimmed, and never fails on a NUL character', async () => {
      const tenant = await createPremiumTenant(t);
      const res = await save(tenant.cookie, {
        name: 'Near\u0000 work ',
        searchCriteria: { location: ' Leeds ', q: '', postcode: '' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        name: 'Near work',
        location: 'Leeds',
        searchCriteria: { location: 'Leeds' },
      });
    });

    it(`stops at ${20} searches with a 409 that says why`, async () => {
      const tenant = await createPremiumTenant(t);
      for (let i = 0; i < 20; i++) await createSavedSearch(t, tenant.id, { name: `Search ${i}` });
      const res = await save(tenant.cookie, search);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: SAVED_SEARCH_LIMIT_MESSAGE });
      // Another member is not affected.
      expect((await save((await createPremiumTenant(t)).cookie, search)).statusCode).toBe(201);
    });

    it('holds the limit when two saves race', async () => {
      const tenant = await createPremiumTenant(t);
      for (let i = 0; i < 19; i++) await createSavedSearch(t, tenant.id, { name: `Search ${i}` });
      const results = await Promise.all([save(tenant.cookie, search), save(tenant.cookie, search)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await t.db.select().from(savedSearches).where(eq(savedSearches.userId, tenant.id))).toHaveLength(
        20,
      );
    });

    it('lists only the member’s own searches, newest first', async () => {
      const tenant = await createPremiumTenant(t);
      const other = await createPremiumTenant(t);
      await createSavedSearch(t, tenant.id, { name: 'First', createdAt: new Date('2030-01-01') });
      await createSavedSearch(t, tenant.id, { name: 'Second', createdAt: new Date('2030-02-01') });
      await createSavedSearch(t, other.id, { name: 'Not mine' });
      const list = (await call(t, 'GET', '/api/saved-searches', { cookie: tenant.cookie })).json();
      expect(list.map((s: { name: string }) => s.name)).toEqual(['Second', 'First']);
    });

    it('toggles alerts, changes the frequency and renames with PATCH', async () => {
      const tenant = await createPremiumTenant(t);
      const checkedLongAgo = new Date('2020-01-01T00:00:00Z');
      const row = await createSavedSearch(t, tenant.id, { lastCheckedAt: checkedLongAgo });
      const sibling = await createSavedSearch(t, tenant.id, { name: 'Left alone' });
      const patch = (body: unknown, cookie = tenant.cookie) =>
        call(t, 'PATCH', `/api/saved-searches/${row.id}`, { cookie, body });
      /** The row as stored, and the search as the member's own list shows it. */
      const stored = async (id = row.id) =>
        (await t.db.select().from(savedSearches).where(eq(savedSearches.id, id)))[0];
      const listed = async () =>
        (await call(t, 'GET', '/api/saved-searches', { cookie: tenant.cookie }))
          .json()
          .find((s: { id: string }) => s.id === row.id);

      const off = await patch({ emailAlerts: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ id: row.id, emailAlerts: false, alertFrequency: 'daily' });
      expect(await stored()).toMatchObject({
        name: 'Flats in Leeds',
        emailAlerts: false,
        alertFrequency: 'daily',
        lastCheckedAt: checkedLongAgo, // switching off moves nothing
      });

      const renamed = await patch({ alertFrequency: 'weekly', name: ' Renamed ' });
      expect(renamed.json()).toMatchObject({ name: 'Renamed', alertFrequency: 'weekly', emailAlerts: false });
      expect(await stored()).toMatchObject({ name: 'Renamed', alertFrequency: 'weekly', emailAlerts: false });
      expect(await listed()).toEqual(renamed.json());

      const on = await patch({ emailAlerts: true });
      expect(on.json().emailAlerts).toBe(true);
      const switchedOn = await stored();
      expect(switchedOn).toMatchObject({ name: 'Renamed', alertFrequency: 'weekly', emailAlerts: true });
      // Alerts switched back on start from now, not from before they were switched off.
      expect(switchedOn.lastCheckedAt?.getTime()).toBeGreaterThan(checkedLongAgo.getTime());
      expect(await listed()).toEqual(on.json());

      const empty = await patch({});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Nothing to update');
      expect((await patch({ name: '' })).json().message).toBe('Search name is required');
      expect((await patch({ alertFrequency: 'hourly' })).statusCode).toBe(400);
      expect((await patch({ searchCriteria: {} })).statusCode).toBe(400);
      // The refused changes stored nothing, and the member's other search was never touched.
      expect(await stored()).toEqual(switchedOn);
      expect(await stored(sibling.id)).toEqual(sibling);
    });

    it('answers 404 for another member’s search on PATCH and DELETE, and leaves it alone', async () => {
      const owner = await createPremiumTenant(t);
      const other = await createPremiumTenant(t);
      const row = await createSavedSearch(t, owner.id);
      const patch = await call(t, 'PATCH', `/api/saved-searches/${row.id}`, {
        cookie: other.cookie,
        body: { emailAlerts: false },
      });
      expect(patch.statusCode).toBe(404);
      expect(patch.json().message).toBe('Saved search not found');
      expect(
        (await call(t, 'DELETE', `/api/saved-searches/${row.id}`, { cookie: other.cookie })).statusCode,
      ).toBe(404);
      const [still] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, row.id));
      expect(still.emailAlerts).toBe(true);
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        expect(
          (await call(t, 'PATCH', `/api/saved-searches/${id}`, { cookie: owner.cookie, body: { name: 'x' } }))
            .statusCode,
        ).toBe(404);
        expect(
          (await call(t, 'DELETE', `/api/saved-searches/${id}`, { cookie: owner.cookie })).statusCode,
        ).toBe(404);
      }
    });

    it('deletes the member’s own search; PATCH needs premium, DELETE does not', async () => {
      const tenant = await createTenant(t);
      const row = await createSavedSearch(t, tenant.id);
      expect((await call(t, 'DELETE', `/api/saved-searches/${row.id}`)).statusCode).toBe(401);
      const patch = await call(t, 'PATCH', `/api/saved-searches/${row.id}`, {
        cookie: tenant.cookie,
        body: { name: 'x' },
      });
      expect(patch.statusCode).toBe(403);
      const res = await call(t, 'DELETE', `/api/saved-searches/${row.id}`, { cookie: tenant.cookie });
      expect(res.statusCode).toBe(204);
      expect(await t.db.select().from(savedSearches).where(eq(savedSearches.id, row.id))).toHaveLength(0);
      expect(
        (await call(t, 'DELETE', `/api/saved-searches/${row.id}`, { cookie: tenant.cookie })).statusCode,
      ).toBe(404);
    });
  });

  it('answers bad input from members with 4xx, never a server error', async () => {
    const tenant = await createPremiumTenant(t);
    const search = await createSavedSearch(t, tenant.id);
    const home = await createListing(t, { landlordId: landlordId });
    const ids = [search.id, home.id, 'not-a-uuid', '%00', "x'; drop table users; --"];
    const failures = await serverErrors(
      t,
      [
        { method: 'POST', url: '/api/property-interactions' },
        { method: 'GET', url: '/api/saved-properties' },
        { method: 'POST', url: '/api/saved-searches' },
        { method: 'GET', url: '/api/saved-searches' },
        ...ids.flatMap((id) => [
          { method: 'DELETE' as const, url: `/api/saved-properties/${encodeURIComponent(id)}` },
          { method: 'PATCH' as const, url: `/api/saved-searches/${encodeURIComponent(id)}` },
          { method: 'DELETE' as const, url: `/api/saved-searches/${encodeURIComponent(id)}` },
        ]),
      ],
      [tenant.cookie, (await createTenant(t)).cookie],
    );
    expect(failures).toEqual([]);
  });
});
