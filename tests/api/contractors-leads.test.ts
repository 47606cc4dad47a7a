// Quote requests become leads (doc 1 "Contractor detail" Request Quote, §3 Lead), the contractor's leads API
// (GET /api/contractor/leads, one lead, PATCH status; Manage Leads is premium only) and the dashboard's figures.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEADS_PREMIUM_MESSAGE,
  QUOTE_MESSAGES,
  type TContractorDashboard,
  type TLead,
  type TLeadPage,
} from '../../src/domain/contractors';
import { contentSubmissions, leads } from '../../src/server/db/schema';
import { createContractor, createLead } from '../factories/contractors';
import {
  type CreatedUser,
  createAdmin,
  createContractorUser,
  createLandlord,
  createPremiumTenant,
  createTenant,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { emailsTo } from '../support/http';

describe('quote requests and leads', () => {
  let t: TestApp;
  let premium: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    premium = await createPremiumTenant(t, { firstName: 'Priya', lastName: 'Shah' });
  });
  afterAll(() => t.close());

  const inject = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    cookie?: string | null,
    body?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(body !== undefined ? { payload: body as object } : {}),
    });

  const quote = (overrides: Record<string, unknown> = {}) => ({
    jobTitle: 'Leaking roof over the bay window',
    description: 'Water comes in after heavy rain. Two storey terrace.',
    location: 'LS6 3QW',
    contactEmail: 'Priya.Shah@Example.test',
    contactPhone: '07700 900123',
    preferredDate: '2099-06-01',
    ...overrides,
  });

  /** A subscribed contractor with a live profile. */
  async function contractorWithProfile(options: { premium?: boolean; email?: string | null } = {}) {
    const user = await createContractorUser(t, { premium: options.premium ?? true });
    const profile = await createContractor(t, {
      userId: user.id,
      email: options.email === undefined ? null : options.email,
    });
    return { user, profile };
  }

  describe('requesting a quote', () => {
    it('creates an active lead and emails the business address', async () => {
      const { profile } = await contractorWithProfile({ email: 'jobs@roofs.example' });
      const res = await inject(
        'POST',
        `/api/contractors/${profile.id}/quote-requests`,
        premium.cookie,
        quote(),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        status: 'active',
        message: expect.stringContaining(profile.businessName),
      });
      const [lead] = await t.db.select().from(leads).where(eq(leads.id, res.json().id));
      expect(lead).toMatchObject({
        contractorId: profile.id,
        requesterId: premium.id,
        jobTitle: 'Leaking roof over the bay window',
        location: 'LS6 3QW',
        contactEmail: 'priya.shah@example.test',
        contactPhone: '07700 900123',
        preferredDate: '2099-06-01',
        status: 'active',
      });
      const [mail] = await emailsTo(t, 'jobs@roofs.example', 'lead');
      expect(mail.subject).toBe('New quote request: Leaking roof over the bay window');
      expect(mail.textBody).toContain('Water comes in after heavy rain.');
      expect(mail.textBody).toContain('priya.shah@example.test');
      expect(mail.textBody).toContain(`/leads/${lead.id}`);
    });

    it("emails the owner's account address when the business has none", async () => {
      const { user, profile } = await contractorWithProfile({ email: null });
      const landlord = await createLandlord(t, { premium: true });
      const res = await inject(
        'POST',
        `/api/contractors/${profile.id}/quote-requests`,
        landlord.cookie,
        quote(),
      );
      expect(res.statusCode).toBe(201);
      expect(await emailsTo(t, user.email, 'lead')).toHaveLength(1);
    });

    it('keeps the lead on the dashboard but sends no email when the owner switched account emails off', async () => {
      const { user, profile } = await contractorWithProfile({ email: 'quiet@roofs.example' });
      const off = await inject('PUT', '/api/notification-settings', user.cookie, { email: false });
      expect(off.statusCode, off.body).toBe(200);
      const res = await inject(
        'POST',
        `/api/contractors/${profile.id}/quote-requests`,
        premium.cookie,
        quote(),
      );
      expect(res.statusCode).toBe(201);
      expect(await emailsTo(t, 'quiet@roofs.example', 'lead')).toHaveLength(0);
      const mine = await inject('GET', '/api/contractor/leads', user.cookie);
      expect(mine.body).toContain(res.json().id);
    });

    it('escapes the requester’s words in the HTML email', async () => {
      const { profile } = await contractorWithProfile({ email: 'escape@roofs.example' });
      await inject(
        'POST',
        `/api/contractors/${profile.id}/quote-requests`,
        premium.cookie,
        quote({ description: '<script>alert(1)</script>' }),
      );
      const [mail] = await emailsTo(t, 'escape@roofs.example', 'lead');
      expect(mail.htmlBody).toContain('&lt;script&gt;');
      expect(mail.htmlBody).not.toContain('<script>');
    });

    it('refuses visitors (401), free users (premium), contractors, admins and the owner (403)', async () => {
      const { user: owner, profile } = await contractorWithProfile();
      const url = `/api/contractors/${profile.id}/quote-requests`;
      expect((await inject('POST', url, null, quote())).statusCode).toBe(401);
      for (const person of [await createTenant(t), await createLandlord(t)]) {
        const res = await inject('POST', url, person.cookie, quote());
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'PREMIUM_REQUIRED', message: QUOTE_MESSAGES.notEligible });
      }
      for (const cookie of [
        owner.cookie,
        (await createContractorUser(t, { premium: true })).cookie,
        (await createAdmin(t)).cookie,
      ]) {
        expect((await inject('POST', url, cookie, quote())).statusCode).toBe(403);
      }
      expect(await t.db.select().from(leads).where(eq(leads.contractorId, profile.id))).toHaveLength(0);
    });

    it('answers 404 for a profile that is not live', async () => {
      const hidden = await createContractor(t, { status: 'pending' });
      const res = await inject(
        'POST',
        `/api/contractors/${hidden.id}/quote-requests`,
        premium.cookie,
        quote(),
      );
      expect(res.statusCode).toBe(404);
    });

    it('checks every field with a message', async () => {
      const { profile } = await contractorWithProfile();
      const url = `/api/contractors/${profile.id}/quote-requests`;
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ jobTitle: ' ' }, 'jobTitle', QUOTE_MESSAGES.jobTitle],
        [{ description: '' }, 'description', QUOTE_MESSAGES.description],
        [{ location: undefined }, 'location', QUOTE_MESSAGES.location],
        [{ contactEmail: 'not-an-email' }, 'contactEmail', QUOTE_MESSAGES.contactEmail],
        [{ contactPhone: 'call me' }, 'contactPhone', QUOTE_MESSAGES.contactPhone],
        [{ preferredDate: '2025-02-30' }, 'preferredDate', QUOTE_MESSAGES.preferredDate],
        [{ preferredDate: '2001-01-01' }, 'preferredDate', QUOTE_MESSAGES.pastDate],
        [{ jobTitle: 'x'.repeat(121) }, 'jobTitle', 'Must be at most 120 characters'],
        [{ description: 'x'.repeat(2001) }, 'description', 'Must be at most 2000 characters'],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await inject('POST', url, premium.cookie, quote(overrides));
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json().fieldErrors[field]).toContain(message);
      }
      const extra = await inject('POST', url, premium.cookie, { ...quote(), status: 'won' });
      expect(extra.statusCode).toBe(400);
    });

    it('takes phone and date as optional', async () => {
      const { profile } = await contractorWithProfile();
      const res = await inject(
        'POST',
        `/api/contractors/${profile.id}/quote-requests`,
        premium.cookie,
        quote({ contactPhone: '', preferredDate: null }),
      );
      expect(res.statusCode, res.body).toBe(201);
    });

    it('allows ten quote requests an hour per person, then 429', async () => {
      const { profile } = await contractorWithProfile();
      const busy = await createPremiumTenant(t);
      const url = `/api/contractors/${profile.id}/quote-requests`;
      const results = [];
      for (let i = 0; i < 10; i++) results.push((await inject('POST', url, busy.cookie, quote())).statusCode);
      expect(results.every((s) => s === 201)).toBe(true);
      const over = await inject('POST', url, busy.cookie, quote());
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(QUOTE_MESSAGES.tooMany);
      // Someone else is not held back.
      expect((await inject('POST', url, premium.cookie, quote())).statusCode).toBe(201);
    });
  });

  describe("the contractor's leads", () => {
    it('lists only your own leads, newest first, with the total and a status filter', async () => {
      const { user, profile } = await contractorWithProfile();
      const other = await contractorWithProfile();
      const older = await createLead(t, profile.id, {
        jobTitle: 'Older',
        createdAt: new Date(Date.now() - 60_000),
      });
      const newer = await createLead(t, profile.id, {
        jobTitle: 'Newer',
        status: 'won',
        requesterId: premium.id,
      });
      await createLead(t, other.profile.id, { jobTitle: 'Not yours' });
      const res = await inject('GET', '/api/contractor/leads', user.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const page: TLeadPage = res.json();
      expect(page.total).toBe(2);
      expect(page.leads.map((l) => l.id)).toEqual([newer.id, older.id]);
      expect(page.leads[0]).toMatchObject({ jobTitle: 'Newer', status: 'won', requesterName: 'Priya Shah' });
      const won: TLeadPage = (await inject('GET', '/api/contractor/leads?status=won', user.cookie)).json();
      expect(won.leads.map((l) => l.id)).toEqual([newer.id]);
    });

    it('returns an empty list to a subscribed contractor with no profile yet', async () => {
      const user = await createContractorUser(t, { premium: true });
      const page: TLeadPage = (await inject('GET', '/api/contractor/leads', user.cookie)).json();
      expect(page).toMatchObject({ leads: [], total: 0 });
    });

    it('is premium only for contractors (403), and not for other account types (403) or visitors (401)', async () => {
      const { user, profile } = await contractorWithProfile({ premium: false });
      const lead = await createLead(t, profile.id);
      for (const [method, url, body] of [
        ['GET', '/api/contractor/leads', undefined],
        ['GET', `/api/contractor/leads/${lead.id}`, undefined],
        ['PATCH', `/api/contractor/leads/${lead.id}`, { status: 'won' }],
      ] as const) {
        const res = await inject(method, url, user.cookie, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'PREMIUM_REQUIRED', message: LEADS_PREMIUM_MESSAGE });
        expect((await inject(method, url, null, body)).statusCode).toBe(401);
        expect((await inject(method, url, premium.cookie, body)).statusCode).toBe(403);
      }
    });

    it('shows one of your leads, and 404 for anyone else’s or a made-up id', async () => {
      const { user, profile } = await contractorWithProfile();
      const other = await contractorWithProfile();
      const mine = await createLead(t, profile.id, { jobTitle: 'Mine' });
      const theirs = await createLead(t, other.profile.id);
      const res = await inject('GET', `/api/contractor/leads/${mine.id}`, user.cookie);
      expect(res.statusCode).toBe(200);
      expect((res.json() as TLead).jobTitle).toBe('Mine');
      for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
        const miss = await inject('GET', `/api/contractor/leads/${id}`, user.cookie);
        expect(miss.statusCode, id).toBe(404);
        expect(miss.json().message).toBe('Lead not found');
      }
    });

    it('changes the status of your own lead, and never another contractor’s', async () => {
      const { user, profile } = await contractorWithProfile();
      const other = await contractorWithProfile();
      const mine = await createLead(t, profile.id);
      const sibling = await createLead(t, profile.id);
      const theirs = await createLead(t, other.profile.id);
      const storedStatus = async (id: string) =>
        (await t.db.select({ status: leads.status }).from(leads).where(eq(leads.id, id)))[0].status;
      for (const status of ['pending', 'won', 'lost', 'closed', 'active'] as const) {
        const res = await inject('PATCH', `/api/contractor/leads/${mine.id}`, user.cookie, { status });
        expect(res.statusCode, res.body).toBe(200);
        expect((res.json() as TLead).status).toBe(status);
        // Stored: the row, and the contractor's list filtered by the new status shows this lead (only).
        expect(await storedStatus(mine.id)).toBe(status);
        const filtered = await inject('GET', `/api/contractor/leads?status=${status}`, user.cookie);
        const shown = (filtered.json() as TLeadPage).leads.map((l) => l.id).sort();
        expect(shown, status).toEqual(status === 'active' ? [sibling.id, mine.id].sort() : [mine.id]);
      }
      expect(await storedStatus(sibling.id)).toBe('active'); // the contractor's other lead is left alone
      const denied = await inject('PATCH', `/api/contractor/leads/${theirs.id}`, user.cookie, {
        status: 'lost',
      });
      expect(denied.statusCode).toBe(404);
      const [row] = await t.db.select().from(leads).where(eq(leads.id, theirs.id));
      expect(row.status).toBe('active');
    });

    it('refuses a status that does not exist, and other fields', async () => {
      const { user, profile } = await contractorWithProfile();
      const lead = await createLead(t, profile.id);
      for (const body of [{ status: 'done' }, {}, { status: 'won', jobTitle: 'x' }, { status: 7 }]) {
        const res = await inject('PATCH', `/api/contractor/leads/${lead.id}`, user.cookie, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
    });

    it('shows a lead made by a quote request to its contractor', async () => {
      const { user, profile } = await contractorWithProfile();
      const created = await inject(
        'POST',
        `/api/contractors/${profile.id}/quote-requests`,
        premium.cookie,
        quote(),
      );
      const page: TLeadPage = (await inject('GET', '/api/contractor/leads', user.cookie)).json();
      expect(page.leads.map((l) => l.id)).toEqual([created.json().id]);
      expect(page.leads[0]).toMatchObject({ status: 'active', contactEmail: 'priya.shah@example.test' });
    });
  });

  describe('the dashboard figures', () => {
    it('counts active leads, won jobs, views and rating, with the three newest leads', async () => {
      const user = await createContractorUser(t, { premium: true });
      const profile = await createContractor(t, { userId: user.id, profileViews: 37, ratings: [5, 4, 4] });
      const day = 86_400_000;
      for (const [i, status] of (
        ['active', 'active', 'pending', 'won', 'won', 'won', 'lost'] as const
      ).entries())
        await createLead(t, profile.id, {
          status,
          jobTitle: `Lead ${i}`,
          createdAt: new Date(Date.now() - i * day),
        });
      const res = await inject('GET', '/api/contractor/dashboard', user.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const dashboard: TContractorDashboard = res.json();
      expect(dashboard.stats).toEqual({
        activeLeads: 2,
        profileViews: 37,
        completedJobs: 3,
        rating: 4.33,
        reviewCount: 3,
        verifiedReviewCount: 0,
        unansweredReviews: 3,
      });
      expect(dashboard.recentLeads.map((l) => l.jobTitle)).toEqual(['Lead 0', 'Lead 1', 'Lead 2']);
      expect(dashboard.profile).toMatchObject({ id: profile.id, status: 'live' });
      expect(dashboard.canManageLeads).toBe(true);
    });

    it('gives a non-subscribed contractor the counts but not the leads themselves', async () => {
      const { user, profile } = await contractorWithProfile({ premium: false });
      await createLead(t, profile.id);
      const dashboard: TContractorDashboard = (
        await inject('GET', '/api/contractor/dashboard', user.cookie)
      ).json();
      expect(dashboard.stats.activeLeads).toBe(1);
      expect(dashboard.recentLeads).toEqual([]);
      expect(dashboard.canManageLeads).toBe(false);
    });

    it('shows the state of the latest profile submission with the admin’s notes', async () => {
      const user = await createContractorUser(t);
      const profile = await createContractor(t, { userId: user.id, status: 'rejected' });
      await t.db.insert(contentSubmissions).values({
        userId: user.id,
        contentType: 'contractor_profile',
        contentData: {},
        targetId: profile.id,
        submissionStatus: 'rejected',
        adminNotes: 'Please add your trading address.',
        reviewedAt: new Date(),
      });
      const dashboard: TContractorDashboard = (
        await inject('GET', '/api/contractor/dashboard', user.cookie)
      ).json();
      expect(dashboard.profile?.status).toBe('rejected');
      expect(dashboard.latestSubmission).toMatchObject({
        submissionStatus: 'rejected',
        adminNotes: 'Please add your trading address.',
      });
    });

    it('has no profile and zero figures before one is created; other account types get 403', async () => {
      const user = await createContractorUser(t);
      const dashboard: TContractorDashboard = (
        await inject('GET', '/api/contractor/dashboard', user.cookie)
      ).json();
      expect(dashboard).toMatchObject({ profile: null, stats: { activeLeads: 0, rating: null } });
      expect((await inject('GET', '/api/contractor/dashboard', premium.cookie)).statusCode).toBe(403);
      expect((await inject('GET', '/api/contractor/dashboard', null)).statusCode).toBe(401);
    });
  });
});
