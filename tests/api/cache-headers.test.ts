// Signed-in replies are never stored (issue 29 item 5). Every GET route and every page is asked as a visitor and as
// two members: a member's reply is `no-store` unless its route marked it `public`, and then it must be the very
// reply a visitor gets (else a shared cache could hand one person's data to another). A visitor's API reply always
// says what may keep it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_META } from '../../src/domain/pages';
import { createContractor } from '../factories/contractors';
import { createListing } from '../factories/listings';
import { createLandlord, createPremiumTenant, DEFAULT_PASSWORD, signIn } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

const SKIP_PREFIXES = ['/media/', '/assets/'];
const NO_STORE = 'no-store';

describe('Cache-Control on every reply, as a member and as a visitor', { timeout: 120_000 }, () => {
  let t: TestApp;
  let urls: string[];
  /** The server-rendered pages (not static files such as the built /index.html shell, which are public). */
  let pages: string[];
  const members: Record<string, string> = {};
  let tenantEmail: string;

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await createPremiumTenant(t);
    tenantEmail = tenant.email;
    const landlord = await createLandlord(t, { premium: true });
    const listing = await createListing(t, { landlordId: landlord.id, images: 1 });
    const contractor = await createContractor(t, { status: 'live' });
    members.tenant = await signIn(t, tenant.id);
    members.landlord = await signIn(t, landlord.id);
    // Real ids where a route names one, so a public route's reply has content to compare, not only a 404.
    const idFor = (url: string) =>
      url.startsWith('/api/properties/') || url.startsWith('/properties/')
        ? listing.id
        : url.startsWith('/api/contractors/') || url.startsWith('/contractors/')
          ? contractor.id
          : '00000000-0000-4000-8000-000000000000';
    const routes = t.app.routeList
      // GET /api/logout ends the session it is sent with: asked last, on its own, below.
      .filter((r) => r.method === 'GET' && r.url !== '/*' && r.url !== '/api/logout')
      .filter((r) => !SKIP_PREFIXES.some((p) => r.url.startsWith(p)))
      .map((r) => r.url.replace(/:[A-Za-z_]+/g, idFor(r.url)).replace(/\*$/, 'anything'));
    pages = Object.keys(PAGE_META)
      .filter((path) => !path.includes(':'))
      .concat([`/properties/${listing.id}`, `/contractors/${contractor.id}`, '/no-such-page']);
    urls = [...new Set([...routes, ...pages])];
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('walks the API and the pages', () => {
    expect(urls.filter((u) => u.startsWith('/api/')).length).toBeGreaterThan(40);
    expect(urls).toContain('/settings');
    expect(urls).toContain('/api/auth/user');
  });

  it("gives a member no-store, or the visitor's own public reply", async () => {
    const wrong: string[] = [];
    for (const url of urls) {
      const visitor = await get(url);
      for (const [who, cookie] of Object.entries(members)) {
        const member = await get(url, cookie);
        const policy = String(member.headers['cache-control'] ?? '(none)');
        if (policy === NO_STORE) continue;
        if (!policy.startsWith('public')) {
          wrong.push(`${who} GET ${url} → ${member.statusCode} cache-control: ${policy}`);
        } else if (member.body !== visitor.body || visitor.headers['cache-control'] !== policy) {
          wrong.push(`${who} GET ${url} is public but differs from the visitor's reply`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('tells a visitor what may keep every reply, and keeps pages out of shared caches', async () => {
    const wrong: string[] = [];
    for (const url of urls) {
      const res = await get(url);
      const policy = res.headers['cache-control'];
      if (typeof policy !== 'string') wrong.push(`GET ${url} → ${res.statusCode} with no cache-control`);
      else if (pages.includes(url) && policy !== 'private, no-cache')
        wrong.push(`GET ${url} page → ${policy}`);
    }
    expect(wrong).toEqual([]);
  });

  it('stores neither the reply that signs a person in nor the one that signs them out', async () => {
    const credentials = { email: tenantEmail, password: DEFAULT_PASSWORD };
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: credentials });
    expect(login.statusCode).toBe(200);
    expect(login.headers['set-cookie']).toBeDefined();
    expect(login.headers['cache-control']).toBe(NO_STORE);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    // The spec's sign-out link (GET) and the app's button (POST).
    const linkOut = await get('/api/logout', cookie);
    expect(linkOut.headers['cache-control']).toBe(NO_STORE);
    const again = await t.app.inject({ method: 'POST', url: '/api/login', payload: credentials });
    const buttonOut = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: String(again.headers['set-cookie']).split(';')[0], origin: 'http://localhost' },
    });
    expect(buttonOut.headers['cache-control']).toBe(NO_STORE);
  });
});
