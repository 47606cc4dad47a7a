// Issue 28: no unlawful advert reaches an admin. Each rule of src/domain/advert-rules.ts refuses through the API
// (400, fieldErrors naming the field and the law) beside a lawful control listing that is accepted; warnings need
// confirmWording; the admin's approval runs the rules again (409).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_WORDING_MESSAGE, NATION_CONFIRM_MESSAGE } from '../../src/domain/advert-rules';
import { contentSubmissions, properties } from '../../src/server/db/schema';
import { listingContent } from '../factories/listings';
import { type CreatedUser, createAdmin, createLandlord } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';

describe('listings under the law of their nation', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let admin: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { premium: true });
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const submit = (content: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    call(t, 'POST', '/api/content-submissions', {
      cookie: landlord.cookie,
      body: { contentType: 'property_listing', contentData: listingContent(content), ...extra },
    });
  const propertyRow = async (id: string) =>
    (await t.db.select().from(properties).where(eq(properties.id, id)))[0];
  const refused = async (content: Record<string, unknown>, field: string, law: RegExp) => {
    const res = await submit(content);
    expect(res.statusCode, JSON.stringify(content)).toBe(400);
    const messages: string[] = res.json().fieldErrors[`contentData.${field}`];
    expect(messages, JSON.stringify(res.json())).toBeDefined();
    expect(messages.join(' ')).toMatch(law);
    return res.json();
  };

  const scottish = { postcode: 'EH1 1AA', address: '1 High Street, Edinburgh' };
  const welsh = { postcode: 'CF10 1AA', address: '1 Queen Street, Cardiff' };

  it('accepts a lawful English listing and stores its nation and what the landlord gave', async () => {
    const res = await submit({
      deposit: null,
      pets: 'on_request',
      billsIncluded: ['water', 'broadband', 'water'],
    });
    expect(res.statusCode).toBe(201);
    const row = await propertyRow(res.json().targetId);
    expect(row).toMatchObject({
      nation: 'england',
      depositPence: null,
      pets: 'on_request',
      billsIncluded: ['water', 'broadband'],
      epcRating: 'C',
    });
  });

  it.each([
    ['title', 'Two bed flat, offers over £1,150', /Renters' Rights Act 2025, s\.56/],
    ['description', 'Minimum 12 month fixed term.', /Renters' Rights Act 2025, s\.1 /],
    ['description', "Six months' rent in advance required.", /Renters' Rights Act 2025, ss\.8 and 9/],
    ['description', 'Not suitable for children.', /Part 1 Chapter 3/],
  ])('refuses %s wording “%s” in England', async (field, text, law) => {
    await refused({ [field]: text }, field, law);
  });

  it('refuses an amenity tag such as “No DSS”, naming the tag field', async () => {
    const body = await refused({ amenities: ['Parking', 'No DSS'] }, 'amenities', /No DSS.*benefits/);
    expect(body.message).toMatch(/No DSS/);
  });

  it('refuses a listing without an EPC, and F or G without a registered exemption', async () => {
    await refused({ epcRating: null }, 'epcRating', /EPC/);
    await refused({ epcRating: 'F' }, 'epcRating', /Energy Efficiency \(Private Rented Property\)/);
    const exempt = await submit({
      epcRating: 'F',
      epcExemption: { kind: 'high_cost', reference: 'PRSE-2024-0042' },
    });
    expect(exempt.statusCode).toBe(201);
    expect(await propertyRow(exempt.json().targetId)).toMatchObject({
      epcExemptionKind: 'high_cost',
      epcExemptionReference: 'PRSE-2024-0042',
    });
    const noReference = await submit({ epcRating: 'G', epcExemption: { kind: 'high_cost', reference: '' } });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().fieldErrors['contentData.epcExemption.reference']).toBeDefined();
  });

  it('caps the deposit by nation: five weeks in England, two months in Scotland', async () => {
    await refused({ monthlyRent: 1300, deposit: 1600 }, 'deposit', /£1,500.*Tenant Fees Act 2019/);
    const scotland = { ...scottish, landlordRegistrationNumber: '123456/230/45678', monthlyRent: 1300 };
    const twoMonths = await submit({ ...scotland, deposit: 2600 });
    expect(twoMonths.statusCode).toBe(201);
    expect((await propertyRow(twoMonths.json().targetId)).nation).toBe('scotland');
    await refused({ ...scotland, deposit: 2601 }, 'deposit', /£2,600.*Private Housing \(Tenancies\)/);
  });

  it('requires a Scottish listing’s landlord registration number, in its format', async () => {
    await refused(scottish, 'landlordRegistrationNumber', /s\.92B/);
    await refused(
      { ...scottish, landlordRegistrationNumber: '12-34' },
      'landlordRegistrationNumber',
      /123456/,
    );
    const ok = await submit({ ...scottish, landlordRegistrationNumber: '123456/230/45678' });
    expect(ok.statusCode).toBe(201);
    expect((await propertyRow(ok.json().targetId)).landlordRegistrationNumber).toBe('123456/230/45678');
    // Fixed terms and bidding wording are England's rules, not Scotland's; discrimination is refused there too.
    await refused(
      { ...scottish, landlordRegistrationNumber: '123456/230/45678', description: 'No DSS.' },
      'description',
      /Chapter 4/,
    );
  });

  it('requires the Welsh occupation contract, where a fixed term is still lawful', async () => {
    await refused(welsh, 'occupationContract', /Renting Homes \(Wales\) Act 2016/);
    const fixed = await submit({
      ...welsh,
      occupationContract: 'standard_fixed_term',
      description: 'Minimum 12 month fixed term.',
    });
    expect(fixed.statusCode).toBe(201);
    expect(await propertyRow(fixed.json().targetId)).toMatchObject({
      nation: 'wales',
      occupationContract: 'standard_fixed_term',
    });
  });

  it('asks the landlord to confirm the nation in a border district', async () => {
    const res = await submit({ postcode: 'TD15 1AA', address: '1 Marygate, Berwick' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors['contentData.nation']).toEqual([NATION_CONFIRM_MESSAGE]);
    const confirmed = await submit({
      postcode: 'TD15 1AA',
      address: '1 Marygate, Berwick',
      nation: 'scotland',
      landlordRegistrationNumber: '123456/230/45678',
    });
    expect(confirmed.statusCode).toBe(201);
    expect((await propertyRow(confirmed.json().targetId)).nation).toBe('scotland');
  });

  it('needs a confirmation for softer wording, then accepts it', async () => {
    const res = await submit({ description: 'Ideal for professionals.' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CONFIRM_WORDING_MESSAGE);
    expect(res.json().fieldErrors['contentData.description'][0]).toMatch(/professionals/);
    expect(res.json().fieldErrors.confirmWording).toEqual([CONFIRM_WORDING_MESSAGE]);
    const confirmed = await submit({ description: 'Ideal for professionals.' }, { confirmWording: true });
    expect(confirmed.statusCode).toBe(201);
  });

  it("shows the admin each rule's result for a listing, with its source", async () => {
    const sent = await submit({ description: 'Ideal for professionals.' }, { confirmWording: true });
    const res = await call(t, 'GET', '/api/admin/content-submissions?status=pending', {
      cookie: admin.cookie,
    });
    expect(res.statusCode).toBe(200);
    const mine = res.json().find((s: { id: string }) => s.id === sent.json().id);
    expect(mine.nation).toBe('england');
    const outcome = (id: string) =>
      mine.ruleResults.find((r: { ruleId: string }) => r.ruleId === id) as {
        outcome: string;
        law: { url: string };
      };
    expect(outcome('rental-bidding')).toMatchObject({
      outcome: 'pass',
      law: { url: 'https://www.legislation.gov.uk/ukpga/2025/26/section/56' },
    });
    expect(outcome('soft-exclusion').outcome).toBe('warn');
    expect(outcome('landlord-registration').outcome).toBe('not_applicable');
  });

  it('refuses at approval a listing that breaks a rule in force (409), and approves a lawful one', async () => {
    const review = (id: string) =>
      call(t, 'POST', `/api/admin/content-submissions/${id}/review`, {
        cookie: admin.cookie,
        body: { status: 'approved' },
      });
    const lawful = await submit({});
    expect((await review(lawful.json().id)).statusCode).toBe(200);
    expect((await propertyRow(lawful.json().targetId)).status).toBe('live');

    // A submission stored before the rule started (written as it was then): the law of today still stops it.
    const old = await submit({});
    await t.db
      .update(contentSubmissions)
      .set({
        contentData: {
          ...listingContent(),
          postcode: 'LS1 4AP',
          nation: 'england',
          title: 'Offers over £1,150',
        },
      })
      .where(eq(contentSubmissions.id, old.json().id));
    const res = await review(old.json().id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/cannot be approved.*Offers over/);
    expect(res.json().fieldErrors['contentData.title'][0]).toMatch(/s\.56/);
    expect((await propertyRow(old.json().targetId)).status).toBe('pending');
    const [submission] = await t.db
      .select()
      .from(contentSubmissions)
      .where(eq(contentSubmissions.id, old.json().id));
    expect(submission.submissionStatus).toBe('pending');
  });
});
