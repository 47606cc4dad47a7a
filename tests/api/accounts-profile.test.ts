import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChangeRequests, users } from '../../src/server/db/schema';
import { createLandlord, createPremiumTenant, createTenant, uniqueEmail } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, deliveredTo, emailsTo, rawJson } from '../support/http';
import { linkTokenFromEmail, resetTokenFromEmail, uploadPhoto } from './accounts.helpers';

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const profile = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Priya',
    lastName: 'Shah',
    email: uniqueEmail('priya'),
    phone: '07700 900123',
    bio: 'Looking for a two-bed in Bristol.',
    ...overrides,
  });

  describe('PUT /api/profile', () => {
    it('answers 401 when signed out', async () => {
      const res = await call(t, 'PUT', '/api/profile', { body: profile() });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please sign in to continue.');
    });

    it('updates the names, phone and bio at once and replies with the updated user', async () => {
      const tenant = await createTenant(t);
      const bystander = await createTenant(t, { phone: '0113 496 0001', bio: 'Someone else' });
      const [bystanderBefore] = await t.db.select().from(users).where(eq(users.id, bystander.id));
      const res = await call(t, 'PUT', '/api/profile', {
        cookie: tenant.cookie,
        body: profile({ email: tenant.email.toUpperCase() }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const updated = {
        firstName: 'Priya',
        lastName: 'Shah',
        email: tenant.email,
        phone: '07700 900123',
        bio: 'Looking for a two-bed in Bristol.',
      };
      expect(res.json()).toMatchObject({ id: tenant.id, pendingEmail: null, ...updated });
      // Stored: the account as the next page load reads it, and its row, whose address is unchanged.
      const me = await call(t, 'GET', '/api/auth/user', { cookie: tenant.cookie });
      expect(me.json()).toMatchObject({ id: tenant.id, ...updated });
      const [row] = await t.db.select().from(users).where(eq(users.id, tenant.id));
      expect(row).toMatchObject(updated);
      expect(
        await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, tenant.id)),
      ).toEqual([]);
      // Nobody else's account changed.
      expect((await t.db.select().from(users).where(eq(users.id, bystander.id)))[0]).toEqual(bystanderBefore);
    });

    it('clears phone and bio when sent empty, and keeps them when left out', async () => {
      const tenant = await createTenant(t, { phone: '0113 496 0000', bio: 'Old bio' });
      const kept = await call(t, 'PUT', '/api/profile', {
        cookie: tenant.cookie,
        body: { firstName: 'Kept', lastName: 'Fields', email: tenant.email },
      });
      expect(kept.json()).toMatchObject({ phone: '0113 496 0000', bio: 'Old bio' });
      const cleared = await call(t, 'PUT', '/api/profile', {
        cookie: tenant.cookie,
        body: { firstName: 'Kept', lastName: 'Fields', email: tenant.email, phone: '', bio: null },
      });
      expect(cleared.json()).toMatchObject({ phone: null, bio: null });
    });

    it('validates the body with the spec messages', async () => {
      const tenant = await createTenant(t);
      const put = (body: unknown) => call(t, 'PUT', '/api/profile', { cookie: tenant.cookie, body });
      const blank = await put(profile({ firstName: '  ', lastName: '' }));
      expect(blank.statusCode).toBe(400);
      expect(blank.json().fieldErrors).toEqual({
        firstName: ['First name is required'],
        lastName: ['Last name is required'],
      });
      const badEmail = await put(profile({ email: 'priya' }));
      expect(badEmail.json().fieldErrors).toEqual({ email: ['Valid email is required'] });
      const badPhone = await put(profile({ phone: 'call me maybe' }));
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json().fieldErrors.phone).toBeDefined();
      const longBio = await put(profile({ bio: 'x'.repeat(1001) }));
      expect(longBio.json().fieldErrors.bio).toEqual(['Must be at most 1000 characters']);
      const wrongType = await put(profile({ bio: 7 }));
      expect(wrongType.statusCode).toBe(400);
      const extra = await put(profile({ isPremium: true }));
      expect(extra.json().message).toBe('Unexpected field: isPremium');
      const malformed = await rawJson(t, 'PUT', '/api/profile', '{"firstName":', tenant.cookie);
      expect(malformed.json().code).toBe('INVALID_JSON');
      const [row] = await t.db.select().from(users).where(eq(users.id, tenant.id));
      expect(row.isPremium).toBe(false);
    });
  });

  describe('changing the sign-in email (security review finding 4)', () => {
    const confirm = (token: string) => call(t, 'POST', '/api/auth/confirm-email', { body: { token } });
    const confirmToken = (to: string) => linkTokenFromEmail(t, to, 'email_change_confirm', '/confirm-email');
    const logIn = (email: string, password: string) =>
      call(t, 'POST', '/api/login', { body: { email, password } });

    it('takes the current password, waits for the link sent to the new address, and tells the old one', async () => {
      const tenant = await createTenant(t);
      const newEmail = uniqueEmail('Moved').toUpperCase();
      const res = await call(t, 'PUT', '/api/profile', {
        cookie: tenant.cookie,
        body: profile({ email: newEmail, currentPassword: tenant.password }),
      });
      expect(res.statusCode, res.body).toBe(200);
      // The other fields changed; the email did not, yet.
      expect(res.json()).toMatchObject({
        firstName: 'Priya',
        email: tenant.email,
        pendingEmail: newEmail.toLowerCase(),
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, tenant.id));
      expect(row.email).toBe(tenant.email);
      const pending = await call(t, 'GET', '/api/profile/email-change', { cookie: tenant.cookie });
      expect(pending.json()).toMatchObject({ pendingEmail: newEmail.toLowerCase() });
      const [notice] = await deliveredTo(t, tenant.email, 'security_alert');
      expect(notice.text).toContain(newEmail.toLowerCase());
      expect((await logIn(newEmail, tenant.password)).statusCode).toBe(401);

      const token = await confirmToken(newEmail);
      const [stored] = await emailsTo(t, newEmail.toLowerCase(), 'email_change_confirm');
      expect(stored.textBody).not.toContain(token);
      const done = await confirm(token);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ success: true, email: newEmail.toLowerCase() });
      expect((await logIn(newEmail, tenant.password)).statusCode).toBe(200);
      expect((await logIn(tenant.email, tenant.password)).statusCode).toBe(401);
      // The old address hears that it happened, and the link works once.
      expect(await deliveredTo(t, tenant.email, 'security_alert')).toHaveLength(2);
      const again = await confirm(token);
      expect(again.statusCode).toBe(410);
      expect(again.json().code).toBe('LINK_USED');
      const after = await call(t, 'GET', '/api/profile/email-change', { cookie: tenant.cookie });
      expect(after.json()).toEqual({ pendingEmail: null, expiresAt: null });
    });

    it('refuses a change without the current password or with a wrong one: a stolen session is not enough', async () => {
      const tenant = await createTenant(t);
      const put = (extra: Record<string, unknown>) =>
        call(t, 'PUT', '/api/profile', { cookie: tenant.cookie, body: profile(extra) });
      const missing = await put({});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors).toEqual({
        currentPassword: ['Enter your current password to change your email address.'],
      });
      const wrong = await put({ currentPassword: 'not-the-password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({
        code: 'WRONG_PASSWORD',
        fieldErrors: { currentPassword: ['Current password is incorrect'] },
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, tenant.id));
      expect(row).toMatchObject({ email: tenant.email, firstName: tenant.firstName });
      const requests = await t.db
        .select()
        .from(emailChangeRequests)
        .where(eq(emailChangeRequests.userId, tenant.id));
      expect(requests).toEqual([]);
    });

    it('cancels every reset link sent to the old address when the change takes effect', async () => {
      const tenant = await createTenant(t);
      await call(t, 'POST', '/api/auth/forgot-password', { body: { email: tenant.email } });
      const resetToken = await resetTokenFromEmail(t, tenant.email);
      const newEmail = uniqueEmail('moved');
      await call(t, 'PUT', '/api/profile', {
        cookie: tenant.cookie,
        body: profile({ email: newEmail, currentPassword: tenant.password }),
      });
      expect((await confirm(await confirmToken(newEmail))).statusCode).toBe(200);
      const reset = await call(t, 'POST', '/api/auth/reset-password', {
        body: { token: resetToken, newPassword: 'taken-over-password' },
      });
      expect(reset.statusCode).toBe(400);
      expect((await logIn(newEmail, tenant.password)).statusCode).toBe(200);
    });

    it('keeps only the newest link, for 24 hours, and a cancelled change leaves no working link', async () => {
      const tenant = await createTenant(t);
      const ask = async (email: string) => {
        const res = await call(t, 'PUT', '/api/profile', {
          cookie: tenant.cookie,
          body: profile({ email, currentPassword: tenant.password }),
        });
        expect(res.statusCode, res.body).toBe(200);
        return confirmToken(email);
      };
      const first = await ask(uniqueEmail('first'));
      const second = await ask(uniqueEmail('second'));
      expect((await confirm(first)).statusCode).toBe(400);
      const cancelled = await call(t, 'DELETE', '/api/profile/email-change', { cookie: tenant.cookie });
      expect(cancelled.json()).toEqual({ pendingEmail: null, expiresAt: null });
      expect((await confirm(second)).statusCode).toBe(400);

      const third = await ask(uniqueEmail('third'));
      t.clock.now = new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
      try {
        expect((await confirm(third)).json().message).toMatch(/invalid or has expired/);
      } finally {
        t.clock.now = new Date();
      }
      const [row] = await t.db.select().from(users).where(eq(users.id, tenant.id));
      expect(row.email).toBe(tenant.email);
    });

    it('refuses an address another account uses (409), also when taken between request and click', async () => {
      const tenant = await createTenant(t);
      const other = await createLandlord(t);
      const taken = await call(t, 'PUT', '/api/profile', {
        cookie: tenant.cookie,
        body: profile({ email: other.email.toUpperCase(), currentPassword: tenant.password }),
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('EMAIL_TAKEN');

      const wanted = uniqueEmail('wanted');
      await call(t, 'PUT', '/api/profile', {
        cookie: tenant.cookie,
        body: profile({ email: wanted, currentPassword: tenant.password }),
      });
      const token = await confirmToken(wanted);
      await createTenant(t, { email: wanted });
      expect((await confirm(token)).statusCode).toBe(409);
      const [row] = await t.db.select().from(users).where(eq(users.id, tenant.id));
      expect(row.email).toBe(tenant.email);
    });

    it('refuses the demo domain, and any email change on a shared demo account', async () => {
      const tenant = await createTenant(t);
      const reserved = await call(t, 'PUT', '/api/profile', {
        cookie: tenant.cookie,
        body: profile({ email: 'someone@demo.yourplace.test', currentPassword: tenant.password }),
      });
      expect(reserved.statusCode).toBe(400);
      expect(reserved.json().fieldErrors.email).toEqual([
        'This address is reserved for demo accounts. Please use your own email address.',
      ]);
      const demo = await createTenant(t, { isDemo: true });
      const locked = await call(t, 'PUT', '/api/profile', {
        cookie: demo.cookie,
        body: profile({ email: uniqueEmail('escape'), currentPassword: demo.password }),
      });
      expect(locked.statusCode).toBe(403);
      // Names and the rest stay editable.
      const named = await call(t, 'PUT', '/api/profile', {
        cookie: demo.cookie,
        body: profile({ email: demo.email }),
      });
      expect(named.statusCode).toBe(200);
    });
  });

  describe('profile photo', () => {
    const jpegWithExif = (width = 400, height = 300) =>
      sharp({ create: { width, height, channels: 3, background: '#f00' } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'x', Artist: 'Someone' } } })
        .toBuffer();
    const stored = (url: string) => path.join(t.config.dataDir, url);

    it('answers 401 when signed out', async () => {
      const res = await uploadPhoto(t, undefined, [
        { name: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: await jpegWithExif() },
      ]);
      expect(res.statusCode).toBe(401);
    });

    it('requires an active subscription', async () => {
      const free = await createTenant(t);
      const res = await uploadPhoto(t, free.cookie, [
        { name: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: await jpegWithExif() },
      ]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'SUBSCRIPTION_REQUIRED',
        message: 'Photo uploads require an active subscription',
        feature: 'profilePhoto',
        requestId: expect.any(String),
      });
      const [row] = await t.db.select().from(users).where(eq(users.id, free.id));
      expect(row.profileImageUrl).toBeNull();
    });

    it('stores a 200×200 WebP without EXIF under the user, and sets the profile image', async () => {
      const tenant = await createPremiumTenant(t);
      const input = await jpegWithExif();
      expect((await sharp(input).metadata()).exif).toBeDefined();
      const res = await uploadPhoto(t, tenant.cookie, [
        { name: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: input },
      ]);
      expect(res.statusCode).toBe(200);
      const { profileImageUrl } = res.json();
      expect(profileImageUrl).toMatch(new RegExp(`^/media/avatars/${tenant.id}/[A-Za-z0-9_-]+\\.webp$`));

      const served = await t.app.inject({ method: 'GET', url: profileImageUrl });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 200, height: 200 });
      expect(meta.exif).toBeUndefined();

      const me = await call(t, 'GET', '/api/auth/user', { cookie: tenant.cookie });
      expect(me.json().profileImageUrl).toBe(profileImageUrl);
    });

    it('replaces the previous avatar file on a new upload', async () => {
      const tenant = await createPremiumTenant(t);
      const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#0a0' } })
        .png()
        .toBuffer();
      const first = (
        await uploadPhoto(t, tenant.cookie, [
          { name: 'photo', filename: 'a.png', contentType: 'image/png', data: png },
        ])
      ).json();
      expect(existsSync(stored(first.profileImageUrl))).toBe(true);
      const gif = await sharp({ create: { width: 250, height: 250, channels: 3, background: '#00f' } })
        .gif()
        .toBuffer();
      const second = await uploadPhoto(t, tenant.cookie, [
        { name: 'photo', filename: 'b.gif', contentType: 'image/gif', data: gif },
      ]);
      expect(second.statusCode).toBe(200);
      expect(second.json().profileImageUrl).not.toBe(first.profileImageUrl);
      expect(existsSync(stored(first.profileImageUrl))).toBe(false);
      expect(existsSync(stored(second.json().profileImageUrl))).toBe(true);
    });

    it('refuses a file that is not an image, whatever type it claims', async () => {
      const tenant = await createPremiumTenant(t);
      const res = await uploadPhoto(t, tenant.cookie, [
        {
          name: 'photo',
          filename: 'me.png',
          contentType: 'image/png',
          data: 'just some text, not a picture',
        },
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Please select an image file (JPG, PNG, GIF).',
      });
    });

    it('refuses a file over 5 MB with 413', async () => {
      const tenant = await createPremiumTenant(t);
      const res = await uploadPhoto(t, tenant.cookie, [
        {
          name: 'photo',
          filename: 'big.jpg',
          contentType: 'image/jpeg',
          data: Buffer.alloc(6 * 1024 * 1024, 1),
        },
      ]);
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
      const [row] = await t.db.select().from(users).where(eq(users.id, tenant.id));
      expect(row.profileImageUrl).toBeNull();
    });

    it('refuses a request without the photo field, and a JSON body', async () => {
      const tenant = await createPremiumTenant(t);
      const wrongField = await uploadPhoto(t, tenant.cookie, [
        { name: 'avatar', filename: 'me.jpg', contentType: 'image/jpeg', data: await jpegWithExif() },
      ]);
      expect(wrongField.statusCode).toBe(400);
      const noFile = await uploadPhoto(t, tenant.cookie, [{ name: 'caption', data: 'hello' }]);
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().message).toBe('Please choose a photo to upload.');
      const json = await call(t, 'POST', '/api/profile/photo', {
        cookie: tenant.cookie,
        body: { photo: 'data:image/png;base64,AAAA' },
      });
      expect(json.statusCode).toBe(415);
    });

    it('DELETE /api/profile/photo removes the photo and its file', async () => {
      const tenant = await createPremiumTenant(t);
      const uploaded = await uploadPhoto(t, tenant.cookie, [
        { name: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: await jpegWithExif() },
      ]);
      const url = uploaded.json().profileImageUrl;
      const res = await call(t, 'DELETE', '/api/profile/photo', { cookie: tenant.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ profileImageUrl: null });
      expect(existsSync(stored(url))).toBe(false);
      const [row] = await t.db.select().from(users).where(eq(users.id, tenant.id));
      expect(row.profileImageUrl).toBeNull();
      expect((await call(t, 'DELETE', '/api/profile/photo')).statusCode).toBe(401);
    });

    it('never removes a file outside the user’s own avatar folder', async () => {
      const owner = await createPremiumTenant(t);
      const uploaded = await uploadPhoto(t, owner.cookie, [
        { name: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: await jpegWithExif() },
      ]);
      const ownersFile = uploaded.json().profileImageUrl;
      const other = await createTenant(t, { profileImageUrl: ownersFile });
      await call(t, 'DELETE', '/api/profile/photo', { cookie: other.cookie });
      expect(existsSync(stored(ownersFile))).toBe(true);
    });
  });
});
