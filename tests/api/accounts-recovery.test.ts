import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../src/domain/accounts';
import { ONE_TIME_LINK_MESSAGES } from '../../src/domain/one-time-links';
import { emailOutbox, passwordResetTokens, sessions, users } from '../../src/server/db/schema';
import { sha256 } from '../../src/server/lib/crypto';
import { verifyPassword } from '../../src/server/lib/passwords';
import { createTenant, signIn } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, deliveredTo, emailsTo, rawJson } from '../support/http';
import { resetTokenFromEmail } from './accounts.helpers';

const FORGOT_PASSWORD_REPLY = 'If an account exists for that email, we have sent a password reset link.';
const FORGOT_USERNAME_REPLY = 'If an account exists for that email, we have sent your username.';
const INVALID_LINK = 'Invalid or expired reset link. Please request a new one.';

describe('account recovery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const forgotPassword = (email: string) => call(t, 'POST', '/api/auth/forgot-password', { body: { email } });
  const reset = (token: string, newPassword = 'brand-new-password') =>
    call(t, 'POST', '/api/auth/reset-password', { body: { token, newPassword } });

  describe('POST /api/auth/forgot-password', () => {
    it('gives the same reply for a known and an unknown address, and mails only the known one', async () => {
      const tenant = await createTenant(t);
      const known = await forgotPassword(tenant.email);
      const unknown = await forgotPassword('nobody.at.all@example.test');
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual({ message: FORGOT_PASSWORD_REPLY });
      expect(unknown.body).toBe(known.body);
      expect(await emailsTo(t, tenant.email, 'password_reset')).toHaveLength(1);
      expect(await emailsTo(t, 'nobody.at.all@example.test')).toHaveLength(0);
    });

    it('emails a link to /reset-password and stores only the token hash, valid for one hour', async () => {
      const tenant = await createTenant(t);
      const sentAt = Date.now();
      await forgotPassword(tenant.email.toUpperCase());
      const [delivered] = await deliveredTo(t, tenant.email, 'password_reset');
      expect(delivered.subject).toBe('Reset your Your Place password');
      expect(delivered.text).toContain('http://127.0.0.1:5000/reset-password?token=');
      const token = await resetTokenFromEmail(t, tenant.email);
      // The stored copy says a link was sent, never which: the outbox cannot be turned into a way in.
      const [stored] = await emailsTo(t, tenant.email, 'password_reset');
      expect(stored.textBody).toContain('Reset your password: [link removed once sent]');
      expect(stored.textBody).not.toContain(token);
      expect(stored.htmlBody).not.toContain(token);
      const rows = await t.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, tenant.id));
      expect(rows).toHaveLength(1);
      expect(rows[0].tokenHash).toBe(sha256(token));
      expect(rows[0].tokenHash).not.toContain(token);
      const ttl = rows[0].expiresAt.getTime() - sentAt;
      expect(ttl).toBeGreaterThan(59 * 60 * 1000);
      expect(ttl).toBeLessThanOrEqual(61 * 60 * 1000);
    });

    it('refuses an invalid email with the spec message', async () => {
      const res = await call(t, 'POST', '/api/auth/forgot-password', { body: { email: 'not-an-email' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Please enter a valid email address',
        fieldErrors: { email: ['Please enter a valid email address'] },
      });
      const missing = await call(t, 'POST', '/api/auth/forgot-password', { body: {} });
      expect(missing.json().message).toBe('Please enter a valid email address');
      const extra = await call(t, 'POST', '/api/auth/forgot-password', {
        body: { email: 'a@example.test', username: 'x' },
      });
      expect(extra.statusCode).toBe(400);
      const malformed = await rawJson(t, 'POST', '/api/auth/forgot-password', 'email=a@example.test');
      expect(malformed.json().code).toBe('INVALID_JSON');
    });
  });

  describe('POST /api/auth/reset-password', () => {
    it('sets the new password through the emailed link, end to end', async () => {
      const tenant = await createTenant(t);
      await forgotPassword(tenant.email);
      const token = await resetTokenFromEmail(t, tenant.email);
      const res = await reset(token, 'my-fresh-password');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Your password has been reset. You can now sign in.',
      });

      const oldLogin = await call(t, 'POST', '/api/login', {
        body: { email: tenant.email, password: tenant.password },
      });
      expect(oldLogin.statusCode).toBe(401);
      const newLogin = await call(t, 'POST', '/api/login', {
        body: { email: tenant.email, password: 'my-fresh-password' },
      });
      expect(newLogin.statusCode).toBe(200);
      const [row] = await t.db.select().from(users).where(eq(users.id, tenant.id));
      expect(await verifyPassword(row.passwordHash, 'my-fresh-password')).toBe(true);
    });

    it('ends every session of the user', async () => {
      const tenant = await createTenant(t);
      const laptop = await signIn(t, tenant.id);
      await forgotPassword(tenant.email);
      const res = await reset(await resetTokenFromEmail(t, tenant.email));
      expect(res.statusCode).toBe(200);
      for (const cookie of [tenant.cookie, laptop]) {
        expect((await call(t, 'GET', '/api/auth/user', { cookie })).statusCode).toBe(401);
      }
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, tenant.id))).toHaveLength(0);
    });

    it('refuses a link used once already', async () => {
      const tenant = await createTenant(t);
      await forgotPassword(tenant.email);
      const token = await resetTokenFromEmail(t, tenant.email);
      expect((await reset(token)).statusCode).toBe(200);
      // Used, not "invalid": 410 Gone says the link did work once (issue 29, decision 0053).
      const again = await reset(token, 'another-password');
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({
        code: 'LINK_USED',
        message: ONE_TIME_LINK_MESSAGES.resetUsed,
        requestId: expect.any(String),
      });
      const login = await call(t, 'POST', '/api/login', {
        body: { email: tenant.email, password: 'brand-new-password' },
      });
      expect(login.statusCode).toBe(200);
    });

    it('lets only one of two racing uses of a link through', async () => {
      const tenant = await createTenant(t);
      await forgotPassword(tenant.email);
      const token = await resetTokenFromEmail(t, tenant.email);
      const results = await Promise.all([reset(token, 'first-password'), reset(token, 'second-password')]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    });

    it('retires the other outstanding links of the user', async () => {
      const tenant = await createTenant(t);
      await forgotPassword(tenant.email);
      const older = await resetTokenFromEmail(t, tenant.email);
      await forgotPassword(tenant.email);
      const newer = await resetTokenFromEmail(t, tenant.email);
      expect(newer).not.toBe(older);
      expect((await reset(newer)).statusCode).toBe(200);
      const res = await reset(older);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_TOKEN');
    });

    it('refuses a link older than one hour', async () => {
      const tenant = await createTenant(t);
      await forgotPassword(tenant.email);
      const token = await resetTokenFromEmail(t, tenant.email);
      t.clock.now = new Date(Date.now() + 61 * 60 * 1000);
      try {
        const res = await reset(token);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          code: 'INVALID_TOKEN',
          message: INVALID_LINK,
          requestId: expect.any(String),
        });
      } finally {
        t.clock.now = new Date();
      }
      const [row] = await t.db.select().from(users).where(eq(users.id, tenant.id));
      expect(await verifyPassword(row.passwordHash, tenant.password)).toBe(true);
    });

    it('refuses an unknown token', async () => {
      const res = await reset('made-up-token-value');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID_LINK);
    });

    it('validates the body with the spec messages', async () => {
      const short = await reset('some-token', '12345');
      expect(short.statusCode).toBe(400);
      expect(short.json().fieldErrors).toEqual({ newPassword: [PASSWORD_MESSAGES.tooShort] });
      const noToken = await call(t, 'POST', '/api/auth/reset-password', {
        body: { newPassword: 'long-enough-now' },
      });
      expect(noToken.json().fieldErrors).toEqual({ token: ['Invalid reset token'] });
      const emptyToken = await call(t, 'POST', '/api/auth/reset-password', {
        body: { token: '', newPassword: 'long-enough-now' },
      });
      expect(emptyToken.json().fieldErrors).toEqual({ token: ['Invalid reset token'] });
      const wrongType = await call(t, 'POST', '/api/auth/reset-password', {
        body: { token: 123, newPassword: 'long-enough-now' },
      });
      expect(wrongType.statusCode).toBe(400);
      const extra = await call(t, 'POST', '/api/auth/reset-password', {
        body: { token: 'x', newPassword: 'long-enough-now', confirmPassword: 'long-enough-now' },
      });
      expect(extra.json().message).toBe('Unexpected field: confirmPassword');
      const malformed = await rawJson(t, 'POST', '/api/auth/reset-password', '{"token"');
      expect(malformed.json().code).toBe('INVALID_JSON');
    });
  });

  describe('POST /api/auth/forgot-username', () => {
    it('gives the same reply for a known and an unknown address, and mails only the known one', async () => {
      const tenant = await createTenant(t);
      const known = await call(t, 'POST', '/api/auth/forgot-username', { body: { email: tenant.email } });
      const unknown = await call(t, 'POST', '/api/auth/forgot-username', {
        body: { email: 'ghost@example.test' },
      });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ message: FORGOT_USERNAME_REPLY });
      expect(unknown.body).toBe(known.body);
      expect(await emailsTo(t, 'ghost@example.test')).toHaveLength(0);
    });

    it('tells the user their username is their email address, with a link to sign in', async () => {
      const tenant = await createTenant(t);
      await call(t, 'POST', '/api/auth/forgot-username', { body: { email: tenant.email } });
      const [mail] = await emailsTo(t, tenant.email, 'forgot_username');
      expect(mail.textBody).toContain(`Your username is your email address: ${tenant.email}`);
      expect(mail.textBody).toContain('http://127.0.0.1:5000/login');
      const outbox = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail.id));
      expect(outbox[0].status).toBe('sent');
    });

    it('refuses an invalid email with the spec message', async () => {
      const res = await call(t, 'POST', '/api/auth/forgot-username', { body: { email: 'user@' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid email address');
    });
  });
});
