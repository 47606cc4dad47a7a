// The way back (issue 30, decision 0059): a checkout carries where to return once paid, and the server builds the
// provider's return address from it only when it is a path on this site. No open redirect through sign-in or
// checkout: other hosts, protocol-relative and backslash tricks are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_TO_MESSAGE } from '../../src/domain/return-to';
import { createTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';
import { createPayment, subscriptionsOf } from './payments.helpers';

const HOSTILE = [
  '//evil.example',
  'https://evil.example/',
  'http:evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/ /evil.example',
  'javascript:alert(1)',
  'properties/1',
  `/${'a'.repeat(600)}`,
];

describe('returnTo through checkout and sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a checkout whose returnTo is not a path on this site, and starts nothing', async () => {
    const tenant = await createTenant(t);
    for (const returnTo of HOSTILE) {
      const res = await createPayment(t, tenant.cookie, { plan: 'tenant', returnTo });
      expect(res.statusCode, returnTo).toBe(400);
      expect(res.json().message, returnTo).toContain(RETURN_TO_MESSAGE);
    }
    expect(await subscriptionsOf(t, tenant.id)).toHaveLength(0);
  });

  it('returns to the listing once paid: the provider is sent back to this site, to that path', async () => {
    const tenant = await createTenant(t);
    const path = '/properties/0b0c43d4-6f1c-4b5e-9d55-3a8f8d0c1e11?contact=message';
    const res = await createPayment(t, tenant.cookie, { plan: 'tenant', returnTo: path });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().returnUrl).toBe(`${t.config.publicUrl}${path}`);
    // Without one, the dashboard, as before.
    const other = await createTenant(t);
    const plain = await createPayment(t, other.cookie, { plan: 'tenant' });
    expect(plain.json().returnUrl).toBe(`${t.config.publicUrl}/dashboard`);
  });

  it('the sign-in redirect keeps a same-site returnTo and drops any other', async () => {
    const good = await call(
      t,
      'GET',
      `/api/login?returnTo=${encodeURIComponent('/properties/1?contact=viewing')}`,
    );
    expect(good.statusCode).toBe(302);
    expect(good.headers.location).toBe(
      `/login?returnTo=${encodeURIComponent('/properties/1?contact=viewing')}`,
    );
    for (const returnTo of HOSTILE) {
      const res = await call(t, 'GET', `/api/login?returnTo=${encodeURIComponent(returnTo)}`);
      expect(res.statusCode, returnTo).toBe(302);
      expect(res.headers.location, returnTo).toBe('/login');
    }
  });
});
