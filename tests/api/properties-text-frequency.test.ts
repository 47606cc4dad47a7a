// Free text with common words (features/properties/text-frequency.ts): once the database has statistics,
// words in many listings are checked row by row instead of through the full-text index. Either way a
// search finds exactly the listings that hold the words, in the database's own order.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPropertyPage } from '../../src/domain/properties';
import { COMMON_TEXT_SHARE, isCommonText } from '../../src/server/features/properties/text-frequency';
import { createListing } from '../factories/listings';
import { type CreatedUser, createLandlord, createPremiumTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

describe('free text with common words', () => {
  let t: TestApp;
  let premium: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    premium = await createPremiumTenant(t);
    const landlord = await createLandlord(t);
    const seedRow = await createListing(t, { landlordId: landlord.id, outcode: 'LS6' });
    // 1,500 homes: every one mentions a garden, one in three a balcony, one in 500 a hot tub.
    await t.db.execute(sql`
      insert into properties (landlord_id, title, description, property_type, bedrooms, monthly_rent_pence,
        address, public_street, postcode, outcode, location, lat, lng, status, published_at, created_at)
      select landlord_id, 'Home ' || g,
        'A home with a garden' || case when g % 3 = 0 then ' and a balcony' else '' end
          || case when g % 500 = 0 then ' and a hot tub' else '' end,
        (array['house','apartment','studio'])[1 + g % 3]::property_type, 1 + g % 3,
        50000 + (g * 7919) % 200000, address, public_street, postcode, outcode, location, lat, lng, status,
        published_at, now() - (g * interval '1 minute')
      from properties, generate_series(1, 1500) g where id = ${seedRow.id}`);
    await t.db.execute(sql`analyze properties`);
  });
  afterAll(() => t.close());

  async function pages(query: string, count: number) {
    const seen: TPropertyPage['properties'] = [];
    let cursor: string | null = null;
    for (let i = 0; i < count; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/properties?${query}&limit=25${cursor ? `&cursor=${cursor}` : ''}`,
        headers: { cookie: premium.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      const page: TPropertyPage = res.json();
      seen.push(...page.properties);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    return seen.map((p) => p.id);
  }
  const truth = async (words: string, where: ReturnType<typeof sql>, order: ReturnType<typeof sql>) =>
    (
      (await t.db.execute(
        sql`select id from properties where status = 'live'
          and search_vector @@ websearch_to_tsquery('english', ${words}) and ${where}
          order by ${order} limit 75`,
      )) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => r.id);

  it('reads how common the words are from the database statistics', async () => {
    expect(await isCommonText(t.app.ctx, 'garden')).toBe(true);
    expect(await isCommonText(t.app.ctx, 'gardens')).toBe(true); // stemmed as the search stems it
    expect(await isCommonText(t.app.ctx, 'balcony')).toBe(true); // one in three
    expect(COMMON_TEXT_SHARE).toBeLessThan(1 / 3);
    expect(await isCommonText(t.app.ctx, 'hot tub')).toBe(false);
    expect(await isCommonText(t.app.ctx, 'swimming pool')).toBe(false);
    expect(await isCommonText(t.app.ctx, 'the and')).toBe(false); // stop words only: nothing to weigh
  });

  it('finds every home with common words, in order, page after page', async () => {
    expect(await pages('q=garden&sort=rent_desc', 3)).toEqual(
      await truth('garden', sql`true`, sql`monthly_rent_pence desc, id desc`),
    );
    expect(await pages('q=garden+balcony&propertyType=house', 3)).toEqual(
      await truth('garden balcony', sql`property_type = 'house'`, sql`created_at desc, id asc`),
    );
  });

  it('finds rare words through the index, exactly as before', async () => {
    const hotTubs = await pages('q=hot+tub&sort=rent_asc', 1);
    expect(hotTubs).toHaveLength(3);
    expect(hotTubs).toEqual(await truth('hot tub', sql`true`, sql`monthly_rent_pence asc, id asc`));
  });
});
