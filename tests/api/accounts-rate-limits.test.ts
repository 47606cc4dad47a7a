import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';

// RATE_LIMIT_MAX=3: the fourth attempt from one address within a minute is refused.
describe('rate limits on sign-in, registration and recovery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  const limited: { url: string; body: unknown }[] = [
    { url: '/api/login', body: { email: 'someone@example.test', password: 'wrong-password' } },
    {
      url: '/api/register',
      body: { firstName: 'A', lastName: 'B', email: 'not-valid', password: 'secret-enough' },
    },
    {
      url: '/api/auth/register',
      body: { firstName: 'A', lastName: 'B', email: 'not-valid', userType: 'tenant' },
    },
    { url: '/api/auth/forgot-password', body: { email: 'someone@example.test' } },
    { url: '/api/auth/forgot-username', body: { email: 'someone@example.test' } },
    { url: '/api/auth/reset-password', body: { token: 'no-such-token', newPassword: 'secret-enough' } },
    { url: '/api/auth/demo-login', body: {} },
  ];

  for (const [index, route] of limited.entries()) {
    it(`answers 429 with a JSON message after 3 attempts per minute on POST ${route.url}`, async () => {
      const ip = `203.0.113.${index + 10}`;
      for (let attempt = 0; attempt < 3; attempt++) {
        const res = await call(t, 'POST', route.url, { body: route.body, ip });
        expect(res.statusCode).not.toBe(429);
      }
      const refused = await call(t, 'POST', route.url, { body: route.body, ip });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(refused.json().message).toMatch(/^Too many requests/);

      // Another IP is not limited (sign-in names another account: the one tried above has had its failures).
      const body =
        route.url === '/api/login' ? { ...(route.body as object), email: 'else@example.test' } : route.body;
      const otherAddress = await call(t, 'POST', route.url, { body, ip: '198.51.100.1' });
      expect(otherAddress.statusCode).not.toBe(429);
    });
  }

  it('does not limit reading the current user', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await call(t, 'GET', '/api/auth/user', { ip: '203.0.113.99' });
      expect(res.statusCode).toBe(401);
    }
  });
});

// Security review finding 7: failed password checks are also counted per account, whatever the IP, and the answer
// is the same for an address with no account.
describe('failed password checks per account (RATE_LIMIT_MAX=3 in 15 minutes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  let ipCounter = 0;
  const nextIp = () => {
    ipCounter += 1;
    return `192.0.2.${ipCounter}`;
  };
  const logIn = (email: string, password: string) =>
    call(t, 'POST', '/api/login', { body: { email, password }, ip: nextIp() });

  it('refuses even the right password after three failures from three IPs, and names no account', async () => {
    const tenant = await createTenant(t);
    for (let i = 0; i < 3; i++) expect((await logIn(tenant.email, 'wrong-password')).statusCode).toBe(401);
    const refused = await logIn(tenant.email.toUpperCase(), tenant.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().message).toMatch(
      /^Too many failed attempts for this account\. Please try again in 15 minutes\.$/,
    );

    // An address with no account behaves exactly alike.
    for (let i = 0; i < 3; i++)
      expect((await logIn('nobody.here@example.test', 'wrong-password')).statusCode).toBe(401);
    const unknown = await logIn('nobody.here@example.test', 'wrong-password');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().message).toBe(refused.json().message);

    // Other accounts are untouched, and successes never count.
    const other = await createTenant(t);
    for (let i = 0; i < 5; i++) expect((await logIn(other.email, other.password)).statusCode).toBe(200);
  });

  it('counts the admin sign-in the same way, and audits the refusal', async () => {
    const admin = await createAdmin(t);
    const adminLogin = (password: string) =>
      call(t, 'POST', '/api/admin/login', { body: { username: admin.email, password }, ip: nextIp() });
    for (let i = 0; i < 3; i++) expect((await adminLogin('wrong-password')).statusCode).toBe(401);
    expect((await adminLogin(admin.password)).statusCode).toBe(429);
    // The site's sign-in shares the account's count.
    expect((await logIn(admin.email, admin.password)).statusCode).toBe(429);
  });

  it('counts wrong current passwords on a password change: a stolen session cannot guess the password', async () => {
    const tenant = await createTenant(t);
    const change = (currentPassword: string) =>
      call(t, 'PUT', '/api/change-password', {
        cookie: tenant.cookie,
        body: { currentPassword, newPassword: 'a-new-password-2026' },
        ip: nextIp(),
      });
    for (let i = 0; i < 3; i++) expect((await change(`guess-${i}`)).statusCode).toBe(400);
    expect((await change(tenant.password)).statusCode).toBe(429);
  });

  it('counts wrong passwords on account deletion the same way: a stolen session cannot guess its way to erasure', async () => {
    const tenant = await createTenant(t);
    const remove = (password: string) =>
      call(t, 'DELETE', '/api/account', { cookie: tenant.cookie, body: { password }, ip: nextIp() });
    for (let i = 0; i < 3; i++) expect((await remove(`guess-${i}`)).statusCode).toBe(400);
    const refused = await remove(tenant.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const still = await call(t, 'GET', '/api/auth/user', { cookie: tenant.cookie, ip: nextIp() });
    expect(still.statusCode).toBe(200);
  });
});
