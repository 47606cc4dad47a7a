// The listing lifecycle (src/domain/availability.ts) through the API and the job, with a fake clock: let agreed
// for 7 days then out of search, relisting, the 14-day confirmation (email link and dashboard button), the
// 21-day pause, and rent reductions kept and told to savers.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentSubmissions,
  properties,
  propertyInteractions,
  propertyRentChanges,
} from '../../src/server/db/schema';
import { applyPropertyListing } from '../../src/server/features/listings/apply';
import { runListingLifecycle } from '../../src/server/features/listings/lifecycle';
import { createListing, listingContent } from '../factories/listings';
import {
  type CreatedUser,
  createAdmin,
  createLandlord,
  createPremiumTenant,
  signIn,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, deliveredTo } from '../support/http';

const DAY = 24 * 60 * 60 * 1000;

describe('listing lifecycle', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let other: CreatedUser;
  let tenant: CreatedUser;
  let start: Date;

  beforeAll(async () => {
    t = await createTestApp();
    start = new Date(Math.floor(Date.now() / 1000) * 1000);
    t.clock.now = start;
    landlord = await createLandlord(t, { premium: true });
    other = await createLandlord(t, { premium: true });
    tenant = await createPremiumTenant(t);
  });
  afterAll(() => t.close());

  /** Moves the fake clock and signs everyone in again (a test session lasts a day). */
  const at = async (days: number) => {
    t.clock.now = new Date(start.getTime() + days * DAY);
    for (const user of [landlord, other, tenant]) user.cookie = await signIn(t, user.id);
  };
  const row = async (id: string) => (await t.db.select().from(properties).where(eq(properties.id, id)))[0];
  let word = 0;
  /** A live listing with a title word no other test uses, confirmed at the fake clock's start. */
  const listing = async () => {
    const title = `Lifecycle flat qz${++word}x`;
    const made = await createListing(t, {
      landlordId: landlord.id,
      title,
      rent: 950,
      confirmedAt: start,
      publishedAt: start,
    });
    return { ...made, word: `qz${word}x` };
  };
  /** With let-agreed homes, which a search leaves out unless asked (decision 0060). */
  const inSearch = async (q: string) => {
    const res = await call(t, 'GET', `/api/properties?q=${q}&includeLetAgreed=1`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().properties as Array<{ id: string; letAgreedAt: string | null }>;
  };
  const post = (url: string, cookie?: string, body?: unknown) => call(t, 'POST', url, { cookie, body });

  describe('let agreed', () => {
    it('shows "Let agreed" in search for 7 days, then the home leaves search; the landlord relists it', async () => {
      await at(0);
      const home = await listing();
      const marked = await post(`/api/listings/${home.id}/let-agreed`, landlord.cookie);
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json()).toMatchObject({ status: 'live', letAgreedAt: start.toISOString() });
      expect((await inSearch(home.word))[0].letAgreedAt).toBe(start.toISOString());

      await at(6.9);
      expect((await runListingLifecycle(t.app.ctx)).let).toBe(0);
      expect(await inSearch(home.word)).toHaveLength(1);

      await at(7);
      expect((await runListingLifecycle(t.app.ctx)).let).toBe(1);
      expect(await inSearch(home.word)).toEqual([]);
      expect((await call(t, 'GET', `/api/properties/${home.id}`)).statusCode).toBe(404);
      const own = await call(t, 'GET', `/api/properties/${home.id}`, { cookie: landlord.cookie });
      expect(own.json().status, own.body).toBe('let');

      const relisted = await post(`/api/listings/${home.id}/relist`, landlord.cookie);
      expect(relisted.statusCode).toBe(200);
      expect(relisted.json()).toMatchObject({ status: 'live', letAgreedAt: null });
      expect((await inSearch(home.word))[0].letAgreedAt).toBeNull();
    });

    it('is for the owner of a live listing only', async () => {
      await at(0);
      const home = await listing();
      expect((await post(`/api/listings/${home.id}/let-agreed`)).statusCode).toBe(401);
      expect((await post(`/api/listings/${home.id}/let-agreed`, other.cookie)).statusCode).toBe(404);
      expect(
        (await post(`/api/listings/${home.id}/let-agreed`, (await createAdmin(t)).cookie)).statusCode,
      ).toBe(404);
      expect((await post('/api/listings/not-a-uuid/let-agreed', landlord.cookie)).statusCode).toBe(404);
      expect((await post(`/api/listings/${home.id}/relist`, landlord.cookie)).statusCode).toBe(409);
      expect((await post(`/api/listings/${home.id}/let-agreed`, landlord.cookie)).statusCode).toBe(200);
      const again = await post(`/api/listings/${home.id}/let-agreed`, landlord.cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This home is already marked let agreed.');
      const pending = await createListing(t, { landlordId: landlord.id, status: 'pending' });
      expect((await post(`/api/listings/${pending.id}/let-agreed`, landlord.cookie)).statusCode).toBe(409);
    });
  });

  describe('confirming it is still available', () => {
    it('emails one reminder at 14 days with a one-click link that confirms it without a session', async () => {
      await at(0);
      const home = await listing();
      await at(13.9);
      await runListingLifecycle(t.app.ctx);
      expect((await row(home.id)).confirmReminderSentAt).toBeNull();

      await at(14);
      await runListingLifecycle(t.app.ctx);
      await runListingLifecycle(t.app.ctx); // once per period, however often the job runs
      const mails = (await deliveredTo(t, landlord.email, 'listing_confirm')).filter((m) =>
        m.text.includes(home.word),
      );
      expect(mails).toHaveLength(1);
      const token = /\/confirm-listing\?token=([0-9a-f.-]+)/.exec(mails[0].text)?.[1];
      expect(token).toBeTruthy();
      const dashboard = (
        await call(t, 'GET', `/api/properties/landlord/${landlord.id}`, { cookie: landlord.cookie })
      ).json();
      expect(dashboard.find((p: { id: string }) => p.id === home.id)).toMatchObject({
        confirmationDue: true,
      });

      await at(15);
      const confirmed = await post('/api/listings/confirm-available', undefined, { token });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await row(home.id)).confirmedAt).toEqual(new Date(start.getTime() + 15 * DAY));

      // Confirmed at day 15: no pause at day 21, and the next reminder waits for day 29.
      await at(21);
      await runListingLifecycle(t.app.ctx);
      expect((await row(home.id)).status).toBe('live');
    });

    it('pauses a listing unconfirmed for 21 days; confirming on the dashboard brings it back', async () => {
      await at(0);
      const home = await listing();
      await at(20.9);
      expect((await runListingLifecycle(t.app.ctx)).paused).toBe(0);
      await at(21);
      expect((await runListingLifecycle(t.app.ctx)).paused).toBeGreaterThanOrEqual(1);
      expect((await row(home.id)).status).toBe('paused');
      expect(await inSearch(home.word)).toEqual([]);
      expect((await call(t, 'GET', `/api/properties/${home.id}`)).statusCode).toBe(404);
      const own = await call(t, 'GET', `/api/properties/${home.id}`, { cookie: landlord.cookie });
      expect(own.json().status).toBe('paused');

      expect((await post(`/api/listings/${home.id}/confirm-available`, other.cookie)).statusCode).toBe(404);
      const back = await post(`/api/listings/${home.id}/confirm-available`, landlord.cookie);
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({
        status: 'live',
        message: 'Thanks: the listing is back in search.',
      });
      expect(await inSearch(home.word)).toHaveLength(1);
    });

    it('refuses a forged, altered or expired link with a clear 400', async () => {
      await at(0);
      const home = await listing();
      for (const token of ['', 'nonsense', `${home.id}.9999999999.${'0'.repeat(32)}`]) {
        const res = await post('/api/listings/confirm-available', undefined, { token });
        expect(res.statusCode, token).toBe(400);
      }
      await at(14);
      await runListingLifecycle(t.app.ctx);
      const [mail] = (await deliveredTo(t, landlord.email, 'listing_confirm')).filter((m) =>
        m.text.includes(home.word),
      );
      const token = /\/confirm-listing\?token=([0-9a-f.-]+)/.exec(mail.text)![1];
      await at(14 + 31);
      const expired = await post('/api/listings/confirm-available', undefined, { token });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toMatch(/expired/);
    });
  });

  describe('rent changes', () => {
    const approveEdit = async (propertyId: string, monthlyRent: number) => {
      const [submission] = await t.db
        .insert(contentSubmissions)
        .values({
          userId: landlord.id,
          contentType: 'property_listing',
          targetId: propertyId,
          contentData: listingContent({ monthlyRent }),
          submissionStatus: 'approved',
          reviewedAt: t.clock.now,
        })
        .returning();
      await t.db.transaction((tx) => applyPropertyListing(tx, submission, { now: t.clock.now }));
    };

    it('keeps every change, shows a reduction, and tells those who saved the home once', async () => {
      await at(0);
      const home = await listing();
      await t.db
        .insert(propertyInteractions)
        .values({ userId: tenant.id, propertyId: home.id, type: 'save' });
      await at(2);
      await approveEdit(home.id, 900);
      const detail = (await call(t, 'GET', `/api/properties/${home.id}`)).json();
      expect(detail).toMatchObject({ monthlyRentPence: 90_000, previousRentPence: 95_000 });
      expect(detail.rentReducedAt).toBe(new Date(start.getTime() + 2 * DAY).toISOString());

      await runListingLifecycle(t.app.ctx);
      await runListingLifecycle(t.app.ctx);
      const told = await deliveredTo(t, tenant.email, 'rent_reduced');
      expect(told).toHaveLength(1);
      expect(told[0].text).toContain('is now £900 pcm (was £950)');

      await at(3);
      await approveEdit(home.id, 1000);
      const raised = (await call(t, 'GET', `/api/properties/${home.id}`)).json();
      expect(raised).toMatchObject({
        rentReducedAt: null,
        previousRentPence: null,
        monthlyRentPence: 100_000,
      });
      const changes = await t.db
        .select()
        .from(propertyRentChanges)
        .where(eq(propertyRentChanges.propertyId, home.id));
      expect(changes.map((c) => [c.fromPence, c.toPence])).toEqual([
        [95_000, 90_000],
        [90_000, 100_000],
      ]);
      await runListingLifecycle(t.app.ctx);
      expect(await deliveredTo(t, tenant.email, 'rent_reduced')).toHaveLength(1);
    });
  });
});
