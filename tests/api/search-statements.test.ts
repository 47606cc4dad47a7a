// Uncached search (decision 0076): each shape of search has its SQL built once and run with every search's own
// values, and a few matches' page is chosen from a covering index before its rows are read. Searches of one shape
// must still find their own homes, and shapes that differ only by a value's kind (4+ bedrooms, a cursor, a radius)
// must not share SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPropertyPage } from '../../src/domain/properties';
import { keptSearchStatements } from '../../src/server/features/properties/queries';
import { createListing, type Listing } from '../factories/listings';
import { type CreatedUser, createLandlord } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

describe('search statements kept per shape', () => {
  let t: TestApp;
  let landlord: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t);
  });
  afterAll(() => t.close());

  async function search(query: Record<string, string | number>): Promise<TPropertyPage> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/properties?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const ids = (page: TPropertyPage) => page.properties.map((p) => p.id);
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 9, minutes));

  it('runs one statement per shape with each search’s own values', async () => {
    const ab = await createListing(t, { landlordId: landlord.id, postcode: 'KW1 4AA', rent: 900 });
    const cd = await createListing(t, { landlordId: landlord.id, postcode: 'KW2 6AA', rent: 1100 });
    const before = keptSearchStatements(t.db);
    const first = await search({ postcode: 'KW1', maxRent: 1000 });
    const afterFirst = keptSearchStatements(t.db);
    expect(ids(first)).toEqual([ab.id]);
    // The same shape (a district, a top rent) with other values: its own homes, and no statement built.
    expect(ids(await search({ postcode: 'KW2', maxRent: 1200 }))).toEqual([cd.id]);
    expect(ids(await search({ postcode: 'KW2', maxRent: 1000 }))).toEqual([]);
    expect(keptSearchStatements(t.db)).toEqual(afterFirst);
    expect(afterFirst.count).toBe(before.count + 1);
    expect(afterFirst.page).toBe(before.page + 1);
  });

  it('tells an exact bedroom count from 4 or more, though both are one number', async () => {
    const four = await createListing(t, { landlordId: landlord.id, postcode: 'KW3 6AA', bedrooms: 4 });
    const five = await createListing(t, { landlordId: landlord.id, postcode: 'KW3 6AB', bedrooms: 5 });
    await createListing(t, { landlordId: landlord.id, postcode: 'KW3 6AD', bedrooms: 3 });
    const three = (await search({ postcode: 'KW3', bedrooms: 3 })).properties;
    expect(three.map((p) => p.bedrooms)).toEqual([3]);
    expect(ids(await search({ postcode: 'KW3', bedrooms: '4+' })).sort()).toEqual([four.id, five.id].sort());
    expect(ids(await search({ postcode: 'KW3', bedrooms: 2 }))).toEqual([]);
  });

  it('orders a few matches from the covering index as the full sort would, ties by id, page after page', async () => {
    // Seven homes in one district, two pairs at the same rent and one pair listed at the same instant.
    const rents = [1200, 950, 1200, 800, 950, 1500, 700];
    const made: Listing[] = [];
    for (const [i, rent] of rents.entries())
      made.push(
        await createListing(t, {
          landlordId: landlord.id,
          postcode: `KW5 ${i + 1}AA`,
          rent,
          createdAt: at(i === 6 ? 5 : i),
        }),
      );
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const byRent = (dir: 1 | -1) =>
      [...made]
        .sort((a, b) => dir * (a.monthlyRentPence - b.monthlyRentPence) || dir * cmp(a.id, b.id))
        .map((m) => m.id);
    const newest = [...made]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || cmp(a.id, b.id))
      .map((m) => m.id);
    for (const [sort, expected] of [
      ['newest', newest],
      ['rent_asc', byRent(1)],
      ['rent_desc', byRent(-1)],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: TPropertyPage = await search({
          postcode: 'KW5',
          sort,
          limit: 3,
          ...(cursor ? { cursor } : {}),
        });
        expect(page.total).toBe(7);
        seen.push(...ids(page));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen, sort).toEqual(expected);
    }
  });

  it('keeps a radius, a town and let-agreed homes apart from the plain district', async () => {
    const here = await createListing(t, { landlordId: landlord.id, postcode: 'KW15 1AA', rent: 700 });
    const agreed = await createListing(t, {
      landlordId: landlord.id,
      postcode: 'KW15 1AB',
      letAgreedAt: at(1),
      location: 'Kirkwall',
    });
    expect(ids(await search({ postcode: 'KW15' }))).toEqual([here.id]);
    expect(ids(await search({ postcode: 'KW15', includeLetAgreed: 1 })).sort()).toEqual(
      [here.id, agreed.id].sort(),
    );
    const near = await search({ postcode: 'KW15', radius: 1 });
    expect(ids(near)).toEqual([here.id]);
    expect(near.properties[0].distanceMiles).toBe(0);
    const byText = await search({ location: 'Kirkwall', includeLetAgreed: 1 });
    expect(ids(byText)).toContain(agreed.id);
  });
});
