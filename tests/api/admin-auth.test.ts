// Doc 2 "Admin area" /admin/login, §6 "Admin: separate login with a session cookie", §7 admin login/auth/logout:
// only staff accounts sign in, one answer for every failure, every attempt in the audit log, rate-limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../src/domain/admin';
import { createAdmin, createSuperAdmin, createTenant } from '../factories/users';
import { createTestApp, sessionCookie, type TestApp } from '../support/app';
import { call } from '../support/http';
import { auditEntries } from './admin.helpers';

describe('admin sign-in', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (username: unknown, password: unknown, ip = '203.0.113.7', cookie?: string) =>
    call(t, 'POST', '/api/admin/login', { body: { username, password }, ip, cookie });

  it('signs an admin in with a new session and logs the success with the address and IP', async () => {
    const admin = await createAdmin(t);
    const res = await login(admin.email.toUpperCase(), admin.password, '203.0.113.9', admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: expect.any(String) });
    const cookie = sessionCookie(res);
    expect(cookie).not.toBe(admin.cookie); // rotated
    expect((await call(t, 'GET', '/api/admin/auth', { cookie })).json()).toEqual({
      isAuthenticated: true,
      role: 'admin',
      email: admin.email,
      warnings: [],
    });
    // The session it replaced is gone.
    expect((await call(t, 'GET', '/api/auth/user', { cookie: admin.cookie })).statusCode).toBe(401);
    const [entry] = await auditEntries(t, 'admin.login.success', admin.id);
    expect(entry).toMatchObject({ actorId: admin.id, actorEmail: admin.email, ip: '203.0.113.9' });
  });

  it('audits a staff sign-in through the site sign-in exactly like an admin-area one', async () => {
    const admin = await createAdmin(t);
    const wrong = await call(t, 'POST', '/api/login', {
      body: { email: admin.email, password: 'not-it' },
      ip: '203.0.113.21',
    });
    expect(wrong.statusCode).toBe(401);
    const [failure] = await auditEntries(t, 'admin.login.failure');
    expect(failure).toMatchObject({ actorEmail: admin.email, ip: '203.0.113.21' });
    expect(failure.after).toMatchObject({ reason: 'wrong_password' });
    const ok = await call(t, 'POST', '/api/login', {
      body: { email: admin.email, password: admin.password },
      ip: '203.0.113.22',
    });
    expect(ok.statusCode).toBe(200);
    const [entry] = await auditEntries(t, 'admin.login.success', admin.id);
    expect(entry).toMatchObject({ actorId: admin.id, actorEmail: admin.email, ip: '203.0.113.22' });
    expect(entry.after).toMatchObject({ role: 'admin', via: 'site sign-in' });
    // A customer's sign-in is nobody's admin business.
    const tenant = await createTenant(t);
    await call(t, 'POST', '/api/login', { body: { email: tenant.email, password: tenant.password } });
    expect(await auditEntries(t, 'admin.login', tenant.id)).toEqual([]);
  });

  it('signs the super admin in too', async () => {
    const boss = await createSuperAdmin(t);
    const res = await login(boss.email, boss.password);
    expect(res.statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/admin/auth', { cookie: sessionCookie(res) })).json().role).toBe(
      'super_admin',
    );
  });

  it('gives one answer for a wrong password, an unknown address and a customer account, and logs each', async () => {
    const admin = await createAdmin(t);
    const customer = await createTenant(t);
    const attempts: Array<[string, string]> = [
      [admin.email, 'wrong-password'],
      ['nobody@example.test', 'whatever-password'],
      [customer.email, customer.password], // the right password of a non-admin account
    ];
    for (const [username, password] of attempts) {
      const res = await login(username, password, '198.51.100.4');
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(ADMIN_MESSAGES.loginFailed);
      expect(res.cookies.find((c) => c.name === 'yp_session')).toBeUndefined();
    }
    const failures = (await auditEntries(t, 'admin.login.failure')).filter((e) => e.ip === '198.51.100.4');
    expect(failures.map((e) => e.actorEmail).sort()).toEqual(attempts.map(([u]) => u).sort());
    expect(failures.every((e) => e.actorId === null)).toBe(true);
    expect(JSON.stringify(failures)).not.toContain(customer.password);
  });

  it('logs a malformed attempt as a failure and answers 400', async () => {
    const res = await login('someone@example.test', '', '198.51.100.5');
    expect(res.statusCode).toBe(400);
    const [entry] = (await auditEntries(t, 'admin.login.failure')).filter((e) => e.ip === '198.51.100.5');
    expect(entry).toMatchObject({ actorEmail: 'someone@example.test', after: { reason: 'invalid_request' } });
    expect(
      (await call(t, 'POST', '/api/admin/login', { body: { username: 'a@b.test', password: 'x', extra: 1 } }))
        .statusCode,
    ).toBe(400);
  });

  it('signs out and ends the session', async () => {
    const admin = await createAdmin(t);
    const cookie = sessionCookie(await login(admin.email, admin.password));
    const res = await call(t, 'POST', '/api/admin/logout', { cookie });
    expect(res.statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/admin/auth', { cookie })).json()).toEqual({
      isAuthenticated: false,
      role: null,
      email: null,
    });
    expect((await call(t, 'GET', '/api/admin/statistics', { cookie })).statusCode).toBe(401);
    // A JSON content type with no body, as some fetch clients send it.
    const other = sessionCookie(await login(admin.email, admin.password));
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { cookie: other, 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(200);
  });
});

describe('admin sign-in rate limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  it('refuses the fourth attempt in a minute from one address with 429, and logs it', async () => {
    const admin = await createAdmin(t);
    const attempt = () =>
      call(t, 'POST', '/api/admin/login', {
        body: { username: admin.email, password: 'guess-1234' },
        ip: '192.0.2.44',
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    // Even the right password waits for the window.
    const right = await call(t, 'POST', '/api/admin/login', {
      body: { username: admin.email, password: admin.password },
      ip: '192.0.2.44',
    });
    expect(right.statusCode).toBe(429);
    const entries = (await auditEntries(t, 'admin.login.failure')).filter((e) => e.ip === '192.0.2.44');
    expect(entries).toHaveLength(5);
    expect(entries.filter((e) => (e.after as { reason: string }).reason === 'rate_limited')).toHaveLength(2);
    // From another address, this account has had its failures (per account, whatever the IP) ...
    const elsewhere = await call(t, 'POST', '/api/admin/login', {
      body: { username: admin.email, password: admin.password },
      ip: '192.0.2.45',
    });
    expect(elsewhere.statusCode).toBe(429);
    // ... but another account signs in there.
    const colleague = await createAdmin(t);
    const other = await call(t, 'POST', '/api/admin/login', {
      body: { username: colleague.email, password: colleague.password },
      ip: '192.0.2.45',
    });
    expect(other.statusCode).toBe(200);
  });
});
