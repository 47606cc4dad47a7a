import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { call } from './accounts.helpers';

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

      const otherAddress = await call(t, 'POST', route.url, { body: route.body, ip: '198.51.100.1' });
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
