// Issue 30 item 4, "Search that finds" (decision 0060): homes marked "Let agreed" or "Not available" are left out of
// the results, the map and the counts unless includeLetAgreed brings the let-agreed ones back (saved searches keep
// it; alerts never announce them), and a place we do not know answers found: false with the nearest known places.
// Each test places its listings in districts no other test uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPropertyPage } from '../../src/domain/properties';
import { runSavedSearchAlerts } from '../../src/server/features/saved/alerts';
import { createListing } from '../factories/listings';
import { createSavedSearch } from '../factories/saved-searches';
import { type CreatedUser, createLandlord, createPremiumTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, emailsTo } from '../support/http';

const MINUTE = 60_000;

describe('search that finds', () => {
  let t: TestApp;
  let landlord: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t);
  });
  afterAll(() => t.close());

  async function search(query: string, cookie?: string): Promise<TPropertyPage> {
    const res = await call(t, 'GET', `/api/properties?${query}`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const ids = (page: TPropertyPage) => new Set(page.properties.map((p) => p.id));
  const listing = (o: Omit<Parameters<typeof createListing>[1], 'landlordId'>) =>
    createListing(t, { landlordId: landlord.id, ...o });

  describe('let agreed and not available', () => {
    let onOffer: string;
    let fromLater: string;
    let letAgreed: string;
    let notAvailable: string;
    beforeAll(async () => {
      onOffer = (await listing({ postcode: 'KW1 4AA', title: 'On offer qxavail' })).id;
      fromLater = (
        await listing({ postcode: 'KW1 4AB', title: 'Later qxavail', availableFrom: '2099-01-05' })
      ).id;
      letAgreed = (await listing({ postcode: 'KW1 4AD', title: 'Let qxavail', letAgreedAt: new Date() })).id;
      notAvailable = (await listing({ postcode: 'KW1 4AE', title: 'Off qxavail', available: false })).id;
    });

    it('leaves them out of the results and the count by default; a future date is still on offer', async () => {
      for (const query of ['postcode=KW1', 'location=KW1', 'q=qxavail', 'location=Wick']) {
        const page = await search(query);
        expect(ids(page), query).toEqual(new Set([onOffer, fromLater]));
        expect(page.total, query).toBe(2);
      }
    });

    it('leaves them off the map (a search by the visible area)', async () => {
      const page = await search('north=58.6&south=58.3&east=-2.9&west=-3.3&limit=100');
      expect(ids(page).has(onOffer)).toBe(true);
      expect(ids(page).has(letAgreed)).toBe(false);
      expect(ids(page).has(notAvailable)).toBe(false);
    });

    it('brings the let-agreed ones back with includeLetAgreed=1 (or true), never the unavailable', async () => {
      for (const flag of ['1', 'true']) {
        const page = await search(`postcode=KW1&includeLetAgreed=${flag}`);
        expect(ids(page)).toEqual(new Set([onOffer, fromLater, letAgreed]));
        expect(page.total).toBe(3);
        const card = page.properties.find((p) => p.id === letAgreed);
        expect(card?.letAgreedAt).not.toBeNull();
      }
      expect((await search('postcode=KW1&includeLetAgreed=0')).total).toBe(2);
      const map = await search('north=58.6&south=58.3&east=-2.9&west=-3.3&limit=100&includeLetAgreed=1');
      expect(ids(map).has(letAgreed)).toBe(true);
      expect(ids(map).has(notAvailable)).toBe(false);
    });

    it('keeps both pages open by link, with what their badges read', async () => {
      const taken = await call(t, 'GET', `/api/properties/${letAgreed}`);
      expect(taken.statusCode).toBe(200);
      expect(taken.json().letAgreedAt).not.toBeNull();
      const off = await call(t, 'GET', `/api/properties/${notAvailable}`);
      expect(off.statusCode).toBe(200);
      expect(off.json().available).toBe(false);
    });

    it('a saved search keeps includeLetAgreed; its alert names only the homes on offer', async () => {
      const tenant = await createPremiumTenant(t);
      const saved = await call(t, 'POST', '/api/saved-searches', {
        cookie: tenant.cookie,
        body: { name: 'Wick', searchCriteria: { location: 'KW2', includeLetAgreed: true } },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json().searchCriteria).toEqual({ location: 'KW2', includeLetAgreed: true });
      const [listed] = (await call(t, 'GET', '/api/saved-searches', { cookie: tenant.cookie })).json();
      expect(listed.searchCriteria.includeLetAgreed).toBe(true);

      // The alert job, for a search made a minute before three new homes in KW2.
      const before = new Date(t.clock.now.getTime() - 2 * MINUTE);
      await createSavedSearch(t, tenant.id, {
        name: 'Wick alerts',
        alertFrequency: 'instant',
        searchCriteria: { location: 'KW2', includeLetAgreed: true },
        createdAt: before,
        lastCheckedAt: before,
      });
      const published = new Date(t.clock.now.getTime() - MINUTE);
      await listing({ postcode: 'KW2 6AA', title: 'Open qxalert', publishedAt: published });
      await listing({
        postcode: 'KW2 6AB',
        title: 'Taken qxalert',
        publishedAt: published,
        letAgreedAt: published,
      });
      await listing({
        postcode: 'KW2 6AD',
        title: 'Closed qxalert',
        publishedAt: published,
        available: false,
      });
      const run = await runSavedSearchAlerts(t.app.ctx);
      expect(run.listingsAlerted).toBe(1);
      const [alert] = await emailsTo(t, tenant.email, 'alert');
      expect(alert.textBody).toContain('Open qxalert');
      expect(alert.textBody).not.toContain('Taken qxalert');
      expect(alert.textBody).not.toContain('Closed qxalert');
    });
  });

  describe('a place we do not know', () => {
    it('answers found: false for Atlantis, with the nearest known places', async () => {
      const page = await search('location=Atlantis');
      expect(page.total).toBe(0);
      expect(page.place).toMatchObject({ query: 'Atlantis', found: false });
      expect(page.place?.suggestions.length).toBeGreaterThan(0);
      for (const place of page.place?.suggestions ?? []) {
        expect(place).toMatchObject({ name: expect.any(String), kind: expect.any(String) });
      }
    });

    it('offers the place a misspelling means first: Manchestr → Manchester, Edinbrugh → Edinburgh', async () => {
      const manchester = await search('location=Manchestr');
      expect(manchester.place?.found).toBe(false);
      expect(manchester.place?.suggestions[0]).toMatchObject({ name: 'Manchester', kind: 'town' });
      const edinburgh = await search('postcode=Edinbrugh');
      expect(edinburgh.place?.suggestions[0]).toMatchObject({ name: 'Edinburgh', kind: 'town' });
    });

    it('offers nothing when no name is near, and still says so', async () => {
      const page = await search('location=xyzzyq');
      expect(page.place).toEqual({ query: 'xyzzyq', found: false, suggestions: [] });
    });

    it('searches a known place as before: a town, a district, a postcode, words listings use', async () => {
      const home = await listing({ postcode: 'ZE1 0AA', address: '3 Harbour Street, Lerwick Old Town' });
      for (const location of ['Lerwick', 'ZE1', 'ZE1 0AA', 'ze']) {
        const page = await search(`location=${encodeURIComponent(location)}`);
        expect(page.place, location).toEqual({ query: location, found: true, suggestions: [] });
        expect(ids(page).has(home.id), location).toBe(true);
      }
      // Words in a listing are a place, even when the other filters leave nothing.
      const named = await search('location=Harbour&maxRent=50');
      expect(named.total).toBe(0);
      expect(named.place).toMatchObject({ found: true });
    });

    it('says nothing about a place when none was asked for', async () => {
      expect((await search('q=qxavail')).place).toBeNull();
    });
  });
});
