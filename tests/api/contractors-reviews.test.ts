// POST and PUT /api/contractors/{id}/reviews (doc 1 "Contractor detail" reviews): premium tenants and landlords
// write one review per contractor and may edit it; the contractor's totals always equal its reviews.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES, type TContractorDetail } from '../../src/domain/contractors';
import { reviews } from '../../src/server/db/schema';
import { createContractor, reloadContractor, reviewTotals } from '../factories/contractors';
import {
  type CreatedUser,
  createAdmin,
  createContractorUser,
  createLandlord,
  createPremiumTenant,
  createTenant,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

describe('contractor reviews', () => {
  let t: TestApp;
  let premium: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    premium = await createPremiumTenant(t, { firstName: 'Priya', lastName: 'Shah' });
  });
  afterAll(() => t.close());

  const review = (
    method: 'POST' | 'PUT',
    contractorId: string,
    body: unknown,
    cookie: string | null = premium.cookie,
  ) =>
    t.app.inject({
      method,
      url: `/api/contractors/${contractorId}/reviews`,
      payload: body as object,
      headers: cookie ? { cookie } : {},
    });

  /** The profile page as this reader sees it. */
  async function detailFor(contractorId: string, cookie: string): Promise<TContractorDetail> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/contractors/${contractorId}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function expectTotalsConsistent(contractorId: string) {
    const row = await reloadContractor(t, contractorId);
    const totals = await reviewTotals(t, contractorId);
    expect({ ratingSum: row.ratingSum, reviewCount: row.reviewCount }).toEqual(totals);
    return row;
  }

  describe('who may review', () => {
    it('lets a premium tenant review, signed with first name and initial, and updates the totals', async () => {
      const c = await createContractor(t, { ratings: [4, 4] });
      const res = await review('POST', c.id, { rating: 5, comment: '  Fixed our boiler the same day.  ' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        rating: 5,
        comment: 'Fixed our boiler the same day.',
        customerName: 'Priya S.',
        own: true,
      });
      const row = await expectTotalsConsistent(c.id);
      expect(row).toMatchObject({ ratingSum: 13, reviewCount: 3 });
      expect(row.rating).toBeCloseTo(4.33, 2);
    });

    it('lets a subscribed landlord review', async () => {
      const c = await createContractor(t);
      const landlord = await createLandlord(t, { premium: true, firstName: 'Lena', lastName: 'Lord' });
      const res = await review('POST', c.id, { rating: 3, comment: 'Fine.' }, landlord.cookie);
      expect(res.statusCode, res.body).toBe(201);
      const written = { rating: 3, comment: 'Fine.', customerName: 'Lena L.' };
      expect(res.json()).toMatchObject({ ...written, own: true });
      // Stored under the landlord, counted in the totals, and shown to the next reader of the profile.
      expect(await t.db.select().from(reviews).where(eq(reviews.contractorId, c.id))).toMatchObject([
        { ...written, authorId: landlord.id },
      ]);
      expect(await expectTotalsConsistent(c.id)).toMatchObject({ ratingSum: 3, reviewCount: 1 });
      expect((await detailFor(c.id, premium.cookie)).reviews).toMatchObject([
        { ...written, id: res.json().id, own: false },
      ]);
    });

    it('refuses visitors (401), free tenants and landlords (premium), contractors and admins (403)', async () => {
      const c = await createContractor(t);
      const body = { rating: 5, comment: 'Great' };
      expect((await review('POST', c.id, body, null)).statusCode).toBe(401);
      for (const person of [await createTenant(t), await createLandlord(t)]) {
        const res = await review('POST', c.id, body, person.cookie);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'PREMIUM_REQUIRED', message: REVIEW_MESSAGES.notEligible });
      }
      for (const person of [await createContractorUser(t, { premium: true }), await createAdmin(t)]) {
        const res = await review('POST', c.id, body, person.cookie);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect((await reloadContractor(t, c.id)).reviewCount).toBe(0);
    });

    it('refuses a review of your own business', async () => {
      // A profile owned by a premium landlord account (an admin could make such live content).
      const owner = await createLandlord(t, { premium: true });
      const c = await createContractor(t, { userId: owner.id });
      const res = await review('POST', c.id, { rating: 5, comment: 'Best in town' }, owner.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(REVIEW_MESSAGES.own);
    });

    it('answers 404 for a profile that is not live or does not exist', async () => {
      const pending = await createContractor(t, { status: 'pending' });
      for (const id of [pending.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
        expect((await review('POST', id, { rating: 4, comment: 'ok' })).statusCode, id).toBe(404);
      }
    });
  });

  describe('one review each, editable', () => {
    it('refuses a second review with 409 and leaves the totals alone', async () => {
      const c = await createContractor(t);
      const author = await createPremiumTenant(t);
      expect((await review('POST', c.id, { rating: 2, comment: 'Late' }, author.cookie)).statusCode).toBe(
        201,
      );
      const again = await review('POST', c.id, { rating: 5, comment: 'Actually great' }, author.cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(REVIEW_MESSAGES.duplicate);
      expect(await expectTotalsConsistent(c.id)).toMatchObject({ ratingSum: 2, reviewCount: 1 });
    });

    it('edits your own review with PUT and recomputes the rating', async () => {
      const c = await createContractor(t, { ratings: [5] });
      const author = await createPremiumTenant(t);
      await review('POST', c.id, { rating: 1, comment: 'No show' }, author.cookie);
      const res = await review(
        'PUT',
        c.id,
        { rating: 4, comment: 'Came the next day; good work' },
        author.cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ rating: 4, comment: 'Came the next day; good work', own: true });
      expect(await expectTotalsConsistent(c.id)).toMatchObject({ ratingSum: 9, reviewCount: 2 });
      const detail = await detailFor(c.id, author.cookie);
      expect(detail.myReview).toMatchObject({ rating: 4, own: true });
      expect(detail.canReview).toBe(false);
    });

    it('answers 404 to PUT when you have not reviewed this contractor', async () => {
      const c = await createContractor(t);
      const res = await review('PUT', c.id, { rating: 4, comment: 'Hmm' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(REVIEW_MESSAGES.missing);
    });

    it('keeps the totals exact when several people review at once', async () => {
      const c = await createContractor(t);
      const authors = await Promise.all([1, 2, 3, 4].map(() => createPremiumTenant(t)));
      const results = await Promise.all(
        authors.map((a, i) => review('POST', c.id, { rating: i + 2, comment: `Review ${i}` }, a.cookie)),
      );
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
      expect(await expectTotalsConsistent(c.id)).toMatchObject({ ratingSum: 14, reviewCount: 4 });
    });
  });

  describe('bad input', () => {
    it('needs a whole rating from 1 to 5 and a comment of at most 1000 characters', async () => {
      const c = await createContractor(t);
      const cases: Array<[unknown, string, string]> = [
        [{ rating: 0, comment: 'x' }, 'rating', REVIEW_MESSAGES.rating],
        [{ rating: 6, comment: 'x' }, 'rating', REVIEW_MESSAGES.rating],
        [{ rating: 4.5, comment: 'x' }, 'rating', REVIEW_MESSAGES.rating],
        [{ rating: '5', comment: 'x' }, 'rating', REVIEW_MESSAGES.rating],
        [{ comment: 'x' }, 'rating', REVIEW_MESSAGES.rating],
        [{ rating: 5 }, 'comment', REVIEW_MESSAGES.comment],
        [{ rating: 5, comment: '   ' }, 'comment', REVIEW_MESSAGES.comment],
        [{ rating: 5, comment: 'x'.repeat(1001) }, 'comment', REVIEW_MESSAGES.commentTooLong],
      ];
      for (const [body, field, message] of cases) {
        const res = await review('POST', c.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().fieldErrors[field]).toContain(message);
      }
      expect((await review('POST', c.id, { rating: 5, comment: 'x'.repeat(1000) })).statusCode).toBe(201);
    });

    it('refuses unexpected fields, such as a made-up customer name', async () => {
      const c = await createContractor(t);
      const res = await review('POST', c.id, { rating: 5, comment: 'Good', customerName: 'The Queen' });
      expect(res.statusCode).toBe(400);
    });

    it('removes NUL characters rather than failing', async () => {
      const c = await createContractor(t);
      const res = await review('POST', c.id, { rating: 5, comment: 'Tidy\u0000 work' });
      expect(res.statusCode).toBe(201);
      expect(res.json().comment).toBe('Tidy work');
    });
  });

  describe('when an author deletes their account', () => {
    it('removes their reviews and the totals equal the reviews that remain', async () => {
      const a = await createContractor(t, { ratings: [4] });
      const b = await createContractor(t, { ratings: [5, 3] });
      const leaving = await createPremiumTenant(t);
      const staying = await createPremiumTenant(t);
      await review('POST', a.id, { rating: 1, comment: 'Poor' }, leaving.cookie);
      await review('POST', b.id, { rating: 2, comment: 'Meh' }, leaving.cookie);
      await review('POST', b.id, { rating: 5, comment: 'Great' }, staying.cookie);
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: { cookie: leaving.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await expectTotalsConsistent(a.id)).toMatchObject({ ratingSum: 4, reviewCount: 1 });
      expect(await expectTotalsConsistent(b.id)).toMatchObject({ ratingSum: 13, reviewCount: 3 });
    });
  });
});
