// Walks every registered route and sends it what a careless or hostile client might: no session,
// malformed JSON, the wrong shape, wrong types, odd ids. Nothing a client sends may cause a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

const SKIP_PREFIXES = ['/media/', '/assets/'];
const PARAM_VALUES = [
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  '1',
  "x'; drop table users; --",
  '%00',
];
const BODIES: Array<{ name: string; payload: string; type: string }> = [
  { name: 'malformed JSON', payload: '{"email": ', type: 'application/json' },
  { name: 'JSON array', payload: '[]', type: 'application/json' },
  { name: 'JSON null', payload: 'null', type: 'application/json' },
  { name: 'JSON string', payload: '"hello"', type: 'application/json' },
  {
    name: 'wrong types',
    payload: JSON.stringify({
      email: 5,
      password: [],
      firstName: {},
      name: null,
      id: true,
      status: 7,
      content: 1,
      title: [],
      userType: 'wizard',
      rating: 'x',
    }),
    type: 'application/json',
  },
  {
    name: 'unexpected fields',
    payload: JSON.stringify({ hack: true, __proto__: { admin: true } }),
    type: 'application/json',
  },
  { name: 'form body', payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { name: 'text body', payload: 'just text', type: 'text/plain' },
];

function fill(url: string, value: string) {
  return url.replace(/:[A-Za-z_]+/g, encodeURIComponent(value)).replace(/\*$/, 'anything');
}

describe('every route refuses bad input without a server error', () => {
  let t: TestApp;
  let cookie: string;
  let routes: Array<{ method: string; url: string }>;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = (await createUser(t, { userType: 'tenant' })).cookie;
    routes = t.app.routeList.filter(
      (r) =>
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS' &&
        !SKIP_PREFIXES.some((p) => r.url.startsWith(p)) &&
        r.url !== '/*',
    );
  });
  afterAll(() => t.close());

  it('found the routes to walk', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.some((r) => r.url === '/api/auth/user')).toBe(true);
  });

  it('answers unauthenticated requests with no body below 500', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const value of PARAM_VALUES) {
        const res = await t.app.inject({ method: route.method as 'GET', url: fill(route.url, value) });
        if (res.statusCode >= 500)
          failures.push(`${route.method} ${fill(route.url, value)} → ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers bad bodies below 500, signed out and signed in', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      for (const body of BODIES) {
        for (const headers of [{}, { cookie }]) {
          const url = fill(route.url, PARAM_VALUES[0]);
          const res = await t.app.inject({
            method: route.method as 'POST',
            url,
            payload: body.payload,
            headers: { 'content-type': body.type, ...headers },
          });
          if (res.statusCode >= 500)
            failures.push(`${route.method} ${url} (${body.name}) → ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers GETs with odd query strings below 500, signed in', async () => {
    const failures: string[] = [];
    const queries = [
      '?page=-1&limit=99999',
      '?page=abc&sort=%27',
      '?a[b]=1&a[c]=2',
      `?q=${'x'.repeat(5000)}`,
    ];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      for (const q of queries) {
        const url = fill(route.url, PARAM_VALUES[0]) + q;
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
        if (res.statusCode >= 500) failures.push(`GET ${url.slice(0, 120)} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses an oversize JSON body with 413', async () => {
    const post = routes.find((r) => r.method === 'POST' && r.url === '/api/contact')!;
    const res = await t.app.inject({
      method: 'POST',
      url: post.url,
      payload: JSON.stringify({ message: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/i);
  });
});
