// Applications (issue 31 items 2 and 3; decision 0063): who may apply, the profile snapshot, who sees what, and
// each decision (offer, decline, withdraw) with its rules, its line in the conversation and its email.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxDepositPence } from '../../src/domain/deposit';
import { applications, properties, renterProfiles } from '../../src/server/db/schema';
import { applicationForParty } from '../../src/server/features/applications/lookups';
import { applicantFor, applyFor, givenRenterProfile } from '../factories/applications';
import { enquiryOf, tenantInConversation } from '../factories/conversations';
import { createListing } from '../factories/listings';
import {
  type CreatedUser,
  createContractorUser,
  createLandlord,
  createPremiumTenant,
  createTenant,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { dayAhead } from '../support/dates';
import { call, emailsTo } from '../support/http';

const _DAY = 86_400_000;

describe('applications', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let listingId: string;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { premium: true, firstName: 'Lena', lastName: 'Landlord' });
    listingId = (
      await createListing(t, {
        landlordId: landlord.id,
        title: 'Canal-side flat',
        rent: 1300,
        address: '12 Canal Street, Leeds',
      })
    ).id;
  });
  afterAll(() => t.close());

  const post = (url: string, who: CreatedUser | null, body?: Record<string, unknown>) =>
    call(t, 'POST', url, { cookie: who?.cookie, body });
  const get = (url: string, who: CreatedUser) => call(t, 'GET', url, { cookie: who.cookie });
  const lines = async (who: CreatedUser, conversationId: string) =>
    (await get(`/api/conversations/${conversationId}/messages`, who))
      .json()
      .messages.filter((m: { system: boolean }) => m.system)
      .map((m: { body: string }) => m.body);
  const goodOffer = (overrides: Record<string, unknown> = {}) => ({
    startDate: dayAhead(20),
    deposit: 1500,
    ...overrides,
  });

  describe('who may apply', () => {
    it('refuses the signed out (401), landlords, contractors and free tenants (403)', async () => {
      expect((await post(`/api/properties/${listingId}/applications`, null, {})).statusCode).toBe(401);
      const otherLandlord = await createLandlord(t, { premium: true });
      const contractor = await createContractorUser(t, { premium: true });
      const free = await createTenant(t);
      for (const who of [landlord, otherLandlord, contractor, free]) {
        const res = await applyFor(t, who, listingId);
        expect(res.statusCode, res.body).toBe(403);
      }
      expect((await applyFor(t, free, listingId)).json().code).toBe('PREMIUM_REQUIRED');
    });

    it('needs a conversation about the listing (403), and a renter profile (409)', async () => {
      const stranger = await createPremiumTenant(t);
      await givenRenterProfile(t, stranger.id);
      const res = await applyFor(t, stranger, listingId);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/enquiry about this home first/);

      const { tenant } = await tenantInConversation(t, listingId, 'Nora');
      const noProfile = await applyFor(t, tenant, listingId);
      expect(noProfile.statusCode).toBe(409);
      expect(noProfile.json().message).toMatch(/complete your renter profile/);
    });

    it('refuses a tenant the landlord has blocked (403)', async () => {
      const { tenant } = await tenantInConversation(t, listingId, 'Blake');
      await givenRenterProfile(t, tenant.id);
      expect((await post(`/api/users/${tenant.id}/block`, landlord)).statusCode).toBeLessThan(300);
      const res = await applyFor(t, tenant, listingId);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You cannot apply for this home.');
    });

    it('answers 404 for no such listing and 409 for one that is not live or is let agreed', async () => {
      const tenant = await createPremiumTenant(t);
      await givenRenterProfile(t, tenant.id);
      expect((await applyFor(t, tenant, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await applyFor(t, tenant, 'not-a-uuid')).statusCode).toBe(404);
      const pending = await createListing(t, { landlordId: landlord.id, status: 'pending' });
      expect((await applyFor(t, tenant, pending.id)).statusCode).toBe(404);

      const home = await createListing(t, { landlordId: landlord.id });
      await enquiryOf(t, tenant, home.id);
      for (const change of [{ letAgreedAt: new Date() }, { status: 'paused' as const, letAgreedAt: null }]) {
        await t.db.update(properties).set(change).where(eq(properties.id, home.id));
        const res = await applyFor(t, tenant, home.id);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toMatch(/not taking applications/);
      }
    });

    it('takes one application per tenant and home (409), and another after a withdrawal', async () => {
      const { tenant, applicationId } = await applicantFor(t, listingId, 'Olly');
      const again = await applyFor(t, tenant, listingId);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('You have already applied for this home.');
      // Two at once: one is made.
      const { tenant: racer } = await tenantInConversation(t, listingId, 'Rae');
      await givenRenterProfile(t, racer.id);
      const both = await Promise.all([applyFor(t, racer, listingId), applyFor(t, racer, listingId)]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);

      expect((await post(`/api/applications/${applicationId}/withdraw`, tenant)).statusCode).toBe(200);
      expect((await applyFor(t, tenant, listingId)).statusCode).toBe(201);
    });
  });

  it('snapshots the profile: the landlord sees it as it was when they applied, with the message', async () => {
    const { tenant, conversationId } = await tenantInConversation(t, listingId, 'Priya');
    await givenRenterProfile(t, tenant.id, { petDetails: null, pets: 'none' });
    const res = await applyFor(t, tenant, listingId, 'We loved the light in the kitchen.');
    expect(res.statusCode, res.body).toBe(201);
    const { applicationId } = res.json();
    // A later edit of the profile does not change what the landlord was sent.
    await t.db
      .update(renterProfiles)
      .set({ introduction: 'Changed later' })
      .where(eq(renterProfiles.userId, tenant.id));

    const seen = await get(`/api/applications/${applicationId}`, landlord);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      id: applicationId,
      status: 'submitted',
      message: 'We loved the light in the kitchen.',
      conversationId,
      tenancyId: null,
      property: {
        id: listingId,
        title: 'Canal-side flat',
        street: 'Canal Street, Leeds',
        rent: 1300,
        rentPence: 130_000,
      },
      applicant: { id: tenant.id, name: 'Priya Tenant' },
      profile: {
        introduction: 'Two of us, quiet, both working in town.',
        householdSize: 2,
        pets: 'none',
        monthlyIncome: 3200,
        monthlyIncomePence: 320_000,
        guarantorAvailable: true,
        rightToRentShareCode: 'W12ABC34D',
        previousLandlord: { name: 'Pat Previous', email: 'pat.previous@example.test' },
      },
      offer: null,
      decline: null,
    });
    expect((await lines(landlord, conversationId)).at(-1)).toBe('Priya Tenant applied for this home.');
    const [mail] = await emailsTo(t, landlord.email, 'application');
    expect(mail.subject).toBe('New application: Canal-side flat');
    expect(mail.textBody).toContain('Priya Tenant applied for "Canal-side flat"');
    expect(mail.textBody).toContain(`/listings/${listingId}/applicants`);
  });

  it('shows an application to its tenant and the landlord only, and lists each their own', async () => {
    const { tenant, applicationId } = await applicantFor(t, listingId, 'Quin');
    const otherTenant = await createPremiumTenant(t);
    const otherLandlord = await createLandlord(t, { premium: true });
    for (const who of [otherTenant, otherLandlord]) {
      expect((await get(`/api/applications/${applicationId}`, who)).statusCode).toBe(404);
      expect((await get(`/api/properties/${listingId}/applications`, who)).statusCode).toBe(404);
      expect((await get('/api/applications', who)).json().applications).toEqual([]);
    }
    expect((await get(`/api/properties/${listingId}/applications`, tenant)).statusCode).toBe(404);
    const mine = (await get('/api/applications', tenant)).json().applications;
    expect(mine.map((a: { id: string }) => a.id)).toEqual([applicationId]);
    const theirs = (await get('/api/applications', landlord)).json().applications;
    expect(theirs.map((a: { id: string }) => a.id)).toContain(applicationId);
  });

  it('tells other features (references) who is party to an application, and nobody else', async () => {
    const { tenant, applicationId } = await applicantFor(t, listingId, 'Rhys');
    expect(await applicationForParty(t.db, applicationId, tenant.id)).toMatchObject({
      side: 'tenant',
      applicantName: 'Rhys Tenant',
      property: { id: listingId, street: 'Canal Street, Leeds' },
      profile: { previousLandlord: { name: 'Pat Previous', email: 'pat.previous@example.test' } },
    });
    expect((await applicationForParty(t.db, applicationId, landlord.id))?.side).toBe('landlord');
    expect(await applicationForParty(t.db, applicationId, (await createPremiumTenant(t)).id)).toBeUndefined();
    expect(await applicationForParty(t.db, 'nope', tenant.id)).toBeUndefined();
  });

  it('lists a listing’s applicants oldest first, with the same fields for each', async () => {
    const home = (await createListing(t, { landlordId: landlord.id })).id;
    const first = await applicantFor(t, home, 'Ann');
    const second = await applicantFor(t, home, 'Ben');
    const res = await get(`/api/properties/${home}/applications`, landlord);
    expect(res.statusCode).toBe(200);
    const list = res.json().applications;
    expect(list.map((a: { id: string }) => a.id)).toEqual([first.applicationId, second.applicationId]);
    expect(Object.keys(list[0].profile).sort()).toEqual(Object.keys(list[1].profile).sort());
  });

  describe('an offer', () => {
    it('is the landlord’s, at the advertised rent or less: above it is the bidding ban (409)', async () => {
      const { tenant, conversationId, applicationId } = await applicantFor(t, listingId, 'Sam');
      const url = `/api/applications/${applicationId}/offer`;
      expect((await post(url, tenant, goodOffer())).statusCode).toBe(403);
      expect((await post(url, await createLandlord(t, { premium: true }), goodOffer())).statusCode).toBe(404);

      const above = await post(url, landlord, goodOffer({ rent: 1300.01 }));
      expect(above.statusCode).toBe(409);
      expect(above.json().message).toMatch(/bidding is banned/);
      expect(above.json().fieldErrors.rent).toHaveLength(1);

      const overCap = await post(url, landlord, goodOffer({ deposit: maxDepositPence(130_000) / 100 + 1 }));
      expect(overCap.statusCode).toBe(400);
      expect(overCap.json().fieldErrors.deposit[0]).toMatch(/^The deposit can be at most £1,500/);
      const past = await post(url, landlord, goodOffer({ startDate: dayAhead(-1) }));
      expect(past.statusCode).toBe(400);
      expect(past.json().fieldErrors.startDate).toEqual(['The start date cannot be in the past.']);
      expect((await post(url, landlord, { deposit: 100 })).statusCode).toBe(400);

      // The cap follows the rent offered: five weeks of £1,250 is £1,442.30.
      const res = await post(url, landlord, goodOffer({ rent: 1250, deposit: 1400 }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'offered',
        offer: {
          startDate: dayAhead(20),
          rent: 1250,
          rentPence: 125_000,
          deposit: 1400,
          depositPence: 140_000,
        },
      });
      expect((await post(url, landlord, goodOffer())).statusCode).toBe(409);
      expect((await lines(tenant, conversationId)).at(-1)).toMatch(
        /^Lena Landlord offered the home to Sam Tenant: £1,250 pcm from \w{3} \d{1,2} \w{3} \d{4}, deposit £1,400\.$/,
      );
      const [mail] = await emailsTo(t, tenant.email, 'application');
      expect(mail.subject).toBe('You are offered the home: Canal-side flat');
    });
  });

  describe('declining', () => {
    it('needs a reason from the list, a note for "other", and tells the tenant', async () => {
      const { tenant, conversationId, applicationId } = await applicantFor(t, listingId, 'Tess');
      const url = `/api/applications/${applicationId}/decline`;
      expect((await post(url, landlord, {})).statusCode).toBe(400);
      const unknown = await post(url, landlord, { reason: 'children' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fieldErrors.reason).toEqual(['Choose a reason from the list.']);
      const bare = await post(url, landlord, { reason: 'other' });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().fieldErrors.note).toEqual(['Please say why in a note.']);
      expect((await post(url, tenant, { reason: 'affordability' })).statusCode).toBe(403);
      // "Other" cannot bring back what the list leaves out (RRA 2025 Part 1 Chapter 3).
      for (const note of ['Sorry, no DSS', 'No children, it is a quiet building']) {
        const refused = await post(url, landlord, { reason: 'other', note });
        expect(refused.statusCode, note).toBe(400);
        expect(refused.json().fieldErrors.note[0]).toMatch(
          /^Please remove “(no DSS|No children)”: a landlord may not refuse/,
        );
      }

      const res = await post(url, landlord, { reason: 'other', note: 'I am selling the flat' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'declined',
        decline: { reason: 'other', reasonLabel: 'Other', note: 'I am selling the flat' },
      });
      expect((await lines(tenant, conversationId)).at(-1)).toBe(
        'Lena Landlord declined the application (Other: I am selling the flat).',
      );
      const [mail] = await emailsTo(t, tenant.email, 'application');
      expect(mail.subject).toBe('Your application was declined: Canal-side flat');
      expect(mail.textBody).toContain('Reason: Other: I am selling the flat');
      // Decided: nothing more to do with it, and the tenant cannot apply again over it.
      expect((await post(url, landlord, { reason: 'references' })).statusCode).toBe(409);
      expect((await post(`/api/applications/${applicationId}/withdraw`, tenant)).statusCode).toBe(409);
      expect((await applyFor(t, tenant, listingId)).statusCode).toBe(409);
    });

    it('labels each reason as the tenant reads it', async () => {
      const { applicationId } = await applicantFor(t, listingId, 'Uma');
      const res = await post(`/api/applications/${applicationId}/decline`, landlord, {
        reason: 'household_size',
      });
      expect(res.json().decline).toMatchObject({
        reason: 'household_size',
        reasonLabel: "Household larger than the home's legal occupancy",
        note: null,
      });
    });
  });

  describe('withdrawing', () => {
    it('is the tenant’s alone, on a submitted or offered application; the landlord is told', async () => {
      const { tenant, conversationId, applicationId } = await applicantFor(t, listingId, 'Vic');
      const url = `/api/applications/${applicationId}/withdraw`;
      expect((await post(url, landlord)).statusCode).toBe(403);
      expect((await post(url, await createPremiumTenant(t))).statusCode).toBe(404);
      expect((await post(`/api/applications/${applicationId}/offer`, landlord, goodOffer())).statusCode).toBe(
        200,
      );
      const res = await post(url, tenant);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('withdrawn');
      expect(res.json().withdrawnAt).not.toBeNull();
      expect((await lines(landlord, conversationId)).at(-1)).toBe('Vic Tenant withdrew their application.');
      const [mail] = await emailsTo(t, landlord.email, 'application');
      expect(mail.subject).toBe('Application withdrawn: Canal-side flat');
      expect((await post(url, tenant)).statusCode).toBe(409);
    });

    it('leaves one consistent state when an offer and a withdrawal race', async () => {
      const { tenant, applicationId } = await applicantFor(t, listingId, 'Wyn');
      const [offer, withdraw] = await Promise.all([
        post(`/api/applications/${applicationId}/offer`, landlord, goodOffer()),
        post(`/api/applications/${applicationId}/withdraw`, tenant),
      ]);
      expect(withdraw.statusCode).toBe(200);
      const [row] = await t.db.select().from(applications).where(eq(applications.id, applicationId));
      expect(row.status).toBe('withdrawn');
      // The offer either came first (and was then withdrawn) or found it withdrawn.
      expect([200, 409]).toContain(offer.statusCode);
    });
  });

  it('accepts only an offer, and only from its tenant', async () => {
    const { tenant, applicationId } = await applicantFor(t, listingId, 'Xan');
    const url = `/api/applications/${applicationId}/accept`;
    const early = await post(url, tenant);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Only an offer can be accepted.');
    expect((await post(`/api/applications/${applicationId}/offer`, landlord, goodOffer())).statusCode).toBe(
      200,
    );
    expect((await post(url, landlord)).statusCode).toBe(403);
    expect((await post(url, await createPremiumTenant(t))).statusCode).toBe(404);
  });
});
