// GET /api/contractors/{id} and /api/contractors/{id}/reviews (doc 1 "Contractor detail"): public like a property,
// contact details for premium members only, hidden profiles hidden, and profile views counted once a day per viewer.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContractorDetail, TReviewPage } from '../../src/domain/contractors';
import { leads, pageViews } from '../../src/server/db/schema';
import { createContractor, createLead, reloadContractor } from '../factories/contractors';
import {
  type CreatedUser,
  createAdmin,
  createContractorUser,
  createLandlord,
  createPremiumTenant,
  createTenant,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

describe('contractor detail', () => {
  let t: TestApp;
  let premium: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    premium = await createPremiumTenant(t);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string | null) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  async function detail(id: string, cookie: string | null = premium.cookie): Promise<TContractorDetail> {
    const res = await get(`/api/contractors/${id}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  describe('who sees what', () => {
    it('shows a live profile to anyone, with phone, email and website only for premium members', async () => {
      const c = await createContractor(t, {
        businessName: 'Open Book Electrical',
        phone: '0113 496 0000',
        email: 'hello@openbook.example',
        website: 'https://openbook.example',
      });
      const visitor = await detail(c.id, null);
      expect(visitor).toMatchObject({
        businessName: 'Open Book Electrical',
        phone: null,
        email: null,
        website: null,
        contactVisible: false,
      });
      const free = await detail(c.id, (await createTenant(t)).cookie);
      expect(free.phone).toBeNull();
      expect(free.contactVisible).toBe(false);
      const paid = await detail(c.id);
      expect(paid).toMatchObject({
        phone: '0113 496 0000',
        email: 'hello@openbook.example',
        website: 'https://openbook.example',
        contactVisible: true,
      });
    });

    it('answers 404 for an unknown, malformed, pending or expired profile', async () => {
      const pending = await createContractor(t, { status: 'pending' });
      const expired = await createContractor(t, { liveUntil: new Date(Date.now() - 1000) });
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', pending.id, expired.id]) {
        const res = await get(`/api/contractors/${id}`, premium.cookie);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().message).toBe('Contractor not found');
      }
    });

    it('shows the owner and admins a profile that is not live yet, for preview and review', async () => {
      const owner = await createContractorUser(t);
      const pending = await createContractor(t, {
        userId: owner.id,
        status: 'pending',
        phone: '0161 496 0001',
      });
      const own = await detail(pending.id, owner.cookie);
      expect(own).toMatchObject({ status: 'pending', isOwner: true, phone: '0161 496 0001' });
      const admin = await createAdmin(t);
      expect((await detail(pending.id, admin.cookie)).status).toBe('pending');
    });

    it('says who may review (after a job the trade finished) and ask for a quote', async () => {
      const c = await createContractor(t);
      expect(await detail(c.id)).toMatchObject({ canReview: false, canRequestQuote: true, isOwner: false });
      const landlord = await createLandlord(t, { premium: true });
      expect(await detail(c.id, landlord.cookie)).toMatchObject({ canReview: false, canRequestQuote: true });
      // Answered (won) is not finished (decision 0073); marked done is.
      const lead = await createLead(t, c.id, { requesterId: landlord.id, status: 'won' });
      expect(await detail(c.id, landlord.cookie)).toMatchObject({ canReview: false, canRequestQuote: true });
      await t.db.update(leads).set({ completedAt: new Date() }).where(eq(leads.id, lead.id));
      expect(await detail(c.id, landlord.cookie)).toMatchObject({ canReview: true, canRequestQuote: true });
      for (const cookie of [
        null,
        (await createTenant(t)).cookie,
        (await createContractorUser(t, { premium: true })).cookie,
      ]) {
        expect(await detail(c.id, cookie)).toMatchObject({ canReview: false, canRequestQuote: false });
      }
    });
  });

  describe('what a profile says', () => {
    it('gives the fields of doc 1 §3, the newest three reviews and the jobs won', async () => {
      const c = await createContractor(t, {
        businessName: 'Full Detail Roofing',
        specialty: 'Roofing',
        serviceAreas: ['Leeds', 'York'],
        services: ['Slate roofs', 'Flat roofs'],
        experienceYears: 12,
        ratings: [3, 4, 5, 5],
        images: 2,
      });
      await createLead(t, c.id, { status: 'won' });
      await createLead(t, c.id, { status: 'won' });
      await createLead(t, c.id, { status: 'lost' });
      const d = await detail(c.id);
      expect(d).toMatchObject({
        businessName: 'Full Detail Roofing',
        specialty: 'Roofing',
        serviceArea: 'Leeds',
        serviceAreas: ['Leeds', 'York'],
        services: ['Slate roofs', 'Flat roofs'],
        rating: 4.25,
        reviewCount: 4,
        experience: 12,
        jobsCompleted: 2,
      });
      expect(d.images).toHaveLength(2);
      expect(d.reviews.map((r) => r.comment)).toEqual(['Review 4', 'Review 3', 'Review 2']);
      expect(d.reviews[0]).toMatchObject({ rating: 5, customerName: 'Customer 4', own: false });
      expect(Date.parse(d.reviews[0].date)).not.toBeNaN();
    });

    it('leaves empty fields empty: no years, jobs, response time or badge without a record', async () => {
      const c = await createContractor(t, {
        description: null,
        services: [],
        experienceYears: null,
      });
      const d = await detail(c.id);
      expect(d).toMatchObject({
        description: '',
        services: [],
        experience: null,
        responseTime: null,
        jobsCompleted: 0,
        rating: null,
        reviews: [],
        verified: false,
        checks: [],
      });
    });
  });

  describe('all reviews', () => {
    it('pages through every review, newest first', async () => {
      const c = await createContractor(t, { ratings: [1, 2, 3, 4, 5] });
      const first: TReviewPage = (await get(`/api/contractors/${c.id}/reviews?limit=2`)).json();
      expect(first).toMatchObject({ total: 5, page: 1, limit: 2, hasMore: true });
      expect(first.reviews.map((r) => r.rating)).toEqual([5, 4]);
      const last: TReviewPage = (await get(`/api/contractors/${c.id}/reviews?limit=2&page=3`)).json();
      expect(last.reviews.map((r) => r.rating)).toEqual([1]);
      expect(last.hasMore).toBe(false);
    });

    it('answers 404 for the reviews of a hidden profile and 400 for a bad page', async () => {
      const pending = await createContractor(t, { status: 'pending' });
      expect((await get(`/api/contractors/${pending.id}/reviews`)).statusCode).toBe(404);
      const live = await createContractor(t);
      expect((await get(`/api/contractors/${live.id}/reviews?page=0`)).statusCode).toBe(400);
      expect((await get(`/api/contractors/${live.id}/reviews?limit=500`)).statusCode).toBe(400);
    });
  });

  describe('profile views', () => {
    it('counts a signed-in visitor once a day, and not the owner, admins or visitors', async () => {
      const owner = await createContractorUser(t);
      const c = await createContractor(t, { userId: owner.id, profileViews: 10 });
      const viewer = await createTenant(t);
      await detail(c.id, viewer.cookie);
      await detail(c.id, viewer.cookie);
      await detail(c.id, premium.cookie);
      await detail(c.id, owner.cookie);
      await detail(c.id, (await createAdmin(t)).cookie);
      await detail(c.id, null);
      expect((await reloadContractor(t, c.id)).profileViews).toBe(12);
    });

    it('counts the same viewer again after a day', async () => {
      const c = await createContractor(t);
      const viewer = await createTenant(t);
      await detail(c.id, viewer.cookie);
      // The counted view was yesterday (25 hours ago).
      await t.db
        .update(pageViews)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(and(eq(pageViews.userId, viewer.id), eq(pageViews.path, `/contractors/${c.id}?profile-view`)));
      await detail(c.id, viewer.cookie);
      expect((await reloadContractor(t, c.id)).profileViews).toBe(2);
    });

    it("is not fooled by the browser's own page-view reports", async () => {
      const c = await createContractor(t);
      const viewer = await createTenant(t);
      const report = await t.app.inject({
        method: 'POST',
        url: '/api/analytics/page-view',
        headers: { cookie: viewer.cookie },
        payload: { path: `/contractors/${c.id}?profile-view` },
      });
      expect(report.statusCode).toBe(204);
      await detail(c.id, viewer.cookie);
      expect((await reloadContractor(t, c.id)).profileViews).toBe(1);
      const rows = await t.db
        .select()
        .from(pageViews)
        .where(and(eq(pageViews.userId, viewer.id), eq(pageViews.path, `/contractors/${c.id}?profile-view`)));
      expect(rows).toHaveLength(1);
    });
  });

  describe('the page itself, for crawlers', () => {
    it("serves the business's own title, description and structured data with its real rating", async () => {
      const c = await createContractor(t, {
        businessName: 'Crawlable Roofing',
        specialty: 'Roofing',
        serviceAreas: ['Leeds'],
        ratings: [5, 4],
      });
      const res = await get(`/contractors/${c.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Crawlable Roofing, Roofing | Your Place</title>');
      const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(res.body);
      expect(JSON.parse(ld?.[1] ?? '{}')).toMatchObject({
        '@type': 'HomeAndConstructionBusiness',
        name: 'Crawlable Roofing',
        aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
      });
      const description = /<meta name="description" content="([^"]*)"/.exec(res.body)?.[1] ?? '';
      expect(description.length).toBeGreaterThanOrEqual(121);
      expect(description.length).toBeLessThanOrEqual(160);
    });

    it('answers 404 for a profile that is unknown or not live', async () => {
      const pending = await createContractor(t, { status: 'pending' });
      for (const id of [pending.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const res = await get(`/contractors/${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.body).toContain('Contractor Not Found');
      }
    });
  });
});
