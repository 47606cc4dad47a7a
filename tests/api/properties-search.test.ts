// GET /api/properties (doc 1 "Property list", "Property map", §5, §7): every filter does what its label says.
// Each test places its listings in districts no other test uses, so its searches see only its own data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKER_OFFSET_DEGREES, type TPropertyPage } from '../../src/domain/properties';
import { propertyInteractions } from '../../src/server/db/schema';
import { getOutcode } from '../../src/server/geo/outcodes';
import { createListing } from '../factories/listings';
import { type CreatedUser, createLandlord, createPremiumTenant, createTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

describe('property search', () => {
  let t: TestApp;
  let premium: CreatedUser;
  let landlord: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    premium = await createPremiumTenant(t);
    landlord = await createLandlord(t);
  });
  afterAll(() => t.close());

  /** `cookie: null` asks as a signed-out visitor. */
  const get = (query: Record<string, string | number>, cookie: string | null = premium.cookie) =>
    t.app.inject({
      method: 'GET',
      url: `/api/properties?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      headers: cookie ? { cookie } : {},
    });

  async function search(query: Record<string, string | number>): Promise<TPropertyPage> {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const ids = (page: TPropertyPage) => page.properties.map((p) => p.id);
  const listing = (o: Omit<Parameters<typeof createListing>[1], 'landlordId'>) =>
    createListing(t, { landlordId: landlord.id, ...o });

  describe('who may search', () => {
    // Browsing is free for everyone (docs/decisions/0014-open-browsing-and-plans.md).
    it('answers a signed-out visitor and a free tenant with every filter, and no contact details', async () => {
      const made = await listing({ postcode: 'TR1 1AA', title: 'Open browsing cottage', bedrooms: 2 });
      const free = await createTenant(t);
      const query = { postcode: 'TR1', q: 'cottage', bedrooms: 2, sort: 'price_low', limit: 5 };
      for (const cookie of [null, free.cookie]) {
        const res = await get(query, cookie);
        expect(res.statusCode, res.body).toBe(200);
        const page: TPropertyPage = res.json();
        expect(ids(page)).toEqual([made.id]);
        expect(res.body).not.toContain(landlord.email);
        expect(JSON.stringify(page.properties[0])).not.toMatch(/"(email|phone)"/);
      }
    });
  });

  describe('postcode', () => {
    let ls1: string;
    let ls12: string;
    let ls6: string;
    let l1: string;
    let l12: string;
    beforeAll(async () => {
      ls1 = (await listing({ postcode: 'LS1 4AP' })).id;
      ls12 = (await listing({ postcode: 'LS12 2AB' })).id;
      ls6 = (await listing({ postcode: 'LS6 3QW' })).id;
      l1 = (await listing({ postcode: 'L1 8JQ' })).id;
      l12 = (await listing({ postcode: 'L12 4XY' })).id;
    });

    it('reads a full postcode as its district, however it is typed', async () => {
      for (const postcode of ['LS1 4AP', 'ls14ap', ' ls1  9zz ']) {
        const page = await search({ postcode });
        expect(ids(page)).toEqual([ls1]);
        expect(page.total).toBe(1);
      }
    });

    it('matches a district exactly: LS1 does not find LS12', async () => {
      expect(ids(await search({ postcode: 'LS1' }))).toEqual([ls1]);
      expect(ids(await search({ postcode: 'ls12' }))).toEqual([ls12]);
    });

    it('matches an area to its districts only: L does not find LS', async () => {
      expect(new Set(ids(await search({ postcode: 'LS' })))).toEqual(new Set([ls1, ls12, ls6]));
      expect(new Set(ids(await search({ postcode: 'l' })))).toEqual(new Set([l1, l12]));
    });

    it('reads a town name as its post town (Leeds), case-insensitively', async () => {
      expect(new Set(ids(await search({ postcode: 'leeds' })))).toEqual(new Set([ls1, ls12, ls6]));
      expect(new Set(ids(await search({ location: 'LIVERPOOL' })))).toEqual(new Set([l1, l12]));
    });
  });

  describe('location', () => {
    it('finds a marketing city by its post town: Manchester, not Salford next door', async () => {
      const m1 = await listing({ postcode: 'M1 1AE' });
      const m20 = await listing({ postcode: 'M20 2RN' });
      const salford = await listing({ postcode: 'M5 4WT' });
      const page = await search({ location: 'manchester' });
      expect(new Set(ids(page))).toEqual(new Set([m1.id, m20.id]));
      expect(ids(page)).not.toContain(salford.id);
    });

    it('matches a place that is not a post town by the listing text (Headingley)', async () => {
      const named = await listing({ postcode: 'HG1 1AA', address: '4 Otley Road, Headingley' });
      await listing({ postcode: 'HG1 2BB', address: '9 Station Parade' });
      expect(ids(await search({ postcode: 'Headingley' }))).toEqual([named.id]);
      expect(ids(await search({ location: 'headingley' }))).toEqual([named.id]);
    });
  });

  describe('property type', () => {
    const made: Record<string, string> = {};
    beforeAll(async () => {
      for (const type of ['apartment', 'house', 'studio', 'room'] as const) {
        made[type] = (await listing({ postcode: 'TR21 0AA', type, bedrooms: type === 'studio' ? 0 : 2 })).id;
      }
    });

    it('filters by propertyType', async () => {
      expect(ids(await search({ postcode: 'TR21', propertyType: 'house' }))).toEqual([made.house]);
      expect(ids(await search({ postcode: 'TR21', propertyType: 'studio' }))).toEqual([made.studio]);
    });

    it("reads the marketing links' type, with flat meaning apartment", async () => {
      expect(ids(await search({ postcode: 'TR21', type: 'flat' }))).toEqual([made.apartment]);
      expect(ids(await search({ postcode: 'TR21', type: 'apartment' }))).toEqual([made.apartment]);
      expect(ids(await search({ postcode: 'TR21', type: 'Room' }))).toEqual([made.room]);
    });

    it('treats any and all as no filter', async () => {
      const queries: Record<string, string>[] = [
        { propertyType: 'any' },
        { propertyType: 'all' },
        { type: 'any' },
        { type: 'ALL' },
      ];
      for (const query of queries) {
        const page = await search({ postcode: 'TR21', ...query });
        expect(page.total).toBe(4);
      }
    });

    it('refuses a type that does not exist (400 naming the field), rather than finding everything', async () => {
      const res = await get({ postcode: 'TR21', type: 'castle' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.type).toEqual([
        'Unknown property type: choose apartment (or flat), house, studio or room.',
      ]);
    });
  });

  describe('rent', () => {
    const made: Record<number, string> = {};
    beforeAll(async () => {
      for (const rent of [500, 1000, 1500]) made[rent] = (await listing({ postcode: 'PA20 0AA', rent })).id;
    });

    it('keeps rents between minRent and maxRent (pounds, inclusive)', async () => {
      expect(ids(await search({ postcode: 'PA20', minRent: 800, maxRent: 1200 }))).toEqual([made[1000]]);
      expect(new Set(ids(await search({ postcode: 'PA20', minRent: 1000 })))).toEqual(
        new Set([made[1000], made[1500]]),
      );
      expect(new Set(ids(await search({ postcode: 'PA20', maxRent: 1000 })))).toEqual(
        new Set([made[500], made[1000]]),
      );
    });

    it("reads the marketing links' price_min and price_max in pounds", async () => {
      expect(ids(await search({ postcode: 'PA20', price_min: 800, price_max: 1200 }))).toEqual([made[1000]]);
      expect(ids(await search({ postcode: 'PA20', price_max: 600 }))).toEqual([made[500]]);
    });
  });

  describe('bedrooms', () => {
    const made: Record<number, string> = {};
    beforeAll(async () => {
      for (const bedrooms of [0, 1, 3, 4, 6]) {
        made[bedrooms] = (
          await listing({ postcode: 'IV1 1AA', bedrooms, type: bedrooms === 0 ? 'studio' : 'house' })
        ).id;
      }
    });

    it('finds studios with bedrooms=0 and an exact count below four', async () => {
      expect(ids(await search({ postcode: 'IV1', bedrooms: 0 }))).toEqual([made[0]]);
      expect(ids(await search({ postcode: 'IV1', bedrooms: 3 }))).toEqual([made[3]]);
    });

    it('reads bedrooms=4 as four or more', async () => {
      expect(new Set(ids(await search({ postcode: 'IV1', bedrooms: 4 })))).toEqual(
        new Set([made[4], made[6]]),
      );
      expect(new Set(ids(await search({ postcode: 'IV1', bedrooms: '4+' })))).toEqual(
        new Set([made[4], made[6]]),
      );
    });

    it('treats bedrooms=all as no filter', async () => {
      expect((await search({ postcode: 'IV1', bedrooms: 'all' })).total).toBe(5);
    });
  });

  describe('free text', () => {
    it('searches title, description, address and postcode with q and search', async () => {
      const byTitle = await listing({ postcode: 'KW1 4AA', title: 'Riverside loft apartment' });
      const byDescription = await listing({
        postcode: 'KW1 4AB',
        description: 'Bright rooms and a heated conservatory facing the harbour.',
      });
      const byAddress = await listing({ postcode: 'KW1 4AD', address: '12 Quayside Terrace, Wick' });
      expect(ids(await search({ q: 'riverside loft' }))).toEqual([byTitle.id]);
      expect(ids(await search({ search: 'conservatories' }))).toEqual([byDescription.id]);
      expect(ids(await search({ q: 'Quayside' }))).toEqual([byAddress.id]);
      // A full postcode finds its district, never the one home at it (decision 0058).
      expect(new Set(ids(await search({ q: 'kw14ad' })))).toEqual(
        new Set([byTitle.id, byDescription.id, byAddress.id]),
      );
      expect(new Set(ids(await search({ q: 'KW1' })))).toEqual(
        new Set([byTitle.id, byDescription.id, byAddress.id]),
      );
    });

    it('understands quoted phrases and exclusions', async () => {
      const view = await listing({
        postcode: 'PH1 1AA',
        description: 'Wonderful river view from the lounge.',
      });
      await listing({ postcode: 'PH1 1AB', description: 'The view of the river is from the garden.' });
      expect(ids(await search({ q: '"river view" -garden' }))).toEqual([view.id]);
    });
  });

  describe('radius', () => {
    it('finds listings within N miles of a postcode, with their distance', async () => {
      const exeter = await listing({ postcode: 'EX1 1AA' });
      const nearby = await listing({ postcode: 'EX4 4QJ' });
      const torquay = await listing({ postcode: 'TQ1 1AA' });
      const plymouth = await listing({ postcode: 'PL1 1AA' });

      const near = await search({ postcode: 'EX1 2AB', radius: 5 });
      expect(new Set(ids(near))).toEqual(new Set([exeter.id, nearby.id]));
      expect(near.properties.find((p) => p.id === exeter.id)?.distanceMiles).toBe(0);
      expect(near.properties.find((p) => p.id === nearby.id)?.distanceMiles).toBeGreaterThan(0.5);
      expect(near.properties.find((p) => p.id === nearby.id)?.distanceMiles).toBeLessThan(2);

      const wider = await search({ postcode: 'EX1', radius: 25 });
      expect(new Set(ids(wider))).toEqual(new Set([exeter.id, nearby.id, torquay.id]));
      expect(ids(wider)).not.toContain(plymouth.id);
      expect(wider.total).toBe(3);
    });

    it('keeps the requested sort within a radius', async () => {
      const cheap = await listing({ postcode: 'LD1 5AA', rent: 600 });
      const dear = await listing({ postcode: 'LD1 5AB', rent: 900 });
      const page = await search({ postcode: 'LD1', radius: 3, sort: 'rent_desc' });
      expect(ids(page)).toEqual([dear.id, cheap.id]);
    });
  });

  describe('map bounds', () => {
    it('finds listings whose district lies inside the box, each with a stable marker near its centroid', async () => {
      const lerwick = await listing({ postcode: 'ZE1 0AA' });
      const kirkwall = await listing({ postcode: 'KW15 1AA' });
      const bounds = { north: 60.5, south: 59.5, east: 0, west: -2, limit: 100 };
      const page = await search(bounds);
      expect(ids(page)).toEqual([lerwick.id]);
      expect(ids(page)).not.toContain(kirkwall.id);

      const marker = page.properties[0];
      const centroid = getOutcode('ZE1')!;
      expect(Math.abs(marker.lat! - centroid.lat)).toBeLessThanOrEqual(MARKER_OFFSET_DEGREES);
      expect(Math.abs(marker.lng! - centroid.lng)).toBeLessThanOrEqual(MARKER_OFFSET_DEGREES);
      const again = await search(bounds);
      expect([again.properties[0].lat, again.properties[0].lng]).toEqual([marker.lat, marker.lng]);
    });

    it('refuses a box whose south edge is above its north edge', async () => {
      const res = await get({ north: 50, south: 55, east: 0, west: -2 });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('sorting', () => {
    it('sorts newest first by default, and by rent either way', async () => {
      const day = 86_400_000;
      const old = await listing({
        postcode: 'SA62 3AA',
        rent: 900,
        createdAt: new Date(Date.now() - 3 * day),
      });
      const newest = await listing({
        postcode: 'SA62 3AB',
        rent: 700,
        createdAt: new Date(Date.now() - day),
      });
      const middle = await listing({
        postcode: 'SA62 3AD',
        rent: 1100,
        createdAt: new Date(Date.now() - 2 * day),
      });
      expect(ids(await search({ postcode: 'SA62' }))).toEqual([newest.id, middle.id, old.id]);
      expect(ids(await search({ postcode: 'SA62', sort: 'newest' }))).toEqual([newest.id, middle.id, old.id]);
      expect(ids(await search({ postcode: 'SA62', sort: 'rent_asc' }))).toEqual([
        newest.id,
        old.id,
        middle.id,
      ]);
      expect(ids(await search({ postcode: 'SA62', sort: 'rent_desc' }))).toEqual([
        middle.id,
        old.id,
        newest.id,
      ]);
    });
  });

  describe('pagination', () => {
    async function allPages(query: Record<string, string | number>) {
      const pages: TPropertyPage[] = [];
      let cursor: string | null = null;
      do {
        const page = await search(cursor ? { ...query, cursor } : query);
        pages.push(page);
        cursor = page.nextCursor;
      } while (cursor && pages.length < 20);
      return pages;
    }

    it('carries the total and a cursor for the next page, and none on the last', async () => {
      const made: string[] = [];
      for (let i = 0; i < 5; i++) {
        made.push((await listing({ postcode: 'HS1 2AA', createdAt: new Date(Date.now() - i * 60_000) })).id);
      }
      const pages = await allPages({ postcode: 'HS1', limit: 2 });
      expect(pages.map((p) => p.properties.length)).toEqual([2, 2, 1]);
      expect(pages.every((p) => p.total === 5 && p.limit === 2)).toBe(true);
      expect(pages[2].nextCursor).toBeNull();
      expect(pages.flatMap(ids)).toEqual(made);
    });

    it('pages through equal rents by id, without repeating or skipping any', async () => {
      const made: string[] = [];
      for (const rent of [800, 800, 800, 650, 800, 950])
        made.push((await listing({ postcode: 'HS2 0AA', rent })).id);
      for (const sort of ['rent_asc', 'rent_desc']) {
        const pages = await allPages({ postcode: 'HS2', limit: 2, sort });
        const seen = pages.flatMap((p) => p.properties);
        expect(seen).toHaveLength(6);
        expect(new Set(seen.map((p) => p.id))).toEqual(new Set(made));
        const rents = seen.map((p) => p.monthlyRent);
        expect(rents).toEqual([...rents].sort((a, b) => (sort === 'rent_asc' ? a - b : b - a)));
      }
    });

    it('stays stable when a listing is added between pages', async () => {
      const made: string[] = [];
      for (let i = 0; i < 4; i++) {
        made.push(
          (await listing({ postcode: 'TD15 1AA', createdAt: new Date(Date.now() - (i + 1) * 60_000) })).id,
        );
      }
      const first = await search({ postcode: 'TD15', limit: 2 });
      expect(ids(first)).toEqual(made.slice(0, 2));
      const added = await listing({ postcode: 'TD15 1AB' });
      const second = await search({ postcode: 'TD15', limit: 2, cursor: first.nextCursor! });
      expect(ids(second)).toEqual(made.slice(2, 4));
      expect(ids(second)).not.toContain(added.id);
      expect(second.total).toBe(5);
    });
  });

  describe('what appears', () => {
    it('shows only approved listings that are live now', async () => {
      const hour = 3_600_000;
      const live = await listing({ postcode: 'DG1 1AA' });
      const stillLive = await listing({ postcode: 'DG1 1AB', liveUntil: new Date(Date.now() + hour) });
      await listing({ postcode: 'DG1 1AD', liveUntil: new Date(Date.now() - hour) });
      for (const status of ['pending', 'rejected', 'withdrawn'] as const)
        await listing({ postcode: 'DG1 1AE', status });
      const page = await search({ postcode: 'DG1' });
      expect(new Set(ids(page))).toEqual(new Set([live.id, stillLive.id]));
      expect(page.total).toBe(2);
    });

    it('sends only what a card shows: one thumbnail, a trimmed description', async () => {
      const long = `${'A light and airy home with plenty of storage. '.repeat(20)}`;
      const made = await listing({
        postcode: 'NP8 1AA',
        images: 3,
        description: long,
        bedrooms: 2,
        bathrooms: 1,
        area: 70,
      });
      const [card] = (await search({ postcode: 'NP8' })).properties;
      expect(card.id).toBe(made.id);
      expect(card.thumbnailUrl).toBe(`/media/test/${made.id}-0-thumb.webp`);
      expect(card).not.toHaveProperty('images');
      expect(card).not.toHaveProperty('landlord');
      expect(card.description.length).toBeLessThanOrEqual(300);
      expect(card.description.endsWith('…')).toBe(true);
      expect(card).toMatchObject({
        title: made.title,
        monthlyRent: 1000,
        rent: 1000,
        monthlyRentPence: 100_000,
        bedrooms: 2,
        bathrooms: 1,
        area: 70,
        // A card is the same for everyone: the street and the district, never the number (decision 0058).
        address: 'Test Street, Crickhowell',
        postcode: 'NP8',
        outcode: 'NP8',
        location: 'Crickhowell',
        available: true,
        saved: false,
      });
    });

    it('marks the listings the signed-in user saved', async () => {
      const saved = await listing({ postcode: 'SY23 1AA' });
      const other = await listing({ postcode: 'SY23 1AB' });
      await t.db
        .insert(propertyInteractions)
        .values({ userId: premium.id, propertyId: saved.id, type: 'save' });
      const page = await search({ postcode: 'SY23' });
      expect(page.properties.find((p) => p.id === saved.id)?.saved).toBe(true);
      expect(page.properties.find((p) => p.id === other.id)?.saved).toBe(false);
    });
  });

  describe('bad input', () => {
    it('answers nonsense values with 400, not a server error', async () => {
      const queries: Record<string, string>[] = [
        { minRent: 'abc' },
        { maxRent: '-5' },
        { bedrooms: '-1' },
        { bedrooms: 'lots' },
        { radius: 'far' },
        { limit: '0' },
        { cursor: 'garbage!' },
        { cursor: 'bm90LWpzb24' },
        { q: 'x'.repeat(201) },
      ];
      for (const query of queries) {
        const res = await get(query);
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      }
    });

    it('refuses a cursor made for another sort order', async () => {
      for (let i = 0; i < 3; i++) await listing({ postcode: 'AB10 1AA' });
      const first = await search({ postcode: 'AB10', limit: 1 });
      const res = await get({ postcode: 'AB10', limit: 1, sort: 'rent_asc', cursor: first.nextCursor! });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.cursor).toBeDefined();
    });

    it('treats control characters and SQL-looking text as plain text', async () => {
      for (const q of ["x'; drop table properties; --", 'a\u0000b', '%_%', '!!!', 'the']) {
        const res = await get({ q, postcode: q });
        expect(res.statusCode, q).toBe(200);
      }
    });
  });
});
