// Issue 29 item 3: one-time links work once and expire. The listing-confirmation link could be used again and again
// for 30 days; now every emailed link (password reset, new sign-in address, listing confirmation) works once, a
// second click is told so with 410 Gone, and each stops at its lifetime (src/domain/one-time-links.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_TIME_LINK_LIFETIMES_MS, ONE_TIME_LINK_MESSAGES } from '../../src/domain/one-time-links';
import { properties } from '../../src/server/db/schema';
import { runListingLifecycle } from '../../src/server/features/listings/lifecycle';
import { createListing } from '../factories/listings';
import { type CreatedUser, createLandlord, createTenant, signIn, uniqueEmail } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, deliveredTo } from '../support/http';
import { linkTokenFromEmail, resetTokenFromEmail } from './accounts.helpers';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

describe('one-time links', () => {
  let t: TestApp;
  let start: Date;
  beforeAll(async () => {
    t = await createTestApp();
    start = new Date(Math.floor(Date.now() / 1000) * 1000);
    t.clock.now = start;
  });
  afterAll(() => t.close());

  const at = (ms: number) => {
    t.clock.now = new Date(start.getTime() + ms);
  };

  describe('password reset', () => {
    const reset = (token: string, newPassword = 'a-fresh-password-1') =>
      call(t, 'POST', '/api/auth/reset-password', { body: { token, newPassword } });
    const newLink = async (tenant: CreatedUser) => {
      await call(t, 'POST', '/api/auth/forgot-password', { body: { email: tenant.email } });
      return resetTokenFromEmail(t, tenant.email);
    };

    it('works once; the second click is a 410 saying it was used', async () => {
      at(0);
      const tenant = await createTenant(t);
      const token = await newLink(tenant);
      expect((await reset(token)).statusCode).toBe(200);
      const again = await reset(token, 'a-fresh-password-2');
      expect(again.statusCode).toBe(410);
      expect(again.json()).toMatchObject({ code: 'LINK_USED', message: ONE_TIME_LINK_MESSAGES.resetUsed });
    });

    it('expires after an hour', async () => {
      at(0);
      const tenant = await createTenant(t);
      const token = await newLink(tenant);
      at(ONE_TIME_LINK_LIFETIMES_MS.passwordReset + MINUTE);
      const late = await reset(token);
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toMatch(/expired/);
    });
  });

  describe('new sign-in address', () => {
    const confirm = (token: string) => call(t, 'POST', '/api/auth/confirm-email', { body: { token } });
    const newLink = async (tenant: CreatedUser) => {
      const email = uniqueEmail('moving');
      tenant.cookie = await signIn(t, tenant.id);
      const res = await call(t, 'PUT', '/api/profile', {
        cookie: tenant.cookie,
        body: { firstName: 'Ada', lastName: 'Jones', email, currentPassword: tenant.password },
      });
      expect(res.statusCode, res.body).toBe(200);
      return linkTokenFromEmail(t, email, 'email_change_confirm', '/confirm-email');
    };

    it('works once; the second click is a 410 saying it was used', async () => {
      at(0);
      const tenant = await createTenant(t);
      const token = await newLink(tenant);
      expect((await confirm(token)).statusCode).toBe(200);
      const again = await confirm(token);
      expect(again.statusCode).toBe(410);
      expect(again.json()).toMatchObject({
        code: 'LINK_USED',
        message: ONE_TIME_LINK_MESSAGES.emailChangeUsed,
      });
    });

    it('expires after a day', async () => {
      at(0);
      const tenant = await createTenant(t);
      const token = await newLink(tenant);
      at(ONE_TIME_LINK_LIFETIMES_MS.emailChange + MINUTE);
      const late = await confirm(token);
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toMatch(/expired/);
    });
  });

  describe('listing confirmation', () => {
    let landlord: CreatedUser;
    let word = 0;
    beforeAll(async () => {
      landlord = await createLandlord(t, { premium: true });
    });
    const confirm = (token: string) =>
      call(t, 'POST', '/api/listings/confirm-available', { body: { token } });
    /** A listing confirmed at the start, and the link the 14-day reminder sends for it. */
    const remindedListing = async () => {
      at(0);
      const marker = `otl${++word}q`;
      const home = await createListing(t, {
        landlordId: landlord.id,
        title: `One-time link flat ${marker}`,
        confirmedAt: start,
        publishedAt: start,
      });
      at(14 * DAY);
      await runListingLifecycle(t.app.ctx);
      const [mail] = (await deliveredTo(t, landlord.email, 'listing_confirm')).filter((m) =>
        m.text.includes(marker),
      );
      const token = /\/confirm-listing\?token=([0-9a-f.-]+)/.exec(mail.text)?.[1];
      if (!token) throw new Error(`no confirmation link in: ${mail.text}`);
      return { home, token };
    };
    const confirmedAt = async (id: string) =>
      (await t.db.select().from(properties).where(eq(properties.id, id)))[0].confirmedAt;

    it('works once: a second click days later is a 410 and confirms nothing again', async () => {
      const { home, token } = await remindedListing();
      at(15 * DAY);
      expect((await confirm(token)).statusCode).toBe(200);
      const first = await confirmedAt(home.id);
      at(20 * DAY);
      const again = await confirm(token);
      expect(again.statusCode).toBe(410);
      expect(again.json().code).toBe('LINK_USED');
      expect(again.json().message).toMatch(/already been used: the listing was confirmed on/);
      expect(await confirmedAt(home.id)).toEqual(first);
    });

    it('is used up by a confirmation on the dashboard too', async () => {
      const { home, token } = await remindedListing();
      at(15 * DAY);
      const cookie = await signIn(t, landlord.id);
      const button = await call(t, 'POST', `/api/listings/${home.id}/confirm-available`, { cookie });
      expect(button.statusCode).toBe(200);
      expect((await confirm(token)).statusCode).toBe(410);
    });

    it('lets only one of two racing clicks through', async () => {
      const { token } = await remindedListing();
      at(15 * DAY);
      const results = await Promise.all([confirm(token), confirm(token)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    });

    it('expires 30 days after it was sent', async () => {
      const { token } = await remindedListing();
      at(14 * DAY + ONE_TIME_LINK_LIFETIMES_MS.listingConfirm + MINUTE);
      const late = await confirm(token);
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toMatch(/expired/);
    });
  });
});
