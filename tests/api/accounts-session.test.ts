import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { createAdmin, createLandlord, createSuperAdmin, createTenant, signIn } from '../factories/users';
import { createTestApp, sessionCookie, type TestApp } from '../support/app';
import { call, rawJson } from '../support/http';

describe('sign-in and the session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('GET /api/auth/user', () => {
    it('answers 401 with the sign-in message when signed out', async () => {
      const res = await call(t, 'GET', '/api/auth/user');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'Please sign in to continue.',
        code: 'UNAUTHENTICATED',
        requestId: expect.any(String),
      });
    });

    it('answers 401 for an unknown or expired session cookie', async () => {
      const unknown = await call(t, 'GET', '/api/auth/user', { cookie: 'yp_session=not-a-session' });
      expect(unknown.statusCode).toBe(401);
      const user = await createTenant(t);
      t.clock.now = new Date(Date.now() + 2 * 86_400_000);
      try {
        const expired = await call(t, 'GET', '/api/auth/user', { cookie: user.cookie });
        expect(expired.statusCode).toBe(401);
      } finally {
        t.clock.now = new Date();
      }
    });

    it('answers requests that arrive together each with its own user, whatever the others send', async () => {
      // Their session lookups share one query (lib/coalesce.ts): each must still get its own row.
      const people = [await createTenant(t), await createLandlord(t), await createTenant(t)];
      const gone = await createTenant(t);
      await t.db.delete(sessions).where(eq(sessions.userId, gone.id));
      const cookies = [
        ...people.map((p) => p.cookie),
        gone.cookie,
        'yp_session=not-a-session',
        people[0].cookie,
      ];
      const replies = await Promise.all(
        cookies.map((cookie) => call(t, 'GET', '/api/auth/user', { cookie })),
      );
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 401, 401, 200]);
      expect(replies.filter((r) => r.statusCode === 200).map((r) => r.json().email)).toEqual([
        people[0].email,
        people[1].email,
        people[2].email,
        people[0].email,
      ]);
    });

    it('returns the current user in camelCase with the snake_case aliases, and is never cached', async () => {
      const landlord = await createLandlord(t, { phone: '020 7946 0000', bio: 'Two flats in Leeds' });
      const res = await call(t, 'GET', '/api/auth/user', { cookie: landlord.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const user = res.json();
      expect(user).toMatchObject({
        id: landlord.id,
        email: landlord.email,
        firstName: landlord.firstName,
        lastName: landlord.lastName,
        userType: 'landlord',
        user_type: 'landlord',
        role: 'user',
        isPremium: false,
        is_premium: false,
        premiumUntil: null,
        stripeSubscriptionId: null,
        phone: '020 7946 0000',
        bio: 'Two flats in Leeds',
        profileImageUrl: null,
        impersonating: false,
        notificationSettings: {
          email: true,
          propertyAlerts: true,
          marketingEmails: false,
          securityAlerts: true,
        },
      });
      expect(new Date(user.createdAt).toString()).not.toBe('Invalid Date');
      expect(user).not.toHaveProperty('passwordHash');
    });

    it('reports the effective premium: an admin flag, an unexpired grant or an active subscription', async () => {
      const flagged = await createTenant(t, { premium: true });
      const granted = await createTenant(t, { premiumUntil: new Date(Date.now() + 86_400_000) });
      const lapsed = await createTenant(t, { premiumUntil: new Date(Date.now() - 86_400_000) });
      const subscribed = await createLandlord(t, {
        subscriptionStatus: 'active',
        stripeSubscriptionId: 'sub_123',
      });
      const premiumOf = async (cookie: string) => (await call(t, 'GET', '/api/auth/user', { cookie })).json();
      expect((await premiumOf(flagged.cookie)).isPremium).toBe(true);
      expect((await premiumOf(granted.cookie)).is_premium).toBe(true);
      expect((await premiumOf(lapsed.cookie)).isPremium).toBe(false);
      const sub = await premiumOf(subscribed.cookie);
      expect(sub).toMatchObject({ isPremium: true, stripeSubscriptionId: 'sub_123' });
    });

    it('says when the session is an admin impersonating a demo user', async () => {
      const admin = await createSuperAdmin(t);
      const demo = await createTenant(t, { isDemo: true });
      const cookie = await signIn(t, demo.id, admin.id);
      const res = await call(t, 'GET', '/api/auth/user', { cookie });
      expect(res.json()).toMatchObject({ id: demo.id, impersonating: true });
    });
  });

  describe('POST /api/login', () => {
    it('signs in with the right password and replies with success and the user', async () => {
      const tenant = await createTenant(t);
      const res = await call(t, 'POST', '/api/login', {
        body: { email: tenant.email, password: tenant.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, user: { id: tenant.id, email: tenant.email } });
      const cookie = res.cookies.find((c) => c.name === 'yp_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      const me = await call(t, 'GET', '/api/auth/user', { cookie: sessionCookie(res) });
      expect(me.json().id).toBe(tenant.id);
    });

    it('accepts the email in any case and with surrounding spaces', async () => {
      const tenant = await createTenant(t);
      const res = await call(t, 'POST', '/api/login', {
        body: { email: ` ${tenant.email.toUpperCase()} `, password: tenant.password },
      });
      expect(res.statusCode).toBe(200);
    });

    it('records the time of the last login', async () => {
      const tenant = await createTenant(t);
      await call(t, 'POST', '/api/login', { body: { email: tenant.email, password: tenant.password } });
      const [row] = await t.db.select().from(users).where(eq(users.id, tenant.id));
      expect(row.lastLoginAt).toBeInstanceOf(Date);
      expect(Date.now() - row.lastLoginAt!.getTime()).toBeLessThan(60_000);
    });

    it('rotates the session: a new cookie value, and the old session no longer works', async () => {
      const tenant = await createTenant(t);
      const before = tenant.cookie;
      const res = await call(t, 'POST', '/api/login', {
        cookie: before,
        body: { email: tenant.email, password: tenant.password },
      });
      expect(res.statusCode).toBe(200);
      const after = sessionCookie(res);
      expect(after).not.toBe(before);
      expect((await call(t, 'GET', '/api/auth/user', { cookie: before })).statusCode).toBe(401);
      expect((await call(t, 'GET', '/api/auth/user', { cookie: after })).statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown email with the same 401', async () => {
      const tenant = await createTenant(t);
      const wrong = await call(t, 'POST', '/api/login', {
        body: { email: tenant.email, password: 'not-the-password' },
      });
      const unknown = await call(t, 'POST', '/api/login', {
        body: { email: 'nobody.here@example.test', password: 'not-the-password' },
      });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          message: 'Invalid email or password',
          code: 'INVALID_CREDENTIALS',
          requestId: expect.any(String),
        });
        expect(res.cookies.find((c) => c.name === 'yp_session')).toBeUndefined();
      }
    });

    it('refuses an account that has no password yet', async () => {
      const [row] = await t.db
        .insert(users)
        .values({ email: 'no.password.yet@example.test', firstName: 'No', lastName: 'Password' })
        .returning();
      const res = await call(t, 'POST', '/api/login', {
        body: { email: row.email, password: 'anything-at-all' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid email or password');
    });

    it('lets admins sign in here too', async () => {
      for (const admin of [await createAdmin(t), await createSuperAdmin(t)]) {
        const res = await call(t, 'POST', '/api/login', {
          body: { email: admin.email, password: admin.password },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().user.userType).toBeNull();
      }
    });

    it('validates the body with the spec messages', async () => {
      const noPassword = await call(t, 'POST', '/api/login', {
        body: { email: 'a@example.test', password: '' },
      });
      expect(noPassword.statusCode).toBe(400);
      expect(noPassword.json().fieldErrors).toEqual({ password: ['Password is required'] });

      const missing = await call(t, 'POST', '/api/login', { body: { email: 'a@example.test' } });
      expect(missing.json().fieldErrors).toEqual({ password: ['Password is required'] });

      const badEmail = await call(t, 'POST', '/api/login', { body: { email: 'nope', password: 'x' } });
      expect(badEmail.json().fieldErrors).toEqual({ email: ['Please enter a valid email address'] });

      const wrongType = await call(t, 'POST', '/api/login', {
        body: { email: 'a@example.test', password: 123456 },
      });
      expect(wrongType.statusCode).toBe(400);

      const extra = await call(t, 'POST', '/api/login', {
        body: { email: 'a@example.test', password: 'x', remember: true },
      });
      expect(extra.statusCode).toBe(400);
      expect(extra.json().message).toBe('Unexpected field: remember');

      const malformed = await rawJson(t, 'POST', '/api/login', '{"email":"a@example.test",');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().code).toBe('INVALID_JSON');

      const huge = await rawJson(
        t,
        'POST',
        '/api/login',
        JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(1_100_000) }),
      );
      expect(huge.statusCode).toBe(413);
    });
  });

  describe('GET /api/login', () => {
    it('redirects to the login page', async () => {
      const res = await call(t, 'GET', '/api/login');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login');
    });

    it('keeps a same-site returnTo path', async () => {
      const res = await call(t, 'GET', `/api/login?returnTo=${encodeURIComponent('/subscribe?plan=tenant')}`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/login?returnTo=${encodeURIComponent('/subscribe?plan=tenant')}`);
    });

    it('drops a returnTo that would leave the site', async () => {
      for (const target of [
        '//evil.example/x',
        'https://evil.example/',
        '/\\evil.example',
        'javascript:alert(1)',
      ]) {
        const res = await call(t, 'GET', `/api/login?returnTo=${encodeURIComponent(target)}`);
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/login');
      }
    });
  });

  describe('logout', () => {
    it('GET /api/logout ends the session, clears the cookie and redirects home', async () => {
      const tenant = await createTenant(t);
      const res = await call(t, 'GET', '/api/logout', { cookie: tenant.cookie });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
      const cleared = res.cookies.find((c) => c.name === 'yp_session');
      expect(cleared?.value).toBe('');
      expect((await call(t, 'GET', '/api/auth/user', { cookie: tenant.cookie })).statusCode).toBe(401);
    });

    it('POST /api/logout answers 204 for fetch clients, with or without a JSON content type', async () => {
      const tenant = await createTenant(t);
      const res = await rawJson(t, 'POST', '/api/logout', '', tenant.cookie);
      expect(res.statusCode).toBe(204);
      expect((await call(t, 'GET', '/api/auth/user', { cookie: tenant.cookie })).statusCode).toBe(401);
      const signedOut = await call(t, 'POST', '/api/logout');
      expect(signedOut.statusCode).toBe(204);
    });

    it('does not end the session when another site starts the sign-out (GET or POST)', async () => {
      const tenant = await createTenant(t);
      const foreign: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'https://evil.example' },
        { referer: 'https://evil.example/page-with-an-image' },
        { origin: 'null' },
      ];
      for (const headers of foreign) {
        const get = await call(t, 'GET', '/api/logout', { cookie: tenant.cookie, headers });
        expect(get.statusCode).toBe(302);
        expect(get.cookies.find((c) => c.name === 'yp_session')).toBeUndefined();
        const post = await call(t, 'POST', '/api/logout', { cookie: tenant.cookie, headers, body: {} });
        expect(post.statusCode).toBe(403);
        expect((await call(t, 'GET', '/api/auth/user', { cookie: tenant.cookie })).statusCode).toBe(200);
      }
    });

    it('ends the session when the sign-out comes from the site itself or the address bar', async () => {
      for (const headers of [
        { 'sec-fetch-site': 'same-origin', referer: 'http://127.0.0.1:5000/dashboard' },
        { 'sec-fetch-site': 'none' },
        { origin: 'http://127.0.0.1:5000' },
        {},
      ] as Record<string, string>[]) {
        const tenant = await createTenant(t);
        const res = await call(t, 'GET', '/api/logout', { cookie: tenant.cookie, headers });
        expect(res.statusCode).toBe(302);
        expect((await call(t, 'GET', '/api/auth/user', { cookie: tenant.cookie })).statusCode).toBe(401);
      }
    });

    it('ends only the session it was called with', async () => {
      const tenant = await createTenant(t);
      const otherDevice = await signIn(t, tenant.id);
      await call(t, 'POST', '/api/logout', { cookie: tenant.cookie });
      expect((await call(t, 'GET', '/api/auth/user', { cookie: otherDevice })).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/demo-login', () => {
    it('signs in as the premium demo tenant, creating it when the demo data was not seeded', async () => {
      const res = await rawJson(t, 'POST', '/api/auth/demo-login', '');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        user: {
          email: 'premium@demo.yourplace.test',
          firstName: 'Demo',
          lastName: 'Tenant',
          userType: 'tenant',
          isPremium: true,
        },
      });
      const [row] = await t.db.select().from(users).where(eq(users.email, 'premium@demo.yourplace.test'));
      expect(row).toMatchObject({ isDemo: true, isPremium: true, passwordHash: null, role: 'user' });
      const me = await call(t, 'GET', '/api/auth/user', { cookie: sessionCookie(res) });
      expect(me.json()).toMatchObject({ email: 'premium@demo.yourplace.test', isPremium: true });
    });

    it('reuses the one demo tenant on later logins and accepts {} as the body', async () => {
      const first = await call(t, 'POST', '/api/auth/demo-login', { body: {} });
      const second = await call(t, 'POST', '/api/auth/demo-login');
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.json().user.id).toBe(first.json().user.id);
      expect(
        await t.db.select().from(users).where(eq(users.email, 'premium@demo.yourplace.test')),
      ).toHaveLength(1);
      expect(sessionCookie(second)).not.toBe(sessionCookie(first));
    });

    it('refuses a body with fields and malformed JSON', async () => {
      const withFields = await call(t, 'POST', '/api/auth/demo-login', {
        body: { email: 'admin@example.test' },
      });
      expect(withFields.statusCode).toBe(400);
      const malformed = await rawJson(t, 'POST', '/api/auth/demo-login', '{');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().code).toBe('INVALID_JSON');
    });

    it('is refused with 403 when demo login is turned off', async () => {
      const off = await createTestApp({ DEMO_LOGIN: 'false' });
      try {
        const res = await call(off, 'POST', '/api/auth/demo-login', { body: {} });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'DEMO_LOGIN_DISABLED',
          message: 'Demo login is turned off.',
        });
        expect(
          await off.db.select().from(users).where(eq(users.email, 'premium@demo.yourplace.test')),
        ).toHaveLength(0);
        expect(await off.db.select().from(sessions)).toHaveLength(0);
      } finally {
        await off.close();
      }
    });
  });
});
