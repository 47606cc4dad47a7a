// POST and PUT /api/contractors/{id}/reviews (doc 1 "Contractor detail" reviews; issue 28, and issue 32 item 5's rule
// since decision 0073): only someone whose job the trade finished writes a review (here: a quote request it marked
// done; repairs in verified-reviews.test.ts), one per contractor, and may edit it; the contractor's totals always
// equal its reviews.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES, type TContractorDetail } from '../../src/domain/contractors';
import { reviews } from '../../src/server/db/schema';
import { createContractor, createLead, reloadContractor, reviewTotals } from '../factories/contractors';
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

  /** A quote request from `person` whose job the trade marked done (decision 0073: a finished job). */
  const answered = (contractorId: string, person: CreatedUser = premium) =>
    createLead(t, contractorId, { requesterId: person.id, status: 'won', completedAt: new Date() });

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
      const lead = await answered(c.id);
      const res = await review('POST', c.id, { rating: 5, comment: '  Fixed our boiler the same day.  ' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        rating: 5,
        comment: 'Fixed our boiler the same day.',
        customerName: 'Priya S.',
        own: true,
        quoteRequestedAt: lead.createdAt.toISOString(),
      });
      const row = await expectTotalsConsistent(c.id);
      expect(row).toMatchObject({
        ratingSum: 13,
        reviewCount: 3,
        verifiedRatingSum: 5,
        verifiedReviewCount: 1,
      });
      // The rating shown counts verified jobs first (decision 0073): the one verified five, not the mean of all.
      expect(row.rating).toBe(5);
    });

    it('lets a subscribed landlord review', async () => {
      const c = await createContractor(t);
      const landlord = await createLandlord(t, { premium: true, firstName: 'Lena', lastName: 'Lord' });
      const lead = await answered(c.id, landlord);
      const res = await review('POST', c.id, { rating: 3, comment: 'Fine.' }, landlord.cookie);
      expect(res.statusCode, res.body).toBe(201);
      const written = { rating: 3, comment: 'Fine.', customerName: 'Lena L.' };
      expect(res.json()).toMatchObject({ ...written, own: true });
      // Stored under the landlord, counted in the totals, and shown to the next reader of the profile.
      expect(await t.db.select().from(reviews).where(eq(reviews.contractorId, c.id))).toMatchObject([
        { ...written, authorId: landlord.id, leadId: lead.id },
      ]);
      expect(await expectTotalsConsistent(c.id)).toMatchObject({ ratingSum: 3, reviewCount: 1 });
      expect((await detailFor(c.id, premium.cookie)).reviews).toMatchObject([
        { ...written, id: res.json().id, own: false },
      ]);
    });

    it('refuses visitors (401) and anyone without a finished job (403), premium or not', async () => {
      const c = await createContractor(t);
      const body = { rating: 5, comment: 'Great' };
      expect((await review('POST', c.id, body, null)).statusCode).toBe(401);
      const people = [
        premium,
        await createTenant(t),
        await createLandlord(t, { premium: true }),
        await createContractorUser(t, { premium: true }),
        await createAdmin(t),
      ];
      for (const person of people) {
        const res = await review('POST', c.id, body, person.cookie);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: REVIEW_MESSAGES.noFinishedJob });
        expect((await detailFor(c.id, person.cookie)).canReview).toBe(false);
      }
      expect((await reloadContractor(t, c.id)).reviewCount).toBe(0);
    });

    it("refuses a request the trade answered but never marked done, and another trade's finished job", async () => {
      const c = await createContractor(t);
      const other = await createContractor(t);
      const author = await createPremiumTenant(t);
      await createLead(t, c.id, { requesterId: author.id, status: 'won' });
      await answered(other.id, author);
      const res = await review('POST', c.id, { rating: 1, comment: 'Never heard back' }, author.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(REVIEW_MESSAGES.noFinishedJob);
      expect((await detailFor(c.id, author.cookie)).canReview).toBe(false);
    });

    it('accepts a review once the trade marked the quote request done, not when it merely replied', async () => {
      const tradeUser = await createContractorUser(t, { premium: true });
      const c = await createContractor(t, { userId: tradeUser.id });
      const author = await createPremiumTenant(t, { firstName: 'Ola', lastName: 'Nowak' });
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/contractors/${c.id}/quote-requests`,
        headers: { cookie: author.cookie },
        payload: {
          jobTitle: 'New radiator',
          description: 'Two doubles',
          location: 'LS6 3QW',
          contactEmail: author.email,
        },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      // Asked but not answered: no review yet.
      expect((await review('POST', c.id, { rating: 5, comment: 'Keen' }, author.cookie)).statusCode).toBe(
        403,
      );
      expect((await detailFor(c.id, author.cookie)).canReview).toBe(false);
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${asked.json().conversationId}/messages`,
        headers: { cookie: tradeUser.cookie },
        payload: { body: 'I can fit them on Tuesday for £300.' },
      });
      expect(reply.statusCode, reply.body).toBe(201);
      // Answered is not finished (decision 0073): still no review.
      expect((await detailFor(c.id, author.cookie)).canReview).toBe(false);
      const done = await t.app.inject({
        method: 'POST',
        url: `/api/contractor/leads/${asked.json().id}/complete`,
        headers: { cookie: tradeUser.cookie },
      });
      expect(done.statusCode, done.body).toBe(200);
      expect((await detailFor(c.id, author.cookie)).canReview).toBe(true);
      const res = await review('POST', c.id, { rating: 5, comment: 'Fitted on Tuesday' }, author.cookie);
      expect(res.statusCode, res.body).toBe(201);
      const [lead] = await t.db.select().from(reviews).where(eq(reviews.id, res.json().id));
      expect(lead.leadId).toBe(asked.json().id);
      const detail = await detailFor(c.id, premium.cookie);
      expect(detail.reviews[0]).toMatchObject({
        customerName: 'Ola N.',
        quoteRequestedAt: expect.any(String),
      });
      expect(detail.reviews[0].quoteRequestedAt).not.toBeNull();
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
    it('refuses a second review with 409, even with a second finished request, and leaves the totals alone', async () => {
      const c = await createContractor(t);
      const author = await createPremiumTenant(t);
      await answered(c.id, author);
      await answered(c.id, author);
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
      await answered(c.id, author);
      await review('POST', c.id, { rating: 1, comment: 'No show' }, author.cookie);
      const res = await review(
        'PUT',
        c.id,
        { rating: 4, comment: 'Came the next day; good work' },
        author.cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        rating: 4,
        comment: 'Came the next day; good work',
        own: true,
        quoteRequestedAt: expect.any(String),
      });
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
      for (const author of authors) await answered(c.id, author);
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
      await answered(c.id);
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
      await answered(c.id);
      const res = await review('POST', c.id, { rating: 5, comment: 'Tidy\u0000 work' });
      expect(res.statusCode).toBe(201);
      expect(res.json().comment).toBe('Tidy work');
    });
  });

  describe('when an author deletes their account', () => {
    it('keeps their reviews signed "Deleted user", and the totals still equal the reviews', async () => {
      const a = await createContractor(t, { ratings: [4] });
      const b = await createContractor(t, { ratings: [5, 3] });
      const leaving = await createPremiumTenant(t);
      const staying = await createPremiumTenant(t);
      await answered(a.id, leaving);
      await answered(b.id, leaving);
      await answered(b.id, staying);
      await review('POST', a.id, { rating: 1, comment: 'Poor' }, leaving.cookie);
      await review('POST', b.id, { rating: 2, comment: 'Meh' }, leaving.cookie);
      await review('POST', b.id, { rating: 5, comment: 'Great' }, staying.cookie);
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: { cookie: leaving.cookie },
        payload: { password: leaving.password },
      });
      expect(res.statusCode, res.body).toBe(200);
      // Trade sites keep a departed customer's review, anonymised (decision 0051): the rating stays what it was.
      expect(await expectTotalsConsistent(a.id)).toMatchObject({ ratingSum: 5, reviewCount: 2 });
      expect(await expectTotalsConsistent(b.id)).toMatchObject({ ratingSum: 15, reviewCount: 4 });
      const page = await t.app.inject({ method: 'GET', url: `/api/contractors/${b.id}/reviews` });
      const meh = page.json().reviews.find((r: { comment: string }) => r.comment === 'Meh');
      expect(meh).toMatchObject({ customerName: 'Deleted user', rating: 2 });
    });
  });
});
