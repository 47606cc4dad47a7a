// The search cache (features/properties/search-cache.ts) and the capped count: a repeated search is answered
// from memory, and every committed change, however it is written, is in the very next search.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPropertyPage } from '../../src/domain/properties';
import { listingVersion, properties, propertyInteractions, users } from '../../src/server/db/schema';
import { COUNT_CAP } from '../../src/server/features/properties/queries';
import { searchCacheFor } from '../../src/server/features/properties/search-cache';
import { createListing } from '../factories/properties';
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
    // Deleting the landlord's account removes the listing by cascade.
    const owner = await createLandlord(t);
    const cascaded = await createListing(t, { landlordId: owner.id, outcode: 'TR4' });
    expect(ids(await search('postcode=TR4'))).toEqual([cascaded.id]);
    await t.db.delete(users).where(eq(users.id, owner.id));
    expect(ids(await search('postcode=TR4'))).toEqual([]);
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
        address, postcode, outcode, location, lat, lng, status, published_at)
      select landlord_id, title, description, property_type, bedrooms, monthly_rent_pence, address, postcode,
        outcode, location, lat, lng, status, published_at
      from properties, generate_series(1, ${COUNT_CAP - 1}) where id = ${seedRow.id}`);
    const exact = await search('postcode=TR8');
    expect(exact).toMatchObject({ total: COUNT_CAP, totalCapped: false });
    await createListing(t, { landlordId: landlord.id, outcode: 'TR8' });
    const capped = await search('postcode=TR8');
    expect(capped).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(capped.nextCursor).not.toBeNull();
  });
});
