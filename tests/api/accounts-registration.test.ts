import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, SIGN_UP_MESSAGES } from '../../src/domain/accounts';
import { notificationSettings, passwordResetTokens, users } from '../../src/server/db/schema';
import { sha256 } from '../../src/server/lib/crypto';
import { createUser, uniqueEmail } from '../factories/users';
import { createTestApp, sessionCookie, type TestApp } from '../support/app';
import { call, deliveredTo, emailsTo, rawJson } from '../support/http';
import { resetTokenFromEmail } from './accounts.helpers';

describe('registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const registration = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Amira',
    lastName: 'Khan',
    email: uniqueEmail('amira'),
    password: 'secret-enough',
    userType: 'landlord',
    ...overrides,
  });

  describe('POST /api/register (simple registration, with password)', () => {
    it('creates the account, signs it in and replies 201 with the current user', async () => {
      const body = registration();
      const res = await call(t, 'POST', '/api/register', { body });
      expect(res.statusCode).toBe(201);
      const user = res.json();
      expect(user).toMatchObject({
        email: body.email,
        firstName: 'Amira',
        lastName: 'Khan',
        userType: 'landlord',
        user_type: 'landlord',
        role: 'user',
        isPremium: false,
        is_premium: false,
        impersonating: false,
        notificationSettings: {
          email: true,
          propertyAlerts: true,
          marketingEmails: false,
          securityAlerts: true,
        },
      });
      expect(user).not.toHaveProperty('passwordHash');

      const me = await call(t, 'GET', '/api/auth/user', { cookie: sessionCookie(res) });
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(user.id);
    });

    it('stores the email lowercased, an argon2id hash and the default notification settings', async () => {
      const email = uniqueEmail('Mixed.Case').replace('mixed', 'MiXeD');
      const res = await call(t, 'POST', '/api/register', { body: registration({ email: `  ${email}  ` }) });
      expect(res.statusCode).toBe(201);
      const [row] = await t.db.select().from(users).where(eq(users.id, res.json().id));
      expect(row.email).toBe(email.toLowerCase());
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      const [settings] = await t.db
        .select()
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, row.id));
      expect(settings).toMatchObject({
        email: true,
        propertyAlerts: true,
        marketingEmails: false,
        securityAlerts: true,
      });
    });

    it('sends a welcome email that carries nothing the registrant typed', async () => {
      // Anyone can register someone else's address: the name must not put their words in that inbox.
      const body = registration({ firstName: 'Claim your prize at evil.example' });
      await call(t, 'POST', '/api/register', { body });
      const [mail] = await emailsTo(t, body.email, 'welcome');
      expect(mail.subject).toBe('Welcome to Your Place');
      expect(mail.textBody.startsWith('Hello,\n')).toBe(true);
      expect(mail.textBody).not.toContain('evil.example');
      expect(mail.htmlBody).not.toContain('evil.example');
    });

    it('ignores the client-generated id and does not grant premium for the premium flag', async () => {
      const res = await call(t, 'POST', '/api/register', {
        body: registration({ id: 'client-made-id', premium: true, userType: 'tenant' }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().id).not.toBe('client-made-id');
      expect(res.json().isPremium).toBe(false);
      const [row] = await t.db.select().from(users).where(eq(users.id, res.json().id));
      expect(row.isPremium).toBe(false);
    });

    it('defaults the user type to tenant', async () => {
      const { userType: _omitted, ...body } = registration();
      const res = await call(t, 'POST', '/api/register', { body });
      expect(res.statusCode).toBe(201);
      expect(res.json().userType).toBe('tenant');
    });

    it('refuses an email that already has an account with 409, whatever its case', async () => {
      const existing = await createUser(t);
      for (const email of [existing.email, existing.email.toUpperCase()]) {
        const res = await call(t, 'POST', '/api/register', { body: registration({ email }) });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'EMAIL_TAKEN',
          message: 'An account with this email already exists. Please sign in instead.',
        });
      }
    });

    it('creates one account when two sign-ups with one address race', async () => {
      const body = registration();
      const [a, b] = await Promise.all([
        call(t, 'POST', '/api/register', { body }),
        call(t, 'POST', '/api/register', { body: { ...body, email: body.email.toUpperCase() } }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const rows = await t.db.select().from(users).where(eq(users.email, body.email));
      expect(rows).toHaveLength(1);
    });

    it('names each missing field and why', async () => {
      const res = await call(t, 'POST', '/api/register', {
        body: { email: uniqueEmail(), password: 'secret-enough' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: SIGN_UP_MESSAGES.firstName,
        fieldErrors: {
          firstName: [SIGN_UP_MESSAGES.firstName],
          lastName: [SIGN_UP_MESSAGES.lastName],
        },
      });
    });

    it('refuses a password shorter than 12 characters', async () => {
      for (const password of ['12345', 'eleven-char']) {
        const res = await call(t, 'POST', '/api/register', { body: registration({ password }) });
        expect(res.statusCode, password).toBe(400);
        expect(res.json().fieldErrors, password).toEqual({ password: [PASSWORD_MESSAGES.tooShort] });
      }
      const twelve = await call(t, 'POST', '/api/register', {
        body: registration({ password: 'twelve-chars' }),
      });
      expect(twelve.statusCode).toBe(201);
    });

    it('refuses a common password, or one with digits added, on the password field', async () => {
      for (const password of ['qwerty123456', '1qaz2wsx3edc', 'Password2026!', 'footballfootball']) {
        const email = uniqueEmail('common');
        const res = await call(t, 'POST', '/api/register', { body: registration({ email, password }) });
        expect(res.statusCode, password).toBe(400);
        expect(res.json(), password).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: PASSWORD_MESSAGES.common,
          fieldErrors: { password: [PASSWORD_MESSAGES.common] },
        });
        // Nothing was made: the address is still free.
        expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      }
    });

    it('names the email field when the address has an account already', async () => {
      const body = registration();
      expect((await call(t, 'POST', '/api/register', { body })).statusCode).toBe(201);
      const again = await call(t, 'POST', '/api/register', { body });
      expect(again.statusCode).toBe(409);
      expect(again.json().fieldErrors).toEqual({ email: [again.json().message] });
    });

    it('refuses an invalid email, an unknown user type and wrong types', async () => {
      const badEmail = await call(t, 'POST', '/api/register', {
        body: registration({ email: 'not-an-email' }),
      });
      expect(badEmail.statusCode).toBe(400);
      expect(badEmail.json().fieldErrors.email).toEqual(['Please enter a valid email address']);

      const badType = await call(t, 'POST', '/api/register', { body: registration({ userType: 'admin' }) });
      expect(badType.statusCode).toBe(400);
      expect(badType.json().fieldErrors.userType).toEqual(['Choose tenant, landlord or contractor']);

      const wrongTypes = await call(t, 'POST', '/api/register', {
        body: registration({ firstName: 42, premium: 'yes' }),
      });
      expect(wrongTypes.statusCode).toBe(400);
      expect(Object.keys(wrongTypes.json().fieldErrors).sort()).toEqual(['firstName', 'premium']);
    });

    it('refuses unknown extra fields', async () => {
      const res = await call(t, 'POST', '/api/register', { body: registration({ role: 'super_admin' }) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Unexpected field: role' });
    });

    it('refuses malformed JSON, a non-object body and a body over 1 MB', async () => {
      const malformed = await rawJson(t, 'POST', '/api/register', '{"email": ');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().code).toBe('INVALID_JSON');

      const array = await rawJson(t, 'POST', '/api/register', '[1,2]');
      expect(array.statusCode).toBe(400);
      expect(array.json().message).toBe('The request body must be a JSON object.');

      const huge = await rawJson(
        t,
        'POST',
        '/api/register',
        JSON.stringify(registration({ bio: 'x'.repeat(1_100_000) })),
      );
      expect(huge.statusCode).toBe(413);
      expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  describe('POST /api/auth/register (the /register form, no password)', () => {
    const quick = (overrides: Record<string, unknown> = {}) => ({
      firstName: 'Jon',
      lastName: 'Doyle',
      email: uniqueEmail('jon'),
      userType: 'contractor',
      ...overrides,
    });

    it('creates a passwordless account, signs it in and replies 201 with firstName and the user', async () => {
      const body = quick();
      const res = await call(t, 'POST', '/api/auth/register', { body });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        firstName: 'Jon',
        user: { email: body.email, userType: 'contractor' },
      });
      const [row] = await t.db.select().from(users).where(eq(users.email, body.email));
      expect(row.passwordHash).toBeNull();
      const me = await call(t, 'GET', '/api/auth/user', { cookie: sessionCookie(res) });
      expect(me.json().email).toBe(body.email);
    });

    it('emails a one-hour set-password link that works end to end', async () => {
      const body = quick();
      const startedAt = Date.now();
      await call(t, 'POST', '/api/auth/register', { body });
      const [mail] = await deliveredTo(t, body.email, 'set_password');
      expect(mail.text).toContain('http://127.0.0.1:5000/reset-password?token=');
      expect(mail.text).toContain('request another at http://127.0.0.1:5000/forgot-password');
      const [outboxCopy] = await emailsTo(t, body.email, 'set_password');
      expect(outboxCopy.textBody).not.toContain('/reset-password?token=');

      const token = await resetTokenFromEmail(t, body.email, 'set_password');
      const [stored] = await t.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, sha256(token)));
      const ttl = stored.expiresAt.getTime() - startedAt;
      expect(ttl).toBeGreaterThan(59 * 60 * 1000);
      expect(ttl).toBeLessThanOrEqual(61 * 60 * 1000);

      const reset = await call(t, 'POST', '/api/auth/reset-password', {
        body: { token, newPassword: 'my-new-password' },
      });
      expect(reset.statusCode).toBe(200);
      const login = await call(t, 'POST', '/api/login', {
        body: { email: body.email, password: 'my-new-password' },
      });
      expect(login.statusCode).toBe(200);
    });

    it('refuses a duplicate email with 409, whatever its case', async () => {
      const existing = await createUser(t);
      const res = await call(t, 'POST', '/api/auth/register', {
        body: quick({ email: existing.email.toUpperCase() }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('EMAIL_TAKEN');
    });

    it("refuses the demo accounts' domain on both sign-up forms, and sends nothing", async () => {
      for (const email of ['new.person@demo.yourplace.test', 'x@Sub.Demo.YourPlace.test']) {
        for (const [url, body] of [
          ['/api/auth/register', quick({ email })],
          ['/api/register', registration({ email })],
        ] as const) {
          const res = await call(t, 'POST', url, { body });
          expect(res.statusCode).toBe(400);
          expect(res.json().fieldErrors.email).toEqual([
            'This address is reserved for demo accounts. Please use your own email address.',
          ]);
        }
        expect(await emailsTo(t, email.toLowerCase())).toEqual([]);
      }
    });

    it('requires names, a valid email and a user type, and refuses a password field', async () => {
      const missing = await call(t, 'POST', '/api/auth/register', { body: { email: uniqueEmail() } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors).toMatchObject({
        firstName: ['First name is required'],
        lastName: ['Last name is required'],
        userType: ['Choose tenant, landlord or contractor'],
      });
      const withPassword = await call(t, 'POST', '/api/auth/register', {
        body: quick({ password: 'secret-enough' }),
      });
      expect(withPassword.statusCode).toBe(400);
      expect(withPassword.json().message).toBe('Unexpected field: password');
    });

    it('refuses malformed JSON', async () => {
      const res = await rawJson(t, 'POST', '/api/auth/register', '{firstName:');
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_JSON');
    });
  });
});
