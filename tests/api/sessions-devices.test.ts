// Sessions end after an idle timeout and an absolute lifetime, both configurable; Settings lists the signed-in
// devices and can sign out everywhere else (issue 16 item 6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, DEFAULT_PASSWORD } from '../factories/users';
import { createTestApp, sessionCookie, type TestApp } from '../support/app';
import { call } from '../support/http';

const DAY = 86_400_000;
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function login(t: TestApp, email: string, userAgent: string): Promise<string> {
  const res = await call(t, 'POST', '/api/login', {
    body: { email, password: DEFAULT_PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

describe('signed-in devices', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists this account’s sessions with the current one marked, and signs out everywhere else', async () => {
    const tenant = await createTenant(t);
    const laptop = await login(t, tenant.email, CHROME_WINDOWS);
    const phone = await login(t, tenant.email, SAFARI_IPHONE);
    const someoneElse = await createTenant(t);

    const list = await call(t, 'GET', '/api/auth/sessions', { cookie: laptop });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const { devices, idleDays, maxDays } = list.json();
    expect({ idleDays, maxDays }).toEqual({ idleDays: 30, maxDays: 90 });
    const names = devices.map(
      (d: { device: string; current: boolean }) => `${d.device}${d.current ? ' (this)' : ''}`,
    );
    // The factory's own session (tenant.cookie) is a third; nobody else's is listed.
    expect(names).toEqual(expect.arrayContaining(['Chrome on Windows (this)', 'Safari on iOS']));
    expect(devices).toHaveLength(3);
    expect(devices.filter((d: { current: boolean }) => d.current)).toHaveLength(1);

    const ended = await call(t, 'POST', '/api/auth/sessions/sign-out-others', { cookie: laptop });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    expect((await call(t, 'GET', '/api/auth/user', { cookie: phone })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/auth/user', { cookie: tenant.cookie })).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/auth/user', { cookie: laptop })).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/auth/user', { cookie: someoneElse.cookie })).statusCode).toBe(200);
    const after = (await call(t, 'GET', '/api/auth/sessions', { cookie: laptop })).json();
    expect(after.devices).toHaveLength(1);
  });

  it('is for the signed-in only, and refuses a sign-out sent by another site', async () => {
    expect((await call(t, 'GET', '/api/auth/sessions')).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/auth/sessions/sign-out-others')).statusCode).toBe(401);
    const tenant = await createTenant(t);
    const other = await login(t, tenant.email, SAFARI_IPHONE);
    const forged = await call(t, 'POST', '/api/auth/sessions/sign-out-others', {
      cookie: tenant.cookie,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/auth/user', { cookie: other })).statusCode).toBe(200);
  });
});

describe('session lifetimes (SESSION_IDLE_DAYS=2, SESSION_MAX_DAYS=5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_DAYS: '2', SESSION_MAX_DAYS: '5' });
  });
  afterAll(() => t.close());

  it('ends a session left unused past the idle timeout, and one in use at its absolute end', async () => {
    const tenant = await createTenant(t);
    const idle = await login(t, tenant.email, CHROME_WINDOWS);
    const busy = await login(t, tenant.email, SAFARI_IPHONE);
    const start = Date.now();
    const at = async (days: number, cookie: string) => {
      t.clock.now = new Date(start + days * DAY);
      return (await call(t, 'GET', '/api/auth/user', { cookie })).statusCode;
    };
    // Used every day and a half: each request slides the end two days on...
    expect(await at(1.5, busy)).toBe(200);
    // ...while the other, unused for more than two days, has ended.
    expect(await at(2.1, idle)).toBe(401);
    expect(await at(3, busy)).toBe(200);
    expect(await at(4.5, busy)).toBe(200);
    // Five days after signing in it ends however recently it was used.
    expect(await at(5.01, busy)).toBe(401);
  });
});
