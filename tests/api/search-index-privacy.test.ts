// Issue 30 item 2, what the keyword index holds (decision 0058, migration 0021). The index of a listing's words is
// built from what anyone may read of it: the title, the description, the public street (`publicStreet` of the
// address), the postcode district and the town. A building's or a house's name, a flat's number and the full
// postcode are not in it, so a keyword search cannot say that a home in "Quayside Lofts" is listed. On the code
// before this change the index held the whole address, and the searches for the building found the home.
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicStreet } from '../../src/domain/addresses';
import type { Executor } from '../../src/server/db/client';
import { fillPublicStreets } from '../../src/server/db/public-street';
import { contentSubmissions, properties } from '../../src/server/db/schema';
import { applyPropertyListing } from '../../src/server/features/listings/apply';
import { createListing, listingContent } from '../factories/listings';
import { type CreatedUser, createAdmin, createLandlord, createPremiumTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';

const FLAT = 'Flat 7, Quayside Lofts, 12 Wharf Street, Leeds';
const COTTAGE = 'Rose Cottage, Church Lane, Leeds';

async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('the keyword index holds only the public address', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let member: CreatedUser;
  let flatId: string;
  let cottageId: string;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { premium: true });
    member = await createPremiumTenant(t);
    const common = {
      landlordId: landlord.id,
      description: 'A bright home close to shops and transport, with a garden.',
      location: 'Leeds',
    };
    flatId = (
      await createListing(t, {
        ...common,
        title: 'Riverside two-bed home',
        address: FLAT,
        postcode: 'LS1 4AP',
      })
    ).id;
    cottageId = (
      await createListing(t, {
        ...common,
        title: 'Quiet home near the shops',
        address: COTTAGE,
        postcode: 'LS1 5HD',
      })
    ).id;
  });
  afterAll(() => t.close());

  const ids = async (query: string, cookie?: string): Promise<string[]> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/properties?${query}`,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().properties.map((p: { id: string }) => p.id);
  };

  it('finds nothing by a building or house name, or another word before the street', async () => {
    for (const cookie of [undefined, member.cookie, landlord.cookie]) {
      expect(await ids('q=Quayside', cookie)).toEqual([]);
      expect(await ids('q=Quayside%20Lofts', cookie)).toEqual([]);
      expect(await ids('q=Lofts', cookie)).toEqual([]);
      expect(await ids('q=Rose%20Cottage', cookie)).toEqual([]);
      expect(await ids('q=Flat%207', cookie)).toEqual([]);
      // A place the search does not know is matched against the same index.
      expect(await ids('location=Quayside', cookie)).toEqual([]);
    }
  });

  it('still finds the home by its street, district and town', async () => {
    expect(await ids('q=Wharf%20Street')).toEqual([flatId]);
    expect(await ids('q=Church%20Lane')).toEqual([cottageId]);
    expect(await ids('location=Wharf%20Street')).toEqual([flatId]);
    expect((await ids('q=Leeds')).sort()).toEqual([flatId, cottageId].sort());
    expect((await ids('q=LS1')).sort()).toEqual([flatId, cottageId].sort());
    expect(await ids('q=riverside')).toEqual([flatId]);
  });

  it('holds no word of the private part of the address', async () => {
    const [row] = await rows<{ words: string[]; street: string }>(
      t.db,
      sql`select tsvector_to_array(search_vector) as words, public_street as street
          from properties where id = ${flatId}`,
    );
    expect(row.street).toBe('Wharf Street, Leeds');
    expect(row.words).toEqual(expect.arrayContaining(['wharf', 'street', 'leed', 'ls1']));
    for (const word of ['quaysid', 'loft', 'flat', '7', '12', '4ap']) expect(row.words).not.toContain(word);
  });

  it('follows an edited address once the edit is approved', async () => {
    const edit = await call(t, 'POST', '/api/content-submissions', {
      cookie: landlord.cookie,
      body: {
        contentType: 'property_listing',
        targetId: cottageId,
        contentData: listingContent({
          title: 'Quiet home near the shops',
          address: 'Mill House, 3 Mill Yard, Leeds',
        }),
      },
    });
    expect(edit.statusCode, edit.body).toBe(201);
    const [submission] = await t.db
      .select()
      .from(contentSubmissions)
      .where(eq(contentSubmissions.id, edit.json().id));
    const admin = await createAdmin(t);
    await t.db.transaction(async (tx) => {
      await tx
        .update(contentSubmissions)
        .set({ submissionStatus: 'approved', reviewedAt: new Date(), reviewedBy: admin.id })
        .where(eq(contentSubmissions.id, submission.id));
      await applyPropertyListing(tx, submission, { now: new Date(), storage: t.app.ctx.storage });
    });
    const [row] = await t.db.select().from(properties).where(eq(properties.id, cottageId));
    expect(row.publicStreet).toBe('Mill Yard, Leeds');
    expect(await ids('q=Church%20Lane')).toEqual([]);
    expect(await ids('q=Mill%20Yard')).toEqual([cottageId]);
    expect(await ids('q=Mill%20House')).toEqual([]);
  });

  it('stores with every listing the public street of its address', async () => {
    const all = await t.db
      .select({ address: properties.address, street: properties.publicStreet })
      .from(properties);
    expect(all.length).toBeGreaterThan(1);
    for (const { address, street } of all) expect(street).toBe(publicStreet(address));
  });

  describe("migration 0021's data step", () => {
    const notNull = async () =>
      (
        await rows<{ notnull: boolean }>(
          t.db,
          sql`select attnotnull as notnull from pg_attribute
              where attrelid = to_regclass('properties') and attname = 'public_street'`,
        )
      )[0].notnull;

    it('fills the rows written before it in batches, then makes the column NOT NULL', async () => {
      // The state the SQL migration leaves an existing database in: the column there, empty and nullable.
      await t.db.execute(sql`alter table properties alter column public_street drop not null`);
      await t.db.execute(sql`update properties set public_street = null`);
      expect(await notNull()).toBe(false);
      expect(await ids('q=Wharf%20Street')).toEqual([]);

      const total = (await t.db.select({ id: properties.id }).from(properties)).length;
      expect(await fillPublicStreets(t.db, 1)).toBe(total);
      expect(await notNull()).toBe(true);
      const [row] = await t.db.select().from(properties).where(eq(properties.id, flatId));
      expect(row.publicStreet).toBe('Wharf Street, Leeds');
      expect(await ids('q=Wharf%20Street')).toEqual([flatId]);
      expect(await ids('q=Quayside')).toEqual([]);
      // Done once: the next start finds the column NOT NULL and fills nothing.
      expect(await fillPublicStreets(t.db)).toBe(0);
    });

    it('refuses a listing written without its public street', async () => {
      await expect(
        t.db.execute(sql`
          insert into properties (landlord_id, title, property_type, monthly_rent_pence, address, postcode, outcode)
          values (${landlord.id}, 'No street', 'house', 100000, '1 Park Row, Leeds', 'LS1 5HD', 'LS1')`),
      ).rejects.toThrow();
    });
  });

  it('keeps the keyword search on the rebuilt GIN index', async () => {
    // With a handful of rows the planner rightly reads the table; with sequential scans off it must still find an
    // index that answers the search's @@, or there is none (a column rebuilt without its index).
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select id from properties where search_vector @@ websearch_to_tsquery('english', 'wharf')`,
      );
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Bitmap Index Scan on properties_fts_idx/);
  });
});
