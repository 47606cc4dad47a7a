// Verified-job reviews (issue 32 item 5; decision 0073): a review rests on a job the trade finished for its author
// (a repair at their home, as landlord or tenant, or their own quote request the trade marked done), once per
// person and trade; it is shown as a "Verified job" with the month and category; the trade replies once, publicly;
// the rating counts verified jobs first, and every total equals the reviews after every write.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEAD_COMPLETE_MESSAGES,
  REVIEW_MESSAGES,
  type TContractorDetail,
  type TContractorPage,
  type TReview,
  type TReviewEligibility,
} from '../../src/domain/contractors';
import type { TRepairView } from '../../src/domain/repairs';
import { leads, messages, reviews } from '../../src/server/db/schema';
import { recomputeRatings } from '../../src/server/features/contractors/queries';
import { allReviewTotals, createContractor, createLead, reloadContractor } from '../factories/contractors';
import { completedLead, finishedRepair } from '../factories/repair-jobs';
import {
  type CreatedUser,
  createContractorUser,
  createLandlord,
  createPremiumTenant,
  createTenant,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, emailsTo } from '../support/http';

describe('verified-job reviews', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, who: CreatedUser | null, body?: unknown) =>
    call(t, 'POST', url, { cookie: who?.cookie, body });
  const get = (url: string, who: CreatedUser | null) => call(t, 'GET', url, { cookie: who?.cookie });
  const review = (contractorId: string, who: CreatedUser | null, body: Record<string, unknown> = {}) =>
    post(`/api/contractors/${contractorId}/reviews`, who, { rating: 5, comment: 'Sorted it.', ...body });
  const edit = (contractorId: string, who: CreatedUser, body: Record<string, unknown>) =>
    call(t, 'PUT', `/api/contractors/${contractorId}/reviews`, { cookie: who.cookie, body });

  async function detail(contractorId: string, who: CreatedUser | null): Promise<TContractorDetail> {
    const res = await get(`/api/contractors/${contractorId}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  async function eligibility(contractorId: string, who: CreatedUser): Promise<TReviewEligibility> {
    const res = await get(`/api/contractors/${contractorId}/reviews/eligibility`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  async function listed(contractorId: string): Promise<TReview[]> {
    const res = await get(`/api/contractors/${contractorId}/reviews?limit=50`, null);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().reviews;
  }

  /** The stored totals equal what the reviews add up to, all and verified alike. */
  async function expectTotalsExact(contractorId: string) {
    const row = await reloadContractor(t, contractorId);
    const totals = await allReviewTotals(t, contractorId);
    expect({
      ratingSum: row.ratingSum,
      reviewCount: row.reviewCount,
      verifiedRatingSum: row.verifiedRatingSum,
      verifiedReviewCount: row.verifiedReviewCount,
    }).toEqual(totals);
    return row;
  }

  /** A live trade, with an account when the test needs the owner. */
  async function trade(options: Parameters<typeof createContractor>[1] = {}) {
    return createContractor(t, { specialty: 'Plumbing & Heating', ...options });
  }

  /** A landlord and a tenant of one home, and a repair there that `contractorId` finished (unless told otherwise). */
  async function partiesOfRepair(
    contractorId: string,
    options: Omit<Parameters<typeof finishedRepair>[1], 'contractorId' | 'landlordId' | 'tenantIds'> = {},
  ) {
    const landlord = await createLandlord(t, { premium: true, firstName: 'Lena', lastName: 'Lord' });
    const tenant = await createTenant(t, { firstName: 'Tia', lastName: 'Tenant' });
    const { repair, tenancyId } = await finishedRepair(t, {
      contractorId,
      landlordId: landlord.id,
      tenantIds: [tenant.id],
      ...options,
    });
    return { landlord, tenant, repair, tenancyId };
  }
  const partiesOfFinishedRepair = (contractorId: string, workDoneAt = new Date()) =>
    partiesOfRepair(contractorId, { workDoneAt });

  describe('only a finished job may be reviewed', () => {
    it('refuses anyone without a finished job with 403, an answered quote request included', async () => {
      const c = await trade();
      // A repair this trade was given but has not done yet.
      const { landlord, tenant } = await partiesOfRepair(c.id, { finished: false });
      // A quote request the trade answered (won) but never marked done: enough before, not now.
      const asker = await createPremiumTenant(t);
      await createLead(t, c.id, { requesterId: asker.id, status: 'won' });
      const stranger = await createPremiumTenant(t);
      expect((await review(c.id, null)).statusCode).toBe(401);
      for (const who of [landlord, tenant, asker, stranger]) {
        const res = await review(c.id, who);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: REVIEW_MESSAGES.noFinishedJob });
        expect((await detail(c.id, who)).canReview).toBe(false);
        expect(await eligibility(c.id, who)).toEqual({
          canReview: false,
          reason: REVIEW_MESSAGES.noFinishedJob,
          jobs: [],
          reviewId: null,
        });
      }
      expect(await expectTotalsExact(c.id)).toMatchObject({ reviewCount: 0, verifiedReviewCount: 0 });
    });

    it('does not count another trade’s finished repair', async () => {
      const c = await trade();
      const other = await trade();
      const { landlord } = await partiesOfFinishedRepair(other.id);
      expect((await review(c.id, landlord)).statusCode).toBe(403);
      expect((await review(other.id, landlord)).statusCode).toBe(201);
    });

    it("refuses to rest a review on someone else's job (403) or on two jobs at once (400)", async () => {
      const c = await trade();
      const { repair } = await partiesOfFinishedRepair(c.id);
      const mine = await partiesOfFinishedRepair(c.id);
      const named = await review(c.id, mine.landlord, { repairId: repair.id });
      expect(named.statusCode).toBe(403);
      expect(named.json().message).toBe(REVIEW_MESSAGES.notYourJob);
      const lead = await completedLead(t, c.id, mine.landlord.id);
      const both = await review(c.id, mine.landlord, { repairId: mine.repair.id, leadId: lead.id });
      expect(both.statusCode).toBe(400);
      expect(both.json().message).toBe(REVIEW_MESSAGES.oneJob);
      expect((await review(c.id, mine.landlord, { repairId: 'not-a-uuid' })).statusCode).toBe(400);
      expect(await expectTotalsExact(c.id)).toMatchObject({ reviewCount: 0 });
    });
  });

  describe('a finished repair', () => {
    it('lets its landlord and its tenant each review the trade once, as a verified job', async () => {
      const c = await trade();
      // 00:30 on 1 October in London (BST): the job's month is London's October, not UTC's September.
      const { landlord, tenant, repair } = await partiesOfFinishedRepair(
        c.id,
        new Date('2026-09-30T23:30:00Z'),
      );
      const eligible = await eligibility(c.id, landlord);
      expect(eligible).toEqual({
        canReview: true,
        reason: null,
        reviewId: null,
        jobs: [
          {
            kind: 'repair',
            id: repair.id,
            title: repair.title,
            month: '2026-10',
            category: 'Plumbing and leaks',
          },
        ],
      });
      expect((await detail(c.id, tenant)).canReview).toBe(true);

      const byLandlord = await review(c.id, landlord, { rating: 4, comment: 'Quick and tidy.' });
      expect(byLandlord.statusCode, byLandlord.body).toBe(201);
      expect(byLandlord.json()).toMatchObject({
        rating: 4,
        customerName: 'Lena L.',
        own: true,
        verified: true,
        job: { kind: 'repair', month: '2026-10', category: 'Plumbing and leaks' },
        reply: null,
      });
      const byTenant = await review(c.id, tenant, { rating: 5, comment: 'Came when he said.' });
      expect(byTenant.statusCode, byTenant.body).toBe(201);
      expect(byTenant.json()).toMatchObject({ verified: true, customerName: 'Tia T.' });

      for (const who of [landlord, tenant]) {
        const again = await review(c.id, who, { rating: 1, comment: 'Second go' });
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toBe(REVIEW_MESSAGES.duplicate);
        expect(await eligibility(c.id, who)).toMatchObject({
          canReview: false,
          reason: REVIEW_MESSAGES.duplicate,
          reviewId: expect.any(String),
        });
      }
      const stored = await t.db.select().from(reviews).where(eq(reviews.contractorId, c.id));
      expect(stored).toHaveLength(2);
      for (const row of stored)
        expect(row).toMatchObject({
          repairId: repair.id,
          leadId: null,
          verified: true,
          jobMonth: '2026-10-01',
        });
      expect(await expectTotalsExact(c.id)).toMatchObject({
        ratingSum: 9,
        reviewCount: 2,
        verifiedRatingSum: 9,
        verifiedReviewCount: 2,
      });
    });

    it('counts a repair confirmed fixed (resolved) as finished too', async () => {
      const c = await trade();
      const { tenant } = await partiesOfRepair(c.id, { status: 'resolved' });
      expect((await review(c.id, tenant)).statusCode).toBe(201);
    });

    it('shows the repair page a "Review the trade" part to its parties once the work is done', async () => {
      const c = await trade({ businessName: 'Dripfix Plumbing' });
      const { landlord, tenant, repair } = await partiesOfFinishedRepair(c.id);
      const view = async (who: CreatedUser) => {
        const res = await get(`/api/repairs/${repair.id}`, who);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as TRepairView).tradeReview;
      };
      const part = { contractorId: c.id, businessName: 'Dripfix Plumbing' };
      expect(await view(landlord)).toEqual({ ...part, canReview: true, reviewed: false });
      expect((await review(c.id, landlord)).statusCode).toBe(201);
      expect(await view(landlord)).toEqual({ ...part, canReview: false, reviewed: true });
      expect(await view(tenant)).toEqual({ ...part, canReview: true, reviewed: false });

      const unfinished = await finishedRepair(t, {
        contractorId: c.id,
        landlordId: landlord.id,
        tenantIds: [tenant.id],
        finished: false,
      });
      const res = await get(`/api/repairs/${unfinished.repair.id}`, landlord);
      expect(res.statusCode).toBe(200);
      expect(res.json().tradeReview).toBeNull();
    });

    it("draws the review form on the trade's page with the job it rests on, so nothing is added as it hydrates", async () => {
      const c = await trade({ businessName: 'Pipewise' });
      const { landlord } = await partiesOfFinishedRepair(c.id);
      const page = await get(`/contractors/${c.id}`, landlord);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('aria-label="Leave a review"');
      expect(page.body).toMatch(/About your job: <span[^>]*>[^<]+\(/);
      // A visitor is drawn no form and asks nothing of the kind.
      const visitor = await get(`/contractors/${c.id}`, null);
      expect(visitor.body).not.toContain('aria-label="Leave a review"');
      expect(visitor.body).not.toContain('About your job');
    });

    it('lets a landlord with two jobs by one trade review it once, on the newest, and move it with an edit', async () => {
      const c = await trade();
      const {
        landlord,
        tenant,
        repair: older,
        tenancyId,
      } = await partiesOfFinishedRepair(c.id, new Date('2026-03-10T12:00:00Z'));
      const { repair: newer } = await finishedRepair(t, {
        contractorId: c.id,
        landlordId: landlord.id,
        tenantIds: [tenant.id],
        tenancyId,
        category: 'heating',
        workDoneAt: new Date('2026-06-10T12:00:00Z'),
      });
      expect((await eligibility(c.id, landlord)).jobs.map((job) => job.id)).toEqual([newer.id, older.id]);
      const first = await review(c.id, landlord);
      expect(first.json().job).toEqual({
        kind: 'repair',
        month: '2026-06',
        category: 'Heating and hot water',
      });
      expect((await review(c.id, landlord, { repairId: older.id })).statusCode).toBe(409);
      const moved = await edit(c.id, landlord, {
        rating: 3,
        comment: 'The first job was slower.',
        repairId: older.id,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({
        rating: 3,
        verified: true,
        job: { kind: 'repair', month: '2026-03', category: 'Plumbing and leaks' },
      });
      const stranger = await partiesOfFinishedRepair(c.id);
      const refused = await edit(c.id, landlord, { rating: 3, comment: 'x', repairId: stranger.repair.id });
      expect(refused.statusCode).toBe(403);
      expect(await expectTotalsExact(c.id)).toMatchObject({
        ratingSum: 3,
        reviewCount: 1,
        verifiedReviewCount: 1,
      });
    });

    it('turns a review from before the rule into a verified one when its author edits it after a job', async () => {
      const c = await trade();
      const { landlord } = await partiesOfFinishedRepair(c.id);
      // Written under issue 28's rule, after an answered quote request: unverified.
      const lead = await createLead(t, c.id, { requesterId: landlord.id, status: 'won' });
      await t.db.insert(reviews).values({
        contractorId: c.id,
        authorId: landlord.id,
        leadId: lead.id,
        customerName: 'Lena L.',
        rating: 2,
        comment: 'Slow to quote.',
      });
      await t.db.transaction((tx) => recomputeRatings(tx, [c.id]));
      expect((await listed(c.id))[0]).toMatchObject({ verified: false, job: null });
      expect((await review(c.id, landlord)).statusCode).toBe(409);
      const edited = await edit(c.id, landlord, { rating: 4, comment: 'The repair went well.' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({
        verified: true,
        job: { kind: 'repair' },
        quoteRequestedAt: null,
      });
      expect(await expectTotalsExact(c.id)).toMatchObject({ verifiedReviewCount: 1, verifiedRatingSum: 4 });
    });
  });

  describe('a quote request the trade marked done', () => {
    it('lets the trade mark it done once, emails the requester a review link, and opens the review', async () => {
      const tradeUser = await createContractorUser(t, { premium: true });
      const c = await trade({ userId: tradeUser.id, businessName: 'Tap & Trap' });
      const asker = await createPremiumTenant(t, { firstName: 'Ola', lastName: 'Nowak' });
      const asked = await post(`/api/contractors/${c.id}/quote-requests`, asker, {
        jobTitle: 'New kitchen tap',
        description: 'Mixer tap, supplied.',
        location: 'LS6 3QW',
        contactEmail: asker.email,
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const leadId: string = asked.json().id;
      expect((await review(c.id, asker)).statusCode).toBe(403);

      const other = await createContractorUser(t, { premium: true });
      await trade({ userId: other.id });
      for (const who of [other, asker]) {
        const res = await post(`/api/contractor/leads/${leadId}/complete`, who);
        expect(res.statusCode, res.body).toBe(404);
      }
      expect((await post(`/api/contractor/leads/${leadId}/complete`, null)).statusCode).toBe(401);

      const done = await post(`/api/contractor/leads/${leadId}/complete`, tradeUser);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({
        id: leadId,
        status: 'won',
        completedAt: expect.any(String),
        canComplete: false,
      });
      const again = await post(`/api/contractor/leads/${leadId}/complete`, tradeUser);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(LEAD_COMPLETE_MESSAGES.already);

      const [mail] = await emailsTo(t, asker.email, 'lead_completed');
      expect(mail?.subject).toBe('Tap & Trap marked your job done');
      expect(mail?.textBody).toContain(`/contractors/${c.id}?lead=${leadId}#review`);
      const lines = await t.db
        .select({ body: messages.body })
        .from(messages)
        .where(eq(messages.conversationId, asked.json().conversationId));
      expect(lines.map((line) => line.body)).toContain(
        'Tap & Trap marked this job done. You can now review them on their page.',
      );

      const written = await review(c.id, asker, { leadId, rating: 5, comment: 'Neat job.' });
      expect(written.statusCode, written.body).toBe(201);
      expect(written.json()).toMatchObject({
        verified: true,
        job: { kind: 'quote_request', category: 'Plumbing & Heating' },
        quoteRequestedAt: expect.any(String),
      });
      const [row] = await t.db.select().from(reviews).where(eq(reviews.id, written.json().id));
      expect(row).toMatchObject({ leadId, repairId: null, verified: true });
    });

    it("refuses to mark a repair's quote request done here (409)", async () => {
      const tradeUser = await createContractorUser(t, { premium: true });
      const c = await trade({ userId: tradeUser.id });
      const { repair } = await partiesOfFinishedRepair(c.id, new Date());
      const lead = await createLead(t, c.id, { status: 'won' });
      await t.db.update(leads).set({ repairId: repair.id }).where(eq(leads.id, lead.id));
      const res = await post(`/api/contractor/leads/${lead.id}/complete`, tradeUser);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(LEAD_COMPLETE_MESSAGES.repair);
    });
  });

  describe('the list says which reviews rest on a job', () => {
    it('gives verified and job in the list and on the page, and leaves older reviews unverified', async () => {
      const c = await trade({ ratings: [5, 5] });
      const { landlord } = await partiesOfFinishedRepair(c.id, new Date('2026-05-15T12:00:00Z'));
      const written = await review(c.id, landlord, { rating: 3, comment: 'Fair.' });
      expect(written.statusCode).toBe(201);
      const all = await listed(c.id);
      expect(all).toHaveLength(3);
      expect(all.find((r) => r.id === written.json().id)).toMatchObject({
        verified: true,
        job: { kind: 'repair', month: '2026-05', category: 'Plumbing and leaks' },
      });
      for (const older of all.filter((r) => r.id !== written.json().id))
        expect(older).toMatchObject({ verified: false, job: null, reply: null });
      const page = await detail(c.id, null);
      expect(page.reviews.find((r) => r.id === written.json().id)?.verified).toBe(true);
    });
  });

  describe("the trade's reply", () => {
    it('lets the owner reply once, shows it under the review and emails the reviewer', async () => {
      const tradeUser = await createContractorUser(t, { premium: true });
      const c = await trade({ userId: tradeUser.id, businessName: 'Reply Plumbing' });
      const { landlord } = await partiesOfFinishedRepair(c.id);
      const written = (await review(c.id, landlord, { rating: 2, comment: 'Left a mess.' })).json();
      const url = `/api/contractors/${c.id}/reviews/${written.id}/reply`;

      expect((await post(url, null, { body: 'Sorry' })).statusCode).toBe(401);
      const otherTrade = await createContractorUser(t, { premium: true });
      await trade({ userId: otherTrade.id });
      for (const who of [otherTrade, landlord]) {
        const res = await post(url, who, { body: 'Not mine to answer' });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(REVIEW_MESSAGES.replyOwnerOnly);
      }
      const tooLong = await post(url, tradeUser, { body: 'x'.repeat(1001) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().fieldErrors.body).toContain(REVIEW_MESSAGES.replyTooLong);
      expect((await post(url, tradeUser, { body: '   ' })).statusCode).toBe(400);

      const res = await post(url, tradeUser, { body: 'Sorry: we have since changed how we clear up.' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        id: written.id,
        reply: { body: 'Sorry: we have since changed how we clear up.', at: expect.any(String) },
      });
      const second = await post(url, tradeUser, { body: 'And again' });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(REVIEW_MESSAGES.replied);

      const shown = (await listed(c.id)).find((r) => r.id === written.id);
      expect(shown?.reply?.body).toBe('Sorry: we have since changed how we clear up.');
      const [mail] = await emailsTo(t, landlord.email, 'review_reply');
      expect(mail?.subject).toBe('Reply Plumbing replied to your review');
      expect(mail?.textBody).toContain('we have since changed how we clear up');
      // Replying changes no figure.
      expect(await expectTotalsExact(c.id)).toMatchObject({ ratingSum: 2, reviewCount: 1 });
    });

    it("answers 404 for an unknown review or another trade's review", async () => {
      const tradeUser = await createContractorUser(t, { premium: true });
      const c = await trade({ userId: tradeUser.id });
      const other = await trade({ ratings: [4] });
      const [othersReview] = await t.db.select().from(reviews).where(eq(reviews.contractorId, other.id));
      for (const reviewId of [othersReview.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
        const res = await post(`/api/contractors/${c.id}/reviews/${reviewId}/reply`, tradeUser, {
          body: 'Hi',
        });
        expect(res.statusCode, reviewId).toBe(404);
      }
    });

    it('lets the owner reply to a review from before the rule too', async () => {
      const tradeUser = await createContractorUser(t, { premium: true });
      const c = await trade({ userId: tradeUser.id, ratings: [3] });
      const [old] = await t.db.select().from(reviews).where(eq(reviews.contractorId, c.id));
      const res = await post(`/api/contractors/${c.id}/reviews/${old.id}/reply`, tradeUser, {
        body: 'Thanks',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ verified: false, reply: { body: 'Thanks' } });
    });
  });

  describe('the rating counts verified jobs first', () => {
    it('is the verified mean once there is a verified job, else the mean of all, in the directory too', async () => {
      const name = `Rated Plumbing ${Date.now()}`;
      const c = await trade({ businessName: name, ratings: [5, 5, 5] });
      const directory = async (query: string): Promise<TContractorPage> => {
        const res = await get(`/api/contractors?q=${encodeURIComponent(name)}${query}`, null);
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      // Three unverified fives: 5.0 "from 3 reviews, none from a verified job"; top rated.
      expect((await directory('')).contractors[0]).toMatchObject({
        rating: 5,
        reviewCount: 3,
        verifiedReviewCount: 0,
      });
      expect((await directory('&topRated=true')).total).toBe(1);

      const { landlord, tenant } = await partiesOfFinishedRepair(c.id);
      await review(c.id, landlord, { rating: 3, comment: 'Late.' });
      await review(c.id, tenant, { rating: 4, comment: 'Fine.' });
      const row = await expectTotalsExact(c.id);
      expect(row).toMatchObject({
        ratingSum: 22,
        reviewCount: 5,
        verifiedRatingSum: 7,
        verifiedReviewCount: 2,
      });
      expect(row.rating).toBeCloseTo(3.5, 2);
      const card = (await directory('')).contractors[0];
      expect(card).toMatchObject({ rating: 3.5, reviewCount: 5, verifiedReviewCount: 2 });
      expect((await detail(c.id, null)).rating).toBe(3.5);
      // The same figure decides "top rated": no longer at 4.5 or more.
      expect((await directory('&topRated=true')).total).toBe(0);
    });

    it('keeps every total equal to the reviews when several write at once', async () => {
      const c = await trade({ ratings: [4] });
      const first = await partiesOfFinishedRepair(c.id);
      const second = await partiesOfFinishedRepair(c.id);
      const asker = await createPremiumTenant(t);
      await completedLead(t, c.id, asker.id);
      const results = await Promise.all([
        review(c.id, first.landlord, { rating: 1 }),
        review(c.id, first.tenant, { rating: 2 }),
        review(c.id, second.landlord, { rating: 3 }),
        review(c.id, second.tenant, { rating: 4 }),
        review(c.id, asker, { rating: 5 }),
        // The same person twice at once: one is a 409.
        review(c.id, asker, { rating: 1 }),
      ]);
      const codes = results.map((r) => r.statusCode);
      expect(codes.slice(0, 4)).toEqual([201, 201, 201, 201]);
      expect(codes.slice(4).sort()).toEqual([201, 409]);
      const row = await expectTotalsExact(c.id);
      expect(row.reviewCount).toBe(6);
      expect(row.verifiedReviewCount).toBe(5);
      // Edits at once keep them exact too.
      await Promise.all([
        edit(c.id, first.landlord, { rating: 5, comment: 'Better on reflection.' }),
        edit(c.id, second.tenant, { rating: 1, comment: 'Worse on reflection.' }),
      ]);
      await expectTotalsExact(c.id);
    });
  });
});
