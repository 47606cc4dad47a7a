// The search cache (features/properties/search-cache.ts) and the capped count: a repeated search is answered
// from memory, and every committed change, however it is written, is in the very next search.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMiles } from '../../src/domain/postcodes';
import type { TPropertyPage } from '../../src/domain/properties';
import { listingVersion, properties, propertyImages, propertyInteractions } from '../../src/server/db/schema';
import { COUNT_CAP } from '../../src/server/features/properties/queries';
import { SavedSets, searchCacheFor } from '../../src/server/features/properties/search-cache';
import { getOutcode } from '../../src/server/geo/outcodes';
import { createListing } from '../factories/listings';
import { type CreatedUser, createLandlord, createPremiumTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

describe('search cache and count', () => {
  let t: TestApp;
  let premium: CreatedUser;
  let other: CreatedUser;
  let landlord: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    premium = await createPremiumTenant(t);
    other = await createPremiumTenant(t);
    landlord = await createLandlord(t);
  });
  afterAll(() => t.close());

  async function search(query: string, cookie = premium.cookie): Promise<TPropertyPage> {
    const res = await t.app.inject({ method: 'GET', url: `/api/properties?${query}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const ids = (page: TPropertyPage) => page.properties.map((p) => p.id).sort();
  const version = async () => (await t.db.select().from(listingVersion))[0].version;

  it('answers a repeated search from the cache', async () => {
    const made = await createListing(t, { landlordId: landlord.id, outcode: 'TR1' });
    const first = await search('postcode=TR1');
    expect(ids(first)).toEqual([made.id]);
    const cache = searchCacheFor(t.app.ctx);
    const key = [...(cache as unknown as { entries: Map<string, unknown> }).entries.keys()].find((k) =>
      k.includes('"TR1"'),
    );
    expect(key).toBeDefined();
    expect(await search('postcode=TR1')).toEqual(first);
  });

  it('raises the listing version on every write to listings or photos, in the writing transaction', async () => {
    const before = await version();
    const made = await createListing(t, { landlordId: landlord.id, outcode: 'TR2', images: 1 });
    const afterInsert = await version();
    expect(afterInsert).toBeGreaterThan(before);
    await t.db.update(properties).set({ title: 'Renamed' }).where(eq(properties.id, made.id));
    expect(await version()).toBeGreaterThan(afterInsert);
    // A rolled-back write leaves it as it was.
    const settled = await version();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(properties).set({ title: 'Never' }).where(eq(properties.id, made.id));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await version()).toBe(settled);
  });

  it('shows a new, changed or removed listing in the next search, whoever wrote it', async () => {
    const first = await createListing(t, { landlordId: landlord.id, outcode: 'TR3', rent: 900 });
    expect(ids(await search('postcode=TR3'))).toEqual([first.id]);
    // Written straight to the database, not through the app: the triggers still see it.
    const second = await createListing(t, { landlordId: landlord.id, outcode: 'TR3', rent: 950 });
    expect(ids(await search('postcode=TR3'))).toEqual([first.id, second.id].sort());
    await t.db.update(properties).set({ monthlyRentPence: 120_000 }).where(eq(properties.id, second.id));
    const changed = await search('postcode=TR3&maxRent=1000');
    expect(ids(changed)).toEqual([first.id]);
    await t.db.update(properties).set({ status: 'withdrawn' }).where(eq(properties.id, first.id));
    expect(ids(await search('postcode=TR3&maxRent=1000'))).toEqual([]);
    // Deleting the landlord's account withdraws the listing (decision 0051); a row deleted outright leaves too.
    const owner = await createLandlord(t);
    const withdrawn = await createListing(t, { landlordId: owner.id, outcode: 'TR4' });
    const removed = await createListing(t, { landlordId: landlord.id, outcode: 'TR4' });
    expect(ids(await search('postcode=TR4'))).toEqual([withdrawn.id, removed.id].sort());
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: owner.cookie },
      payload: { password: owner.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(await search('postcode=TR4'))).toEqual([removed.id]);
    await t.db.delete(properties).where(eq(properties.id, removed.id));
    expect(ids(await search('postcode=TR4'))).toEqual([]);
  });

  it("shows visitors' searches asked together a change committed before they asked", async () => {
    // Without a session each search reads the listing version itself; those asked together share one read.
    const first = await createListing(t, { landlordId: landlord.id, outcode: 'TR6' });
    const together = (query: string) => Promise.all(Array.from({ length: 8 }, () => search(query, '')));
    for (const page of await together('postcode=TR6')) expect(ids(page)).toEqual([first.id]);
    const second = await createListing(t, { landlordId: landlord.id, outcode: 'TR6' });
    for (const page of await together('postcode=TR6'))
      expect(ids(page)).toEqual([first.id, second.id].sort());
    await t.db.update(properties).set({ status: 'withdrawn' }).where(eq(properties.id, first.id));
    for (const page of await together('postcode=TR6')) expect(ids(page)).toEqual([second.id]);
  });

  it('drops a listing once its live-until passes, with no write at all', async () => {
    const now = new Date();
    t.clock.now = now;
    const until = new Date(now.getTime() + 3_600_000);
    const made = await createListing(t, { landlordId: landlord.id, outcode: 'TR5', liveUntil: until });
    expect(ids(await search('postcode=TR5'))).toEqual([made.id]);
    expect(ids(await search('postcode=TR5'))).toEqual([made.id]);
    t.clock.now = new Date(until.getTime() + 1000);
    expect(ids(await search('postcode=TR5'))).toEqual([]);
  });

  it('shows the first photo as the card thumbnail as photos are added, reordered and removed', async () => {
    const made = await createListing(t, { landlordId: landlord.id, outcode: 'TR9' });
    const thumb = async () => (await search('postcode=TR9')).properties[0].thumbnailUrl;
    expect(await thumb()).toBeNull();
    const [first, second] = await t.db
      .insert(propertyImages)
      .values([
        { propertyId: made.id, position: 0, url: '/media/a.webp', thumbUrl: '/media/a-thumb.webp' },
        { propertyId: made.id, position: 1, url: '/media/b.webp', thumbUrl: null },
      ])
      .returning();
    expect(await thumb()).toBe('/media/a-thumb.webp');
    await t.db.update(propertyImages).set({ position: 2 }).where(eq(propertyImages.id, first.id));
    // No thumbnail: the large view stands in.
    expect(await thumb()).toBe('/media/b.webp');
    await t.db.delete(propertyImages).where(eq(propertyImages.id, second.id));
    expect(await thumb()).toBe('/media/a-thumb.webp');
    await t.db.delete(propertyImages).where(eq(propertyImages.propertyId, made.id));
    expect(await thumb()).toBeNull();
  });

  it("fills each viewer's own saved hearts on a shared cached page", async () => {
    const made = await createListing(t, { landlordId: landlord.id, outcode: 'TR7' });
    await t.db.insert(propertyInteractions).values({ userId: premium.id, propertyId: made.id, type: 'save' });
    const mine = await search('postcode=TR7');
    const theirs = await search('postcode=TR7', other.cookie);
    expect(mine.properties[0].saved).toBe(true);
    expect(theirs.properties[0].saved).toBe(false);
    // A save is not a listing change, and the cached page still shows it at once.
    await t.db.insert(propertyInteractions).values({ userId: other.id, propertyId: made.id, type: 'save' });
    expect((await search('postcode=TR7', other.cookie)).properties[0].saved).toBe(true);
    // …and so does an unsave, through the API this time.
    const unsave = await t.app.inject({
      method: 'DELETE',
      url: `/api/saved-properties/${made.id}`,
      headers: { cookie: other.cookie },
    });
    expect(unsave.statusCode, unsave.body).toBeLessThan(300);
    expect((await search('postcode=TR7', other.cookie)).properties[0].saved).toBe(false);
    expect((await search('postcode=TR7')).properties[0].saved).toBe(true);
  });

  it(`counts exactly up to ${COUNT_CAP} and says "more" past it, without counting every match`, async () => {
    const seedRow = await createListing(t, { landlordId: landlord.id, outcode: 'TR8' });
    // COUNT_CAP more copies in one statement.
    await t.db.execute(sql`
      insert into properties (landlord_id, title, description, property_type, bedrooms, monthly_rent_pence,
        address, public_street, postcode, outcode, location, lat, lng, status, published_at)
      select landlord_id, title, description, property_type, bedrooms, monthly_rent_pence, address, public_street,
        postcode, outcode, location, lat, lng, status, published_at
      from properties, generate_series(1, ${COUNT_CAP - 1}) where id = ${seedRow.id}`);
    const exact = await search('postcode=TR8');
    expect(exact).toMatchObject({ total: COUNT_CAP, totalCapped: false });
    await createListing(t, { landlordId: landlord.id, outcode: 'TR8' });
    const capped = await search('postcode=TR8');
    expect(capped).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(capped.nextCursor).not.toBeNull();
  });

  describe('many matches: the page walks the index of its filter and sort', () => {
    // 1,800 live homes in area TQ (200 a district), more than COUNT_CAP, so searches take the index-walking path.
    beforeAll(async () => {
      const seedRow = await createListing(t, {
        landlordId: landlord.id,
        outcode: 'TQ1',
        type: 'house',
        bedrooms: 2,
      });
      await t.db.execute(sql`
        insert into properties (landlord_id, title, description, property_type, bedrooms, monthly_rent_pence,
          address, public_street, postcode, outcode, location, lat, lng, status, published_at, created_at)
        select landlord_id, title, description,
          (array['house','apartment','studio','room'])[1 + g % 4]::property_type, 1 + g % 3,
          50000 + (g * 7919) % 200000, address, public_street, postcode, 'TQ' || (1 + g % 9), location, lat, lng,
          status, published_at, now() - (g * interval '1 minute')
        from properties, generate_series(1, 1799) g where id = ${seedRow.id}`);
    });

    async function pages(query: string, count: number) {
      const seen: TPropertyPage['properties'] = [];
      let cursor: string | null = null;
      for (let i = 0; i < count; i++) {
        const page = await search(`${query}&limit=25${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.properties);
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      return seen;
    }
    const truth = async (where: ReturnType<typeof sql>, order: ReturnType<typeof sql>) =>
      (
        (await t.db.execute(
          sql`select id from properties where status = 'live' and ${where} order by ${order} limit 75`,
        )) as unknown as { rows: { id: string }[] }
      ).rows.map((r) => r.id);

    it('pages an area by rent exactly as the database orders it', async () => {
      const found = await pages('postcode=TQ&sort=rent_asc', 3);
      expect(found.map((p) => p.id)).toEqual(
        await truth(sql`area = 'TQ'`, sql`monthly_rent_pence asc, id asc`),
      );
      expect((await search('postcode=TQ')).totalCapped).toBe(true);
    });

    it('pages a type and bedroom count by rent, dearest first', async () => {
      const found = await pages('postcode=TQ&propertyType=house&bedrooms=2&sort=rent_desc', 3);
      expect(found.map((p) => p.id)).toEqual(
        await truth(
          sql`area = 'TQ' and property_type = 'house' and bedrooms = 2`,
          sql`monthly_rent_pence desc, id desc`,
        ),
      );
    });

    it('pages a radius with many matches in a few districts, district by district, in the database order', async () => {
      // The TQ districts whose centres lie within 10 miles of TQ1's (the fixture places every home at TQ1's
      // centre, so the districts decide): fewer than 20, each walked on its own.
      const tq1 = getOutcode('TQ1')!;
      const near = Array.from({ length: 9 }, (_, i) => `TQ${i + 1}`).filter(
        (code) => haversineMiles(tq1, getOutcode(code)!) <= 10,
      );
      expect(near.length).toBeGreaterThan(1);
      expect(near.length).toBeLessThan(9);
      const inReach = sql`outcode in (${sql.join(
        near.map((code) => sql`${code}`),
        sql`, `,
      )})`;
      const byRent = await pages('postcode=TQ1&radius=10&sort=rent_desc', 3);
      expect(byRent.map((p) => p.id)).toEqual(await truth(inReach, sql`monthly_rent_pence desc, id desc`));
      expect(byRent[0].distanceMiles).toBe(0);
      const newest = await pages('postcode=TQ1&radius=10&propertyType=house', 3);
      expect(newest.map((p) => p.id)).toEqual(
        await truth(sql`${inReach} and property_type = 'house'`, sql`created_at desc, id asc`),
      );
      expect((await search('postcode=TQ1&radius=10')).totalCapped).toBe(true);
    });

    it('pages a radius over many districts by walking the sort order, in the database order', async () => {
      // Within 30 miles of TQ1: every TQ home, and more than 20 districts.
      const byRent = await pages('postcode=TQ1&radius=30&sort=rent_asc', 3);
      expect(byRent.map((p) => p.id)).toEqual(await truth(sql`area = 'TQ'`, sql`monthly_rent_pence, id`));
      const newest = await pages('postcode=TQ1&radius=30&bedrooms=2', 3);
      expect(newest.map((p) => p.id)).toEqual(
        await truth(sql`area = 'TQ' and bedrooms = 2`, sql`created_at desc, id asc`),
      );
    });

    it('pages a place and common words by rent without losing a match', async () => {
      const found = await pages('postcode=TQ&q=shops+transport&sort=rent_asc', 3);
      expect(found).toHaveLength(75);
      expect(found.map((p) => p.id)).toEqual(
        await truth(
          sql`area = 'TQ' and search_vector @@ websearch_to_tsquery('english', 'shops transport')`,
          sql`monthly_rent_pence asc, id asc`,
        ),
      );
    });

    it('pages a bedroom count newest first, and 4+ by rent', async () => {
      const found = await pages('bedrooms=1', 3);
      expect(found.map((p) => p.id)).toEqual(await truth(sql`bedrooms = 1`, sql`created_at desc, id asc`));
      const large = await pages('bedrooms=4&sort=rent_asc', 3);
      expect(large.map((p) => p.id)).toEqual(await truth(sql`bedrooms >= 4`, sql`monthly_rent_pence, id`));
    });
  });

  it('holds saved ids within its bound, the least recently seen user going first', async () => {
    const sets = new SavedSets(5);
    const homes = [
      await createListing(t, { landlordId: landlord.id, outcode: 'TR10' }),
      await createListing(t, { landlordId: landlord.id, outcode: 'TR10' }),
    ];
    const a = await createPremiumTenant(t);
    const b = await createPremiumTenant(t);
    for (const home of homes)
      await t.db.insert(propertyInteractions).values({ userId: a.id, propertyId: home.id, type: 'save' });
    await t.db.insert(propertyInteractions).values({ userId: b.id, propertyId: homes[0].id, type: 'save' });
    expect((await sets.get(t.db, a.id, 1)).size).toBe(2);
    expect(sets.ids).toBe(3);
    expect((await sets.get(t.db, b.id, 1)).size).toBe(1);
    // 3 + 2 = 5 fits; asking for a again makes b the least recently seen, so b goes when c comes: a (3) + c (1).
    const c = await createPremiumTenant(t);
    await sets.get(t.db, a.id, 1);
    expect((await sets.get(t.db, c.id, 1)).size).toBe(0);
    expect(sets.ids).toBeLessThanOrEqual(5);
    expect(sets.ids).toBe(4);
  });
});
