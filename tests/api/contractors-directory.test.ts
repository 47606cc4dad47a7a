// GET /api/contractors (doc 1 "Contractor list", §7): premium only, live and vetted profiles only, and every filter
// and sort does what its label says. Each test tags its own contractors with a word no other test uses and searches
// for it, so it sees only its own data.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContractorPage } from '../../src/domain/contractors';
import { type ContractorOptions, createContractor } from '../factories/contractors';
import {
  type CreatedUser,
  createAdmin,
  createContractorUser,
  createLandlord,
  createPremiumTenant,
  createTenant,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

describe('contractor directory', () => {
  let t: TestApp;
  let premium: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    premium = await createPremiumTenant(t);
  });
  afterAll(() => t.close());

  const tag = () => `zq${randomBytes(4).toString('hex')}`;

  /** `cookie: null` asks as a signed-out visitor. */
  const get = (query: Record<string, string | number | boolean>, cookie: string | null = premium.cookie) =>
    t.app.inject({
      method: 'GET',
      url: `/api/contractors?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      headers: cookie ? { cookie } : {},
    });

  async function search(query: Record<string, string | number | boolean>): Promise<TContractorPage> {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const names = (page: TContractorPage) => page.contractors.map((c) => c.businessName);
  const ids = (page: TContractorPage) => page.contractors.map((c) => c.id).sort();

  /** A contractor whose description carries the test's tag. */
  const tagged = (word: string, options: ContractorOptions = {}) =>
    createContractor(t, { ...options, description: `${options.description ?? 'Local trades'} ${word}` });

  describe('who may search', () => {
    // Browsing trades is free for everyone (docs/decisions/0014-open-browsing-and-plans.md).
    it('lets a signed-out visitor and every signed-in user search, with no contact details', async () => {
      const word = tag();
      await tagged(word);
      const people = [
        null,
        await createTenant(t),
        await createLandlord(t),
        await createContractorUser(t),
        await createAdmin(t),
      ];
      for (const person of people) {
        const res = await get({ q: word }, person?.cookie ?? null);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().total).toBe(1);
        expect(JSON.stringify(res.json().contractors)).not.toMatch(/"(email|phone)"/);
      }
    });

    it('lets premium tenants, subscribed landlords and subscribed contractors search', async () => {
      const word = tag();
      await tagged(word);
      for (const person of [
        premium,
        await createLandlord(t, { premium: true }),
        await createContractorUser(t, { premium: true }),
      ]) {
        const res = await get({ q: word }, person.cookie);
        expect(res.statusCode).toBe(200);
        expect(res.json().total).toBe(1);
      }
    });

    it('never lets a cache answer without asking again (the answer is the same for everyone)', async () => {
      const res = await get({});
      // Decision 0077: public (no viewer in it), but no-cache, so a trade withdrawn a moment ago is never shown.
      expect(res.headers['cache-control']).toBe('public, no-cache');
    });
  });

  describe('only live, vetted profiles', () => {
    it('shows live profiles and hides pending, rejected, withdrawn and expired ones', async () => {
      const word = tag();
      const live = await tagged(word, { businessName: 'Live One' });
      const liveUntilLater = await tagged(word, {
        businessName: 'Live Until Later',
        liveUntil: new Date(Date.now() + 86_400_000),
      });
      await tagged(word, { status: 'pending' });
      await tagged(word, { status: 'rejected' });
      await tagged(word, { status: 'withdrawn' });
      await tagged(word, { liveUntil: new Date(Date.now() - 60_000) });
      const page = await search({ q: word });
      expect(ids(page)).toEqual([live.id, liveUntilLater.id].sort());
      expect(page.total).toBe(2);
    });

    it('gives a card what it shows and no contact details', async () => {
      const word = tag();
      const c = await tagged(word, {
        businessName: 'Card Check Roofing',
        specialty: 'Roofing',
        serviceAreas: ['Leeds', 'Sheffield', 'Manchester'],
        website: 'https://card-check.example',
        ratings: [5, 4],
        emergencyCallouts: true,
      });
      const [card] = (await search({ q: word })).contractors;
      expect(card).toMatchObject({
        id: c.id,
        businessName: 'Card Check Roofing',
        specialty: 'Roofing',
        serviceArea: 'Leeds',
        serviceAreas: ['Leeds', 'Sheffield', 'Manchester'],
        rating: 4.5,
        reviewCount: 2,
        // No check recorded, no badge (issue 28).
        verified: false,
        emergencyCallouts: true,
        website: 'https://card-check.example',
      });
      expect(card).not.toHaveProperty('phone');
      expect(card).not.toHaveProperty('email');
    });

    it('says null, not 0, for the rating of a contractor nobody has reviewed', async () => {
      const word = tag();
      await tagged(word);
      const [card] = (await search({ q: word })).contractors;
      expect(card.rating).toBeNull();
      expect(card.reviewCount).toBe(0);
    });
  });

  describe('filters', () => {
    it('filters by specialty, by its name in any case', async () => {
      const word = tag();
      const roofer = await tagged(word, { specialty: 'Roofing' });
      await tagged(word, { specialty: 'Landscaping' });
      expect(ids(await search({ q: word, specialty: 'Roofing' }))).toEqual([roofer.id]);
      expect(ids(await search({ q: word, specialty: 'roofing' }))).toEqual([roofer.id]);
    });

    it('reads the marketing links: specialty or service of plumbing, electrical, maintenance, cleaning', async () => {
      const word = tag();
      const plumber = await tagged(word, { specialty: 'Plumbing & Heating' });
      const electrician = await tagged(word, { specialty: 'Electrical Services' });
      const builder = await tagged(word, { specialty: 'General Building' });
      const cleaner = await tagged(word, { specialty: 'Cleaning Services' });
      const cases: Array<[string, string]> = [
        ['plumbing', plumber.id],
        ['electrical', electrician.id],
        ['maintenance', builder.id],
        ['cleaning', cleaner.id],
      ];
      for (const [alias, id] of cases) {
        expect(ids(await search({ q: word, specialty: alias }))).toEqual([id]);
        expect(ids(await search({ q: word, service: alias }))).toEqual([id]);
      }
    });

    it('refuses a trade we do not list (400), and finds everything for all or any', async () => {
      const word = tag();
      await tagged(word);
      const unknown = await get({ q: word, specialty: 'wizardry' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fieldErrors.specialty[0]).toMatch(/^Unknown trade: choose one of /);
      expect((await search({ q: word, specialty: 'all' })).total).toBe(1);
      expect((await search({ q: word, specialty: 'any' })).total).toBe(1);
    });

    it('filters by service area: any of the areas a contractor covers, in any case', async () => {
      const word = tag();
      const leeds = await tagged(word, { serviceAreas: ['Leeds'] });
      const alsoLeeds = await tagged(word, { serviceAreas: ['Manchester', 'Leeds'] });
      await tagged(word, { serviceAreas: ['London'] });
      expect(ids(await search({ q: word, serviceArea: 'Leeds' }))).toEqual([leeds.id, alsoLeeds.id].sort());
      expect(ids(await search({ q: word, serviceArea: 'leeds' }))).toEqual([leeds.id, alsoLeeds.id].sort());
      expect(ids(await search({ q: word, area: 'LEEDS' }))).toEqual([leeds.id, alsoLeeds.id].sort());
    });

    it('matches a typed area that is not one of ours within the area names', async () => {
      const word = tag();
      const edinburgh = await tagged(word, { serviceAreas: ['Edinburgh'] });
      await tagged(word, { serviceAreas: ['Cardiff'] });
      expect(ids(await search({ q: word, serviceArea: 'edin' }))).toEqual([edinburgh.id]);
      expect((await search({ q: word, serviceArea: 'Atlantis' })).total).toBe(0);
    });

    it('searches business name, description and services, case-insensitively', async () => {
      const word = tag();
      const byName = await createContractor(t, { businessName: `Acme ${word}NAME Ltd` });
      const byDescription = await createContractor(t, { description: `We fix things ${word}DESC daily` });
      const byService = await createContractor(t, { services: ['Gutter clearing', `${word}svc repairs`] });
      expect(ids(await search({ q: `${word}name` }))).toEqual([byName.id]);
      expect(ids(await search({ q: `${word.toUpperCase()}DESC` }))).toEqual([byDescription.id]);
      expect(ids(await search({ q: `${word}SVC` }))).toEqual([byService.id]);
      expect(ids(await search({ search: `${word}svc` }))).toEqual([byService.id]);
    });

    it('needs every word of a search to match somewhere', async () => {
      const word = tag();
      const both = await tagged(word, { businessName: 'Slate Masters', services: ['Chimney repairs'] });
      await tagged(word, { businessName: 'Slate Savers', services: ['Gutters'] });
      expect(ids(await search({ q: `${word} slate chimney` }))).toEqual([both.id]);
    });

    it('treats % and _ in a search as the characters themselves', async () => {
      const word = tag();
      const percent = await tagged(word, { businessName: '100% Clean' });
      await tagged(word, { businessName: '1000 Cleaners' });
      expect(ids(await search({ q: `${word} 100%` }))).toEqual([percent.id]);
      expect((await search({ q: `${word} _` })).total).toBe(0);
    });

    it('Top Rated keeps contractors rated 4.5 and up, and leaves out unreviewed ones', async () => {
      const word = tag();
      const five = await tagged(word, { ratings: [5, 5] });
      const exactly = await tagged(word, { ratings: [5, 4] });
      await tagged(word, { ratings: [5, 4, 4] }); // 4.33
      await tagged(word);
      expect(ids(await search({ q: word, topRated: true }))).toEqual([five.id, exactly.id].sort());
      expect((await search({ q: word, topRated: 'false' })).total).toBe(4);
    });

    it('Emergency Services keeps contractors that offer emergency call-outs', async () => {
      const word = tag();
      const emergency = await tagged(word, { emergencyCallouts: true });
      await tagged(word, { emergencyCallouts: false });
      expect(ids(await search({ q: word, emergency: true }))).toEqual([emergency.id]);
      expect(ids(await search({ q: word, emergency: 1 }))).toEqual([emergency.id]);
    });

    it('combines every filter', async () => {
      const word = tag();
      const match = await tagged(word, {
        specialty: 'Roofing',
        serviceAreas: ['Leeds'],
        emergencyCallouts: true,
        ratings: [5],
      });
      await tagged(word, { specialty: 'Roofing', serviceAreas: ['Leeds'], emergencyCallouts: true });
      await tagged(word, {
        specialty: 'Roofing',
        serviceAreas: ['York'],
        emergencyCallouts: true,
        ratings: [5],
      });
      await tagged(word, { specialty: 'Roofing', serviceAreas: ['Leeds'], ratings: [5] });
      const page = await search({
        q: word,
        specialty: 'Roofing',
        serviceArea: 'Leeds',
        emergency: true,
        topRated: true,
      });
      expect(ids(page)).toEqual([match.id]);
    });
  });

  describe('sorting', () => {
    it('Highest Rated: best average first, more reviews first among equals', async () => {
      const word = tag();
      await tagged(word, { businessName: 'C Four', ratings: [4] });
      await tagged(word, { businessName: 'A Five Once', ratings: [5] });
      await tagged(word, { businessName: 'B Five Twice', ratings: [5, 5] });
      await tagged(word, { businessName: 'D Unreviewed' });
      expect(names(await search({ q: word }))).toEqual([
        'B Five Twice',
        'A Five Once',
        'C Four',
        'D Unreviewed',
      ]);
      expect(names(await search({ q: word, sort: 'rating' }))).toEqual([
        'B Five Twice',
        'A Five Once',
        'C Four',
        'D Unreviewed',
      ]);
    });

    it('Most Reviews: the most reviewed first', async () => {
      const word = tag();
      await tagged(word, { businessName: 'One', ratings: [5] });
      await tagged(word, { businessName: 'Three', ratings: [3, 3, 3] });
      await tagged(word, { businessName: 'Two', ratings: [4, 4] });
      expect(names(await search({ q: word, sort: 'reviews' }))).toEqual(['Three', 'Two', 'One']);
    });

    it('Name A-Z: alphabetical, ignoring case', async () => {
      const word = tag();
      await tagged(word, { businessName: 'beta Builders' });
      await tagged(word, { businessName: 'Alpha Roofing' });
      await tagged(word, { businessName: 'Charlie Cleaning' });
      expect(names(await search({ q: word, sort: 'name' }))).toEqual([
        'Alpha Roofing',
        'beta Builders',
        'Charlie Cleaning',
      ]);
    });

    it('falls back to Highest Rated for a sort it does not know', async () => {
      const word = tag();
      await tagged(word, { businessName: 'Low', ratings: [2] });
      await tagged(word, { businessName: 'High', ratings: [5] });
      expect(names(await search({ q: word, sort: 'cheapest' }))).toEqual(['High', 'Low']);
    });
  });

  describe('pagination', () => {
    it('pages through every match once, with the total', async () => {
      const word = tag();
      for (let i = 0; i < 7; i++) await tagged(word, { businessName: `Paged ${i}` });
      const first = await search({ q: word, sort: 'name', limit: 3 });
      expect(first).toMatchObject({ total: 7, page: 1, limit: 3, totalPages: 3, hasMore: true });
      const second = await search({ q: word, sort: 'name', limit: 3, page: 2 });
      const third = await search({ q: word, sort: 'name', limit: 3, page: 3 });
      expect(third.hasMore).toBe(false);
      expect([...names(first), ...names(second), ...names(third)]).toEqual(
        Array.from({ length: 7 }, (_, i) => `Paged ${i}`),
      );
      expect((await search({ q: word, limit: 3, page: 4 })).contractors).toEqual([]);
    });

    it('defaults to 12 a page', async () => {
      const page = await search({});
      expect(page.limit).toBe(12);
      expect(page.contractors.length).toBeLessThanOrEqual(12);
    });
  });

  describe('bad input', () => {
    it('answers nonsense with 400 and a message, never a server error', async () => {
      const queries: Array<Record<string, string | number>> = [
        { page: 0 },
        { page: 'abc' },
        { limit: 51 },
        { limit: -1 },
        { q: 'x'.repeat(201) },
        { specialty: 'y'.repeat(61) },
      ];
      for (const query of queries) {
        const res = await get(query);
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      }
    });

    it('copes with quotes, control characters and SQL in the text', async () => {
      for (const q of ["o'brien", "x'; drop table contractors; --", 'tab\tnew\nline', '\\']) {
        const res = await get({ q, serviceArea: q });
        expect(res.statusCode, q).toBe(200);
      }
    });
  });
});
