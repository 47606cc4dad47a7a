import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../src/domain/accounts';
import { notificationSettings, passwordResetTokens, users } from '../../src/server/db/schema';
import { verifyPassword } from '../../src/server/lib/passwords';
import { createSuperAdmin, createTenant, signIn } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, emailsTo, rawJson } from '../support/http';
import { resetTokenFromEmail } from './accounts.helpers';

describe('account settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('PUT /api/change-password', () => {
    const change = (cookie: string | undefined, body: unknown) =>
      call(t, 'PUT', '/api/change-password', { cookie, body });

    it('answers 401 when signed out', async () => {
      const res = await change(undefined, { currentPassword: 'whatever', newPassword: 'new-password' });
      expect(res.statusCode).toBe(401);
    });

    it('changes the password and replies with the ok flag', async () => {
      const tenant = await createTenant(t);
      const res = await change(tenant.cookie, {
        currentPassword: tenant.password,
        newPassword: 'a-better-password',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, success: true });
      const [row] = await t.db.select().from(users).where(eq(users.id, tenant.id));
      expect(await verifyPassword(row.passwordHash, 'a-better-password')).toBe(true);
      expect(await verifyPassword(row.passwordHash, tenant.password)).toBe(false);
    });

    it('keeps this session and ends every other session of the user', async () => {
      const tenant = await createTenant(t);
      const phone = await signIn(t, tenant.id);
      const bystander = await createTenant(t);
      await change(tenant.cookie, { currentPassword: tenant.password, newPassword: 'a-better-password' });
      expect((await call(t, 'GET', '/api/auth/user', { cookie: tenant.cookie })).statusCode).toBe(200);
      expect((await call(t, 'GET', '/api/auth/user', { cookie: phone })).statusCode).toBe(401);
      expect((await call(t, 'GET', '/api/auth/user', { cookie: bystander.cookie })).statusCode).toBe(200);
    });

    it('makes earlier reset links worthless', async () => {
      const tenant = await createTenant(t);
      await call(t, 'POST', '/api/auth/forgot-password', { body: { email: tenant.email } });
      const token = await resetTokenFromEmail(t, tenant.email);
      await change(tenant.cookie, { currentPassword: tenant.password, newPassword: 'a-better-password' });
      const res = await call(t, 'POST', '/api/auth/reset-password', {
        body: { token, newPassword: 'attacker-choice' },
      });
      expect(res.statusCode).toBe(400);
      const open = await t.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, tenant.id));
      // Retired by expiring them (usedAt is kept for a link that was itself clicked through: decision 0053).
      expect(open.length).toBeGreaterThan(0);
      expect(open.every((row) => row.usedAt === null && row.expiresAt.getTime() <= Date.now())).toBe(true);
    });

    it('sends a security alert when security alerts are on, and none when they are off', async () => {
      const alerted = await createTenant(t);
      await change(alerted.cookie, { currentPassword: alerted.password, newPassword: 'a-better-password' });
      const [mail] = await emailsTo(t, alerted.email, 'security_alert');
      expect(mail.subject).toBe('Your Your Place password was changed');

      const quiet = await createTenant(t);
      await t.db
        .update(notificationSettings)
        .set({ securityAlerts: false })
        .where(eq(notificationSettings.userId, quiet.id));
      await change(quiet.cookie, { currentPassword: quiet.password, newPassword: 'a-better-password' });
      expect(await emailsTo(t, quiet.email, 'security_alert')).toHaveLength(0);
    });

    it('refuses a wrong current password with 400, not 401: the user is signed in', async () => {
      const tenant = await createTenant(t);
      const res = await change(tenant.cookie, {
        currentPassword: 'not-my-password',
        newPassword: 'a-better-password',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'WRONG_PASSWORD',
        message: 'Current password is incorrect',
        requestId: expect.any(String),
      });
      expect((await call(t, 'GET', '/api/auth/user', { cookie: tenant.cookie })).statusCode).toBe(200);
    });

    it('sends a passwordless account to the emailed link instead', async () => {
      const quick = await call(t, 'POST', '/api/auth/register', {
        body: {
          firstName: 'No',
          lastName: 'Password',
          email: 'quick.settings@example.test',
          userType: 'tenant',
        },
      });
      const cookie = `yp_session=${quick.cookies.find((c) => c.name === 'yp_session')!.value}`;
      const res = await change(cookie, { currentPassword: 'anything', newPassword: 'a-better-password' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('/forgot-password');
    });

    it('validates the body with the spec messages', async () => {
      const tenant = await createTenant(t);
      const missing = await change(tenant.cookie, { newPassword: 'a-better-password' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors).toEqual({ currentPassword: ['Current password is required'] });
      const short = await change(tenant.cookie, { currentPassword: tenant.password, newPassword: '12345' });
      expect(short.json().fieldErrors).toEqual({ newPassword: [PASSWORD_MESSAGES.tooShort] });
      const wrongType = await change(tenant.cookie, {
        currentPassword: tenant.password,
        newPassword: 1234567,
      });
      expect(wrongType.statusCode).toBe(400);
      const extra = await change(tenant.cookie, {
        currentPassword: tenant.password,
        newPassword: 'a-better-password',
        confirmPassword: 'a-better-password',
      });
      expect(extra.json().message).toBe('Unexpected field: confirmPassword');
      const malformed = await rawJson(t, 'PUT', '/api/change-password', '{', tenant.cookie);
      expect(malformed.json().code).toBe('INVALID_JSON');
      const [row] = await t.db.select().from(users).where(eq(users.id, tenant.id));
      expect(await verifyPassword(row.passwordHash, tenant.password)).toBe(true);
    });

    it('is refused on a shared demo account, even with its published password', async () => {
      const demo = await createTenant(t, { isDemo: true, password: 'demo1234' });
      const res = await change(demo.cookie, { currentPassword: 'demo1234', newPassword: 'locked-you-out' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/shared demo account/);
      const [row] = await t.db.select().from(users).where(eq(users.id, demo.id));
      expect(await verifyPassword(row.passwordHash, 'demo1234')).toBe(true);
    });

    it('is refused while an admin impersonates the account in demo mode', async () => {
      const admin = await createSuperAdmin(t);
      const demo = await createTenant(t, { isDemo: true });
      const cookie = await signIn(t, demo.id, admin.id);
      const res = await change(cookie, { currentPassword: demo.password, newPassword: 'a-better-password' });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('notification settings', () => {
    it('answers 401 when signed out', async () => {
      expect((await call(t, 'GET', '/api/notification-settings')).statusCode).toBe(401);
      expect(
        (await call(t, 'PUT', '/api/notification-settings', { body: { email: false } })).statusCode,
      ).toBe(401);
    });

    it('GET returns the four settings with the spec defaults', async () => {
      const tenant = await createTenant(t);
      const res = await call(t, 'GET', '/api/notification-settings', { cookie: tenant.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        email: true,
        propertyAlerts: true,
        marketingEmails: false,
        securityAlerts: true,
      });
    });

    it('PUT changes one switch and replies with all four', async () => {
      const tenant = await createTenant(t);
      const res = await call(t, 'PUT', '/api/notification-settings', {
        cookie: tenant.cookie,
        body: { marketingEmails: true },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        email: true,
        propertyAlerts: true,
        marketingEmails: true,
        securityAlerts: true,
      });
      const again = await call(t, 'PUT', '/api/notification-settings', {
        cookie: tenant.cookie,
        body: { email: false, securityAlerts: false },
      });
      expect(again.json()).toEqual({
        email: false,
        propertyAlerts: true,
        marketingEmails: true,
        securityAlerts: false,
      });
      const read = await call(t, 'GET', '/api/notification-settings', { cookie: tenant.cookie });
      expect(read.json()).toEqual(again.json());
      const me = await call(t, 'GET', '/api/auth/user', { cookie: tenant.cookie });
      expect(me.json().notificationSettings).toEqual(again.json());
    });

    it('creates the row for an account that has none yet', async () => {
      const tenant = await createTenant(t);
      await t.db.delete(notificationSettings).where(eq(notificationSettings.userId, tenant.id));
      const res = await call(t, 'PUT', '/api/notification-settings', {
        cookie: tenant.cookie,
        body: { propertyAlerts: false },
      });
      expect(res.json()).toEqual({
        email: true,
        propertyAlerts: false,
        marketingEmails: false,
        securityAlerts: true,
      });
      const rows = await t.db
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, tenant.id));
      expect(rows).toHaveLength(1);
    });

    it('refuses an empty body, unknown keys, non-boolean values and malformed JSON', async () => {
      const tenant = await createTenant(t);
      const put = (body: unknown) =>
        call(t, 'PUT', '/api/notification-settings', { cookie: tenant.cookie, body });
      const empty = await put({});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Send at least one setting');
      const unknown = await put({ smsAlerts: true });
      expect(unknown.json().message).toBe('Unexpected field: smsAlerts');
      const notBoolean = await put({ email: 'off' });
      expect(notBoolean.statusCode).toBe(400);
      expect(notBoolean.json().fieldErrors.email).toBeDefined();
      const malformed = await rawJson(t, 'PUT', '/api/notification-settings', '{"email":', tenant.cookie);
      expect(malformed.json().code).toBe('INVALID_JSON');
      const read = await call(t, 'GET', '/api/notification-settings', { cookie: tenant.cookie });
      expect(read.json()).toEqual({
        email: true,
        propertyAlerts: true,
        marketingEmails: false,
        securityAlerts: true,
      });
    });
  });
});
