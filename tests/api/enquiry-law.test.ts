// Issue 28: the first enquiry gives a landlord only what they may use before a viewing (no children, no employment,
// refused by name and never stored; migration 0012 strips older rows), and the scam shield's law warnings: wording
// the law forbids in a tenancy is held back until its sender confirms, then shown to both sides with what the law
// allows, judged in the nation of the home on the day it was sent. docs/decisions/0048-what-an-enquiry-may-ask.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAW } from '../../src/domain/advert-rules';
import { RETIRED_ENQUIRY_FIELDS } from '../../src/domain/conversations';
import { conversations, messages } from '../../src/server/db/schema';
import { createListing } from '../factories/listings';
import { type CreatedUser, createLandlord, createPremiumTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';

describe('what an enquiry may ask, and the law warnings in conversations', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let tenant: CreatedUser;
  let listingId: string;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { premium: true, firstName: 'Lena', lastName: 'Landlord' });
    tenant = await createPremiumTenant(t, { firstName: 'Tom', lastName: 'Tenant' });
    listingId = (await createListing(t, { landlordId: landlord.id, outcode: 'LS6' })).id;
  });
  afterAll(() => t.close());

  const enquire = (who: CreatedUser, id: string, body: Record<string, unknown>) =>
    call(t, 'POST', `/api/properties/${id}/enquiries`, { cookie: who.cookie, body });
  const thread = (who: CreatedUser, id: string) =>
    call(t, 'GET', `/api/conversations/${id}/messages`, { cookie: who.cookie });
  const send = (who: CreatedUser, id: string, body: string, confirmLawWarnings?: boolean) =>
    call(t, 'POST', `/api/conversations/${id}/messages`, {
      cookie: who.cookie,
      body: confirmLawWarnings === undefined ? { body } : { body, confirmLawWarnings },
    });
  const messageCount = async () => Number((await t.db.select().from(messages)).length);
  const lawful = {
    message: 'Hello, could I view the flat next week, please?',
    moveInDate: '2099-03-01',
    occupants: 3,
    pets: true,
  };

  describe('the first enquiry', () => {
    it.each([
      ['children', 2],
      ['children', 0],
      ['employmentStatus', 'employed'],
      ['adults', 2],
    ] as const)('refuses %s (%s) with a 400 naming it, and stores nothing', async (field, value) => {
      const other = await createLandlord(t, { premium: true });
      const listing = await createListing(t, { landlordId: other.id });
      const before = await messageCount();
      const res = await enquire(tenant, listing.id, { ...lawful, [field]: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors[field]).toEqual([RETIRED_ENQUIRY_FIELDS[field]]);
      expect(await messageCount()).toBe(before);
      const opened = await t.db.select().from(conversations).where(eq(conversations.propertyId, listing.id));
      expect(opened).toHaveLength(0);
    });

    it('stores and shows the landlord only the move-in date, the number of people and pets', async () => {
      const res = await enquire(tenant, listingId, lawful);
      expect(res.statusCode, res.body).toBe(201);
      const { conversationId } = res.json();
      const [stored] = await t.db.select().from(messages).where(eq(messages.conversationId, conversationId));
      expect(stored.details).toEqual({ moveInDate: '2099-03-01', occupants: 3, pets: true });

      const page = await thread(landlord, conversationId);
      expect(page.statusCode).toBe(200);
      const [opening] = page.json().messages;
      expect(Object.keys(opening.details).sort()).toEqual(['moveInDate', 'occupants', 'pets']);
      expect(opening.details).toEqual({ moveInDate: '2099-03-01', occupants: 3, pets: true });
      expect(page.body).not.toMatch(/children|employment|adults/i);
      expect(opening.lawWarnings).toEqual([]);
    });

    it('refuses a number of people below one or above the limit', async () => {
      for (const occupants of [0, 21, 2.5]) {
        const res = await enquire(tenant, listingId, { ...lawful, occupants });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().fieldErrors)).toEqual(['occupants']);
      }
    });
  });

  describe('migration 0012', () => {
    it('strips children, adults and employment from stored enquiries and keeps the messages', async () => {
      const { conversationId } = (await enquire(tenant, listingId, lawful)).json();
      const conversation = { conversationId, senderId: tenant.id, body: 'An older enquiry' };
      const [both, adultsOnly, lawfulRow, noDetails] = await t.db
        .insert(messages)
        .values([
          {
            ...conversation,
            details: {
              moveInDate: '2099-01-01',
              adults: 2,
              children: 1,
              pets: false,
              employmentStatus: 'student',
            },
          },
          {
            ...conversation,
            details: { moveInDate: null, adults: 1, children: null, pets: null, employmentStatus: null },
          },
          { ...conversation, details: { moveInDate: null, occupants: 2, pets: true } },
          { ...conversation, details: null },
        ])
        .returning();

      // Before the migration runs, the API already shows only the lawful keys.
      const shown = (await thread(landlord, conversationId)).json().messages;
      expect(shown.find((m: { id: string }) => m.id === both.id).details).toEqual({
        moveInDate: '2099-01-01',
        occupants: null,
        pets: false,
      });

      const file = path.join(process.cwd(), 'drizzle/0012_enquiry_minimisation.sql');
      await t.db.execute(sql.raw(readFileSync(file, 'utf8')));

      const after = new Map(
        (await t.db.select().from(messages).where(eq(messages.conversationId, conversationId))).map((m) => [
          m.id,
          m,
        ]),
      );
      // Adults and children become one number of people only where the tenant gave both: no invented figure.
      expect(after.get(both.id)?.details).toEqual({ moveInDate: '2099-01-01', pets: false, occupants: 3 });
      expect(after.get(adultsOnly.id)?.details).toEqual({ moveInDate: null, pets: null });
      expect(after.get(lawfulRow.id)?.details).toEqual({ moveInDate: null, occupants: 2, pets: true });
      expect(after.get(noDetails.id)?.details).toBeNull();
      for (const row of [both, adultsOnly, lawfulRow, noDetails])
        expect(after.get(row.id)?.body).toBe('An older enquiry');
      const [{ n }] = (
        (await t.db.execute(
          sql`select count(*)::int as n from messages
              where details ? 'children' or details ? 'employmentStatus' or details ? 'adults'`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows;
      expect(n).toBe(0);
    });
  });

  describe('law warnings in a conversation', () => {
    let conversationId: string;
    let bea: CreatedUser;
    beforeAll(async () => {
      bea = await createPremiumTenant(t, { firstName: 'Bea', lastName: 'Bidder' });
      const res = await enquire(bea, listingId, { message: 'Is the flat still available, please?' });
      conversationId = res.json().conversationId;
    });

    it('holds back a bidding message until the sender confirms, then warns both sides', async () => {
      const text = 'Several people want it, so offers over £1,200 a month will be considered.';
      const before = await messageCount();
      const held = await send(landlord, conversationId, text);
      expect(held.statusCode, held.body).toBe(400);
      expect(held.json().fieldErrors.confirmLawWarnings).toHaveLength(1);
      expect(held.json().fieldErrors.body[0]).toMatch(/^Rental bidding \(“offers over”\): The rent is/);
      expect(await messageCount()).toBe(before);

      const sent = await send(landlord, conversationId, text, true);
      expect(sent.statusCode, sent.body).toBe(201);
      const warning = {
        ruleId: 'rental-bidding',
        name: 'Rental bidding',
        words: ['offers over'],
        law: { title: LAW.rentersRightsBidding.title, url: LAW.rentersRightsBidding.url },
      };
      expect(sent.json().lawWarnings).toEqual([expect.objectContaining(warning)]);
      expect(sent.json().lawWarnings[0].allowed).toMatch(
        /may not invite, encourage or accept an offer above it/,
      );

      // Both sides see it: the reader and the sender.
      for (const who of [bea, landlord]) {
        const last = (await thread(who, conversationId)).json().messages.at(-1);
        expect(last.body).toBe(text);
        expect(last.lawWarnings).toEqual([expect.objectContaining(warning)]);
      }
    });

    it('sends a lawful message at once, with no warning (the control)', async () => {
      const text =
        'The rent is £1,200 a month, as advertised; one month in advance once we agree the tenancy.';
      const sent = await send(landlord, conversationId, text);
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json().lawWarnings).toEqual([]);
      const last = (await thread(bea, conversationId)).json().messages.at(-1);
      expect(last.body).toBe(text);
      expect(last.lawWarnings).toEqual([]);
    });

    it('warns on rent in advance and discriminatory wording, from either side', async () => {
      const asked = await send(bea, conversationId, 'I could pay six months rent in advance if that helps.');
      expect(asked.statusCode).toBe(400);
      expect(asked.json().fieldErrors.body[0]).toMatch(/^More than a month’s rent in advance/);
      expect(
        (await send(bea, conversationId, 'I could pay six months rent in advance.', true)).json(),
      ).toMatchObject({ lawWarnings: [{ ruleId: 'rent-in-advance' }] });

      const refused = await send(landlord, conversationId, 'Sorry, no DSS and no children.', true);
      expect(refused.statusCode).toBe(201);
      expect(
        refused
          .json()
          .lawWarnings.map((w: { ruleId: string }) => w.ruleId)
          .sort(),
      ).toEqual(['benefits-discrimination', 'children-discrimination']);
      expect(refused.json().lawWarnings[0].law.url).toBe(LAW.rentersRightsDiscrimination.url);
    });

    it('holds back a first enquiry with such wording too, and sends it once confirmed', async () => {
      const other = await createLandlord(t, { premium: true });
      const listing = await createListing(t, { landlordId: other.id, outcode: 'LS6' });
      const body = { message: 'I can offer six months’ rent in advance to secure it.', occupants: 1 };
      const held = await enquire(bea, listing.id, body);
      expect(held.statusCode).toBe(400);
      expect(held.json().fieldErrors.message[0]).toMatch(/rent in advance/);
      expect(held.json().fieldErrors.confirmLawWarnings).toHaveLength(1);
      const sent = await enquire(bea, listing.id, { ...body, confirmLawWarnings: true });
      expect(sent.statusCode, sent.body).toBe(201);
      const [opening] = (await thread(other, sent.json().conversationId)).json().messages;
      expect(opening.lawWarnings).toMatchObject([{ ruleId: 'rent-in-advance' }]);
    });

    it('judges by the nation of the home: in Scotland bidding is not flagged, "no DSS" is', async () => {
      const scot = await createLandlord(t, { premium: true });
      const listing = await createListing(t, { landlordId: scot.id, outcode: 'EH1' });
      const { conversationId: id } = (
        await enquire(bea, listing.id, { message: 'Is the flat in Edinburgh still free?' })
      ).json();
      const bidding = await send(scot, id, 'Offers over £900 are welcome.');
      expect(bidding.statusCode, bidding.body).toBe(201);
      expect(bidding.json().lawWarnings).toEqual([]);
      expect((await send(scot, id, 'No DSS, sorry.')).statusCode).toBe(400);
    });

    it('and on the day it was sent: in Wales the discrimination rules start on 1 June 2026', async () => {
      const welsh = await createLandlord(t, { premium: true });
      const listing = await createListing(t, { landlordId: welsh.id, outcode: 'CF10' });
      const { conversationId: id } = (
        await enquire(bea, listing.id, { message: 'Is the flat in Cardiff still free?' })
      ).json();
      t.clock.now = new Date('2026-05-20T12:00:00Z');
      const early = await send(welsh, id, 'No children, please.');
      expect(early.statusCode, early.body).toBe(201);
      expect(early.json().lawWarnings).toEqual([]);
      t.clock.now = new Date('2026-06-02T12:00:00Z');
      expect((await send(welsh, id, 'No children, please.')).statusCode).toBe(400);
      const late = await send(welsh, id, 'No children, please.', true);
      expect(late.json().lawWarnings).toMatchObject([{ ruleId: 'children-discrimination' }]);
    });
  });
});
