// Walks every registered route and sends it what a careless or hostile client might: no session,
// malformed JSON, the wrong shape, wrong types, odd ids. Nothing a client sends may cause a 5xx, and no one request
// may send one address more than EMAILS_PER_REQUEST_MAX emails (issue 29: nobody's inbox flooded by one click).

import { count, desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAILS_PER_REQUEST_MAX } from '../../src/domain/limits';
import { emailOutbox, users } from '../../src/server/db/schema';
import type { DeclaredRoute } from '../../src/server/lib/contract';
import { tenantInConversation } from '../factories/conversations';
import { createListing } from '../factories/listings';
import { createSuperAdmin, createUser, signIn } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';

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
  // The security review's fuzz findings (issue 11, finding 6): each of these answered 500 somewhere.
  {
    name: 'array nested 5,000 deep',
    payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
    type: 'application/json',
  },
  {
    name: 'object nested 5,000 deep',
    payload: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    type: 'application/json',
  },
  {
    name: 'lone surrogates in every string',
    payload:
      '{"name":"a\\ud800","title":"\\udfff","content":"x\\ud83d","message":"\\ud800\\ud800","email":"a\\ud800@example.test","description":"\\udc00","subject":"\\ud800","q":"\\ud800","searchCriteria":{"q":"\\ud800","location":"\\udbff"},"contentData":{"title":"\\ud800","address":"\\udc00"},"\\ud800":"key"}',
    type: 'application/json',
  },
  {
    name: 'absurd dates and inherited names',
    payload: JSON.stringify({
      availableFrom: '0000-01-01',
      preferredDate: '+100000-01-01',
      after: '0000-01-01',
      from: '0000-01-01',
      to: '+100000-12-31',
      type: 'constructor',
      userType: '__proto__',
      specialty: '__proto__',
      propertyType: 'constructor',
      contentType: 'constructor',
      status: '__proto__',
      searchCriteria: { propertyType: 'constructor', type: '__proto__', bedrooms: 'toString' },
      contentData: { availableFrom: '0000-01-01', propertyType: '__proto__', specialty: 'constructor' },
    }),
    type: 'application/json',
  },
];

/** Cursors of every shape we make, with dates PostgreSQL cannot hold (year 0, year 100,000). */
const BAD_CURSORS = [
  { s: 'newest', k: '0000-01-01T00:00:00.000000Z', i: '00000000-0000-4000-8000-000000000000' },
  ['0000-01-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000000'],
  ['+100000-01-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000000'],
  { at: '0000-01-01', id: '00000000-0000-4000-8000-000000000000' },
].map((value) => Buffer.from(JSON.stringify(value)).toString('base64url'));

/** The security review's findings, one odd value at a time so no other parameter's refusal hides it. */
const REVIEW_QUERIES = [
  ...['constructor', '__proto__'].flatMap((name) => [
    `?type=${name}`,
    `?propertyType=${name}`,
    `?specialty=${name}`,
    `?service=${name}`,
    `?sort=${name}`,
    `?serviceArea=${name}`,
  ]),
  '?after=0000-01-01',
  '?after=%2B100000-01-01T00%3A00%3A00Z',
  '?before=0000-01-01',
  '?from=0000-01-01',
  '?to=%2B100000-01-01',
  '?q=%ED%A0%80',
  '?location=%ED%B0%80',
  '?postcode=%ED%A0%80',
  ...BAD_CURSORS.map((cursor) => `?cursor=${cursor}&sort=newest`),
];

/** Older odd query strings. */
const ODD_QUERIES = [
  '?page=-1&limit=99999',
  '?page=abc&sort=%27',
  '?a[b]=1&a[c]=2',
  `?q=${'x'.repeat(5000)}`,
];

function fill(url: string, value: string) {
  return url.replace(/:[A-Za-z_]+/g, encodeURIComponent(value)).replace(/\*$/, 'anything');
}

// A limit, not a measure: each test sends a few hundred requests, which on PGlite (one connection) on a shared 2-core
// machine running three suites at once has taken longer than the default 30 s.
describe('every route refuses bad input without a server error', { timeout: 120_000 }, () => {
  let t: TestApp;
  let members: { tenant: string; premium: string; landlord: string };
  /**
   * Fresh sessions for each route: walking GET /api/logout, DELETE /api/account and the like ends or removes the
   * session they were sent with, and every later route would then only ever see a signed-out caller.
   */
  const sessionsFor = async () => {
    // DELETE /api/account closes the account itself: make it again when it has gone.
    for (const [kind, values] of [
      ['tenant', { userType: 'tenant' }],
      ['premium', { userType: 'tenant', premium: true }],
      ['landlord', { userType: 'landlord', premium: true }],
    ] as const) {
      // A deleted account stays as an anonymised row (decision 0051) that cannot sign in: make a new one.
      const [found] = await t.db
        .select({ deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, members[kind]));
      if (!found || found.deletedAt) members[kind] = (await createUser(t, values)).id;
    }
    return {
      cookie: await signIn(t, members.tenant),
      premiumCookie: await signIn(t, members.premium),
      landlordCookie: await signIn(t, members.landlord),
    };
  };

  let routes: DeclaredRoute[];

  /** Requests that sent one address more than EMAILS_PER_REQUEST_MAX emails, and the most any request sent one. */
  const floods: string[] = [];
  let mostEmails = 0;
  let stored = 0;
  const outboxSize = async () => Number((await t.db.select({ n: count() }).from(emailOutbox))[0]?.n ?? 0);
  /** Every request of the walk goes through here: it is sent, then the outbox is counted. */
  const send = async (options: InjectOptions & { method: string; url: string }) => {
    const res = await t.app.inject(options);
    const now = await outboxSize();
    const sent = now - stored;
    stored = now;
    if (sent === 0) return res;
    // The request's emails are the newest rows: the most any one address got from it.
    const newest = await t.db
      .select({ to: emailOutbox.toAddress })
      .from(emailOutbox)
      .orderBy(desc(emailOutbox.createdAt))
      .limit(sent);
    const perAddress = new Map<string, number>();
    for (const { to } of newest) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    const most = Math.max(...perAddress.values());
    mostEmails = Math.max(mostEmails, most);
    if (most > EMAILS_PER_REQUEST_MAX)
      floods.push(`${options.method} ${options.url.slice(0, 120)} sent one address ${most} emails`);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp();
    members = {
      tenant: (await createUser(t, { userType: 'tenant' })).id,
      premium: (await createUser(t, { userType: 'tenant', premium: true })).id,
      landlord: (await createUser(t, { userType: 'landlord', premium: true })).id,
    };
    stored = await outboxSize();
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

  // First, so nothing is answered from the search cache: a cached page once hid the type=constructor crash.
  it("answers GETs with the review's odd query values below 500, signed out and as members", async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const { premiumCookie, landlordCookie } = await sessionsFor();
      for (const q of REVIEW_QUERIES) {
        for (const headers of [{}, { cookie: premiumCookie }, { cookie: landlordCookie }]) {
          const url = fill(route.url, PARAM_VALUES[0]) + q;
          const res = await send({ method: 'GET', url, headers });
          if (res.statusCode >= 500) failures.push(`GET ${url.slice(0, 120)} → ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000); // ~12 s alone; every GET route twice over, so a loaded machine needs room

  it('answers GETs with odd query strings below 500, signed in', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const { cookie } = await sessionsFor();
      for (const q of ODD_QUERIES) {
        const url = fill(route.url, PARAM_VALUES[0]) + q;
        const res = await send({ method: 'GET', url, headers: { cookie } });
        if (res.statusCode >= 500) failures.push(`GET ${url.slice(0, 120)} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers unauthenticated requests with no body below 500', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const value of PARAM_VALUES) {
        const res = await send({ method: route.method as 'GET', url: fill(route.url, value) });
        if (res.statusCode >= 500)
          failures.push(`${route.method} ${fill(route.url, value)} → ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers bad bodies below 500, signed out and signed in', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const { cookie } = await sessionsFor();
      for (const body of BODIES) {
        for (const headers of [{}, { cookie }]) {
          const url = fill(route.url, PARAM_VALUES[0]);
          const res = await send({
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

  it("answers the review's bad bodies below 500 as premium members and subscribed landlords too", async () => {
    const failures: string[] = [];
    const reviewBodies = BODIES.slice(BODIES.findIndex((b) => b.name === 'array nested 5,000 deep'));
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const { premiumCookie, landlordCookie } = await sessionsFor();
      for (const body of reviewBodies) {
        for (const member of [premiumCookie, landlordCookie]) {
          const url = fill(route.url, PARAM_VALUES[0]);
          const res = await send({
            method: route.method as 'POST',
            url,
            payload: body.payload,
            headers: { 'content-type': body.type, cookie: member },
          });
          if (res.statusCode >= 500)
            failures.push(`${route.method} ${url} (${body.name}) → ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a path id that is not a UUID with 404, never 400, once a caller is let through', async () => {
    // Documented as a UUID but not checked: an admin asking for one that is not gets the empty list of an unknown
    // landlord (listings.test.ts).
    const unchecked = new Set(['/api/properties/landlord/:landlordId']);
    const withIds = routes.filter((r) => r.url.includes('/:') && r.schema?.params && !unchecked.has(r.url));
    expect(withIds.length).toBeGreaterThan(30);
    const { cookie, premiumCookie, landlordCookie } = await sessionsFor();
    const callers = [
      (await createSuperAdmin(t)).cookie,
      premiumCookie,
      landlordCookie,
      (await createUser(t, { userType: 'contractor', premium: true })).cookie,
      cookie,
    ];
    const wrong: string[] = [];
    for (const route of withIds) {
      const url = fill(route.url, 'not-a-uuid');
      const answers: number[] = [];
      for (const caller of callers) {
        const res = await send({
          method: route.method as 'POST',
          url,
          headers: { cookie: caller },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        answers.push(res.statusCode);
      }
      // Each caller is refused by the route's guard (403) or finds nothing (404); someone gets that far.
      if (answers.some((status) => status !== 404 && status !== 403) || !answers.includes(404))
        wrong.push(`${route.method} ${url} → ${answers.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('sends every state-changing route real ids and fitting bodies: no 5xx, no request mails more than a few', async () => {
    // A listing with slots, and a tenant who has booked one: the ids the viewing, conversation and report routes take.
    const landlord = await createUser(t, { userType: 'landlord', premium: true });
    const listing = await createListing(t, { landlordId: landlord.id });
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(Date.now() + 6 * 86_400_000),
    );
    const slots: string[] = [];
    for (const startTime of ['10:00', '11:00']) {
      const res = await call(t, 'POST', `/api/listings/${listing.id}/viewing-slots`, {
        cookie: landlord.cookie,
        body: { date, startTime, durationMinutes: 30, capacity: 3 },
      });
      slots.push(res.json().id);
    }
    const { tenant, conversationId } = await tenantInConversation(t, listing.id);
    const booking = (
      await call(t, 'POST', `/api/conversations/${conversationId}/viewings`, {
        cookie: tenant.cookie,
        body: { slotId: slots[0] },
      })
    ).json().id as string;
    const ids = [listing.id, conversationId, booking, slots[0], tenant.id];
    const bodies = [
      {},
      { slotId: slots[1] },
      { reason: 'Walking every route' },
      { message: 'Could I come and see the flat, please?' },
      { body: 'Hello from the route walker' },
    ];
    // The booking's own routes first, while it is live (a confirmation mails both sides at once); routes that end
    // the caller's session or account last, so the others see both people signed in.
    const order = (r: DeclaredRoute) =>
      r.url.startsWith('/api/viewings/:id/') ? 0 : /logout|^\/api\/account$/.test(r.url) ? 2 : 1;
    const changing = routes.filter((r) => r.method !== 'GET').sort((a, b) => order(a) - order(b));
    stored = await outboxSize();
    const failures: string[] = [];
    for (const route of changing) {
      for (const id of route.url.includes('/:') ? ids : [ids[0]]) {
        for (const person of [tenant, landlord]) {
          const cookie = await signIn(t, person.id).catch(() => null);
          if (!cookie) continue;
          for (const body of bodies) {
            const url = fill(route.url, id);
            const res = await send({
              method: route.method as 'POST',
              url,
              payload: body,
              headers: { cookie },
            });
            if (res.statusCode >= 500)
              failures.push(`${route.method} ${url} → ${res.statusCode} ${res.body}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(floods).toEqual([]);
    // The walk did reach routes that mail (the booking's change emails), so the count means something.
    expect(mostEmails).toBeGreaterThan(0);
  }, 240_000);

  it('refuses an oversize JSON body with 413', async () => {
    const post = routes.find((r) => r.method === 'POST' && r.url === '/api/contact')!;
    const res = await send({
      method: 'POST',
      url: post.url,
      payload: JSON.stringify({ message: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/i);
  });
});
