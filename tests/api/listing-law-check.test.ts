// Issue 28: the law on live listings when a rule starts. The daily check (src/server/features/listings/law-check.ts)
// tells the landlord and the admins once, with the day the listing pauses, pauses it after LAW_GRACE_DAYS unless
// it is changed, and clears a listing that meets the law again; a lawful listing beside it is left alone.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAW_GRACE_DAYS } from '../../src/domain/advert-rules';
import { properties } from '../../src/server/db/schema';
import { runLawCheck } from '../../src/server/features/listings/law-check';
import { createListing } from '../factories/listings';
import { type CreatedUser, createAdmin, createLandlord, longSession } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, emailsTo } from '../support/http';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the daily law check on live listings', () => {
  let t: TestApp;
  let landlord: CreatedUser;
  let admin: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { premium: true });
    // The test moves the clock by weeks: a day's session would lapse, or not, depending on the time of day it runs.
    landlord.cookie = await longSession(t, landlord.id);
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const row = async (id: string) => (await t.db.select().from(properties).where(eq(properties.id, id)))[0];

  it('tells the landlord and admins once, pauses after the grace period, and leaves lawful listings alone', async () => {
    const start = new Date('2026-11-27T09:00:00Z');
    t.clock.now = start;
    const lawful = await createListing(t, { landlordId: landlord.id, epcRating: 'C', nation: 'england' });
    const bidding = await createListing(t, {
      landlordId: landlord.id,
      epcRating: 'C',
      nation: 'england',
      title: 'Two-bed flat, offers over £1,000',
    });
    // Written before the rules said so, fixed since: cleared.
    const fixed = await createListing(t, { landlordId: landlord.id, epcRating: 'C', nation: 'england' });
    await t.db
      .update(properties)
      .set({ lawPausesAt: new Date(start.getTime() + DAY_MS) })
      .where(eq(properties.id, fixed.id));

    const first = await runLawCheck(t.app.ctx);
    expect(first).toMatchObject({ skipped: false, noticed: 1, paused: 0, cleared: 1 });
    const pausesAt = new Date(start.getTime() + LAW_GRACE_DAYS * DAY_MS);
    expect((await row(bidding.id)).lawPausesAt).toEqual(pausesAt);
    expect((await row(lawful.id)).lawPausesAt).toBeNull();
    expect((await row(fixed.id)).lawPausesAt).toBeNull();

    const [notice] = await emailsTo(t, landlord.email, 'listing_law');
    expect(notice.subject).toContain('offers over £1,000');
    expect(notice.textBody).toMatch(/“offers over”.*Renters' Rights Act 2025, s\.56/);
    expect(notice.textBody).toContain('pauses on');
    const [adminNotice] = await emailsTo(t, admin.email, 'listing_law_admin');
    expect(adminNotice.textBody).toContain(`/properties/${bidding.id}`);
    // The landlord's dashboard shows the date too.
    const own = await call(t, 'GET', `/api/properties/landlord/${landlord.id}`, { cookie: landlord.cookie });
    const mine = own.json().find((p: { id: string }) => p.id === bidding.id);
    expect(mine.lawPausesAt).toBe(pausesAt.toISOString());

    // Once only: the next day's run tells nobody again.
    t.clock.now = new Date(start.getTime() + DAY_MS);
    expect(await runLawCheck(t.app.ctx)).toMatchObject({ noticed: 0, paused: 0 });
    expect(await emailsTo(t, landlord.email, 'listing_law')).toHaveLength(1);
    expect((await row(bidding.id)).status).toBe('live');

    // Unchanged past the grace period: paused; the lawful listing stays live.
    t.clock.now = new Date(pausesAt.getTime() + 60_000);
    expect(await runLawCheck(t.app.ctx)).toMatchObject({ paused: 1 });
    expect((await row(bidding.id)).status).toBe('paused');
    expect((await row(lawful.id)).status).toBe('live');

    // Confirming it as available does not bring it back as it is: only an approved edit that meets the law does.
    const confirmed = await call(t, 'POST', `/api/listings/${bidding.id}/confirm-available`, {
      cookie: landlord.cookie,
    });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().message).toMatch(/breaks a rule now in force/);
    expect((await row(bidding.id)).status).toBe('paused');
    // A lawful paused listing beside it still comes back with the same button.
    await t.db.update(properties).set({ status: 'paused' }).where(eq(properties.id, lawful.id));
    const back = await call(t, 'POST', `/api/listings/${lawful.id}/confirm-available`, {
      cookie: landlord.cookie,
    });
    expect(back.statusCode).toBe(200);
    expect((await row(lawful.id)).status).toBe('live');
  });
});
