// Every page carries who is signed in (issue 15: no page load asks GET /api/auth/user just to learn that nobody
// is): the same answer the API gives, in a data block the CSP allows, never kept by a shared cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_USER_ELEMENT } from '../../src/domain/pages';
import { createAdmin, createPremiumTenant, signIn } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';

describe('the signed-in user embedded in each page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const page = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const embedded = (html: string): unknown => {
    const match = new RegExp(
      `<script type="application/json" id="${SESSION_USER_ELEMENT}">([^<]*)</script>`,
    ).exec(html);
    if (!match) throw new Error('no session-user block in the page');
    return JSON.parse(match[1]);
  };

  it('says null to a visitor, on public, private and unknown pages alike', async () => {
    for (const url of ['/', '/about', '/properties?location=Leeds', '/settings', '/no-such-page']) {
      const res = await page(url);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(embedded(res.body), url).toBeNull();
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
    }
  });

  it('gives a signed-in member exactly what GET /api/auth/user gives', async () => {
    const tenant = await createPremiumTenant(t, { firstName: 'Ada', lastName: '</script><b>' });
    const fromApi = (await call(t, 'GET', '/api/auth/user', { cookie: tenant.cookie })).json();
    const res = await page('/about', tenant.cookie);
    expect(embedded(res.body)).toEqual(fromApi);
    expect(fromApi).toMatchObject({ email: tenant.email, isPremium: true, lastName: '</script><b>' });
    // The name is data, never markup: the block cannot be closed from inside.
    expect(res.body).not.toContain('</script><b>');
  });

  it('names the impersonated user during an admin’s demo session, as the API does', async () => {
    const admin = await createAdmin(t);
    const tenant = await createPremiumTenant(t);
    const cookie = await signIn(t, tenant.id, admin.id);
    const fromApi = (await call(t, 'GET', '/api/auth/user', { cookie })).json();
    expect(embedded((await page('/dashboard', cookie)).body)).toEqual(fromApi);
    expect(fromApi.email).toBe(tenant.email);
  });
});
