// Issue 29 item 3: the request log never records a token, the query string of a token page, a cookie or an
// Authorization header. Each flow that carries a secret runs through the app with its log captured, and the log is
// then searched for the secret itself (decision 0053).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runListingLifecycle } from '../../src/server/features/listings/lifecycle';
import { loggableUrl, REDACTED, scrubLine } from '../../src/server/lib/log-redaction';
import { createListing } from '../factories/listings';
import { createLandlord, createTenant, uniqueEmail } from '../factories/users';
import { createTestApp, sessionCookie, type TestApp } from '../support/app';
import { call, deliveredTo } from '../support/http';
import { linkTokenFromEmail, resetTokenFromEmail } from './accounts.helpers';

const DAY = 24 * 60 * 60 * 1000;

describe('no secret in the request log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    lines.length = 0;
  });

  const log = () => lines.join('');
  /** The log has request lines (so the test is not passing on an empty log) and none holds the secret. */
  const expectLogWithout = (...secrets: string[]) => {
    expect(lines.some((line) => line.includes('"incoming request"'))).toBe(true);
    expect(log()).not.toContain('yp_session=');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log()).not.toContain(secret);
    }
  };
  /** A token page as a browser (or a mail scanner) opens it. */
  const openPage = (path: string) => t.app.inject({ method: 'GET', url: path });

  it('password reset: opening the link and setting the password leave no token', async () => {
    const tenant = await createTenant(t);
    await call(t, 'POST', '/api/auth/forgot-password', { body: { email: tenant.email } });
    const token = await resetTokenFromEmail(t, tenant.email);
    const page = await openPage(`/reset-password?token=${token}`);
    expect(page.statusCode).toBe(200);
    const reset = await call(t, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'a-brand-new-password' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const again = await call(t, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'another-new-password' },
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expectLogWithout(token, encodeURIComponent(token));
    // The page's visit is still logged, by its path.
    expect(lines.some((line) => line.includes('"url":"/reset-password"'))).toBe(true);
  });

  it('email change: opening the confirmation link and confirming leave no token', async () => {
    const tenant = await createTenant(t);
    const newEmail = uniqueEmail('moved');
    const changed = await call(t, 'PUT', '/api/profile', {
      cookie: tenant.cookie,
      body: { firstName: 'Priya', lastName: 'Shah', email: newEmail, currentPassword: tenant.password },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const token = await linkTokenFromEmail(t, newEmail, 'email_change_confirm', '/confirm-email');
    expect((await openPage(`/confirm-email?token=${token}`)).statusCode).toBe(200);
    const confirmed = await call(t, 'POST', '/api/auth/confirm-email', { body: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expectLogWithout(token, tenant.cookie.split('=')[1]);
  });

  it('listing confirmation: opening the one-click link and confirming leave no token', async () => {
    const landlord = await createLandlord(t, { premium: true });
    const start = new Date();
    const home = await createListing(t, {
      landlordId: landlord.id,
      title: 'Log secrets flat zq7',
      confirmedAt: new Date(start.getTime() - 15 * DAY),
      publishedAt: new Date(start.getTime() - 15 * DAY),
    });
    await runListingLifecycle(t.app.ctx);
    const [mail] = (await deliveredTo(t, landlord.email, 'listing_confirm')).filter((m) =>
      m.text.includes('zq7'),
    );
    const token = /\/confirm-listing\?token=([0-9a-f.-]+)/.exec(mail.text)?.[1] ?? '';
    expect(token).toContain(home.id);
    expect((await openPage(`/confirm-listing?token=${token}`)).statusCode).toBe(200);
    const confirmed = await call(t, 'POST', '/api/listings/confirm-available', { body: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The signature is the secret part (the listing id is public).
    expectLogWithout(token, token.split('.')[2]);
  });

  it('signing in: the session cookie set and sent back never appears', async () => {
    const tenant = await createTenant(t);
    const login = await call(t, 'POST', '/api/login', {
      body: { email: tenant.email, password: tenant.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = sessionCookie(login);
    const me = await call(t, 'GET', '/api/auth/user', {
      cookie,
      headers: { authorization: 'Bearer not-a-real-bearer-token-123' },
    });
    expect(me.statusCode).toBe(200);
    expectLogWithout(cookie.split('=')[1], 'not-a-real-bearer-token-123', tenant.password);
  });

  it('headers logged by any code are censored: cookie, authorization, set-cookie', () => {
    t.app.ctx.log.warn(
      {
        headers: { cookie: 'yp_session=cookie-value-12345', authorization: 'Bearer bearer-value-12345' },
        res: { headers: { 'set-cookie': 'yp_session=set-cookie-value-12345' } },
      },
      'a request that went wrong',
    );
    expect(log()).toContain('a request that went wrong');
    for (const secret of ['cookie-value-12345', 'bearer-value-12345', 'set-cookie-value-12345'])
      expect(log()).not.toContain(secret);
  });

  it('a secret-looking parameter on any other route is replaced, the rest of the address kept', async () => {
    await call(t, 'GET', '/api/properties?q=leeds&token=abcdefghijkl123&signature=zyxwvu987654');
    await call(t, 'GET', '/reset-password/?token=trailing-slash-token-1');
    await call(t, 'GET', '/no-such-page?code=oauth-code-999999');
    expectLogWithout('abcdefghijkl123', 'zyxwvu987654', 'trailing-slash-token-1', 'oauth-code-999999');
    expect(log()).toContain(`/api/properties?q=leeds&token=${REDACTED}&signature=${REDACTED}`);
  });
});

describe('log redaction rules', () => {
  it('drops a token page query whole and replaces secret parameters elsewhere', () => {
    expect(loggableUrl('/reset-password?token=abc&x=1')).toBe('/reset-password');
    expect(loggableUrl('/confirm-listing/?token=abc')).toBe('/confirm-listing/');
    expect(loggableUrl('/api/x?Token=abc&page=2')).toBe(`/api/x?Token=${REDACTED}&page=2`);
    expect(loggableUrl('/api/x?%74oken=abc')).toBe(`/api/x?%74oken=${REDACTED}`);
    expect(loggableUrl('/api/x?page=2')).toBe('/api/x?page=2');
  });

  it("replaces a token that is a path segment (/references/{token}), keeping the route's shape", () => {
    expect(loggableUrl('/references/abcDEF_-123')).toBe(`/references/${REDACTED}`);
    expect(loggableUrl('/api/references/abcDEF_-123?x=1')).toBe(`/api/references/${REDACTED}?x=1`);
    expect(loggableUrl('/api/applications/0000/references')).toBe('/api/applications/0000/references');
    const line = scrubLine(
      JSON.stringify({
        msg: 'POST http://h/api/references/secret-three failed',
        route: '/api/references/:token',
      }),
    );
    expect(line).not.toContain('secret-three');
    expect(JSON.parse(line).route).toBe('/api/references/:token');
  });

  it('scrubs an address an error message quoted, whatever field it is in', () => {
    const line = JSON.stringify({
      msg: 'Reply was already sent in the "/confirm-email?token=secret-one" route',
      err: { message: 'GET http://h/api/y?a=1&access_token=secret-two failed' },
    });
    const scrubbed = scrubLine(line);
    expect(scrubbed).not.toContain('secret-one');
    expect(scrubbed).not.toContain('secret-two');
    expect(scrubbed).toContain('/api/y?a=1&access_token=[REDACTED]');
    expect(JSON.parse(scrubbed).msg).toBe('Reply was already sent in the "/confirm-email" route');
  });
});
