// Every page the browser can draw (src/client/routes.tsx) is a page the server knows: it answers 200 with the
// page's own <title>, never 404 with "Page Not Found" while the browser draws the page (issue 30: the landlord's
// /listings/{id}/viewings answered 404). The route table is read as written, so a route added there without its
// title here fails this test.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SIGN_IN, NOT_FOUND_META, pageMetaFor } from '../../src/domain/pages';
import { createContractor } from '../factories/contractors';
import { createListing } from '../factories/listings';
import { createAdmin, createLandlord, createPremiumTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

/** The paths of src/client/routes.tsx, in its order, without the catch-all. */
function clientRoutePaths(): string[] {
  const source = readFileSync(new URL('../../src/client/routes.tsx', import.meta.url), 'utf8');
  return [...source.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]).filter((path) => path !== '*');
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
/** Pages only admins may open (issue 30: /preview was public); everyone else is sent to the admin sign-in. */
const ADMIN_ONLY = ['/preview'];

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

describe('client routes on the server', () => {
  let t: TestApp;
  let ids: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    const landlord = await createLandlord(t);
    const listing = await createListing(t, { landlordId: landlord.id, title: 'Terrace by the park' });
    const trade = await createContractor(t, { businessName: 'Kirkstall Plumbing' });
    ids = { '/properties/:id': listing.id, '/contractors/:id': trade.id };
  });
  afterAll(() => t.close());

  it('reads a route table with parameterised routes in it', () => {
    const paths = clientRoutePaths();
    expect(paths.length).toBeGreaterThan(40);
    expect(paths).toContain('/listings/:id/viewings');
    expect(paths).toContain('/admin/moderation');
  });

  it('answers every client route 200 with its own title', async () => {
    const failures: string[] = [];
    for (const route of clientRoutePaths()) {
      if (ADMIN_ONLY.includes(route)) continue;
      // A real record where the server looks one up (its title is the record's), any id elsewhere.
      const url = route.replace(':id', ids[route] ?? '00000000-0000-4000-8000-000000000000');
      const res = await t.app.inject({ method: 'GET', url });
      const title = decode(titleOf(res.body) ?? '');
      const expected = ids[route] ? null : pageMetaFor(url)?.title;
      if (res.statusCode !== 200) failures.push(`${url}: HTTP ${res.statusCode}`);
      if (title === NOT_FOUND_META.title || !title) failures.push(`${url}: title "${title}"`);
      else if (expected && title !== expected) failures.push(`${url}: title "${title}", not "${expected}"`);
    }
    expect(failures).toEqual([]);
  });

  it("titles the landlord's viewings page as its own page", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/listings/00000000-0000-4000-8000-000000000000/viewings',
    });
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toBe('Listing Viewings | Your Place');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('still answers an address that is no page 404', async () => {
    for (const url of ['/listings/x/viewings/more', '/listings', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(titleOf(res.body), url).toBe(NOT_FOUND_META.title);
    }
  });

  it('sends visitors and members from an admin-only page to the admin sign-in, and shows it to admins', async () => {
    const tenant = await createPremiumTenant(t);
    const admin = await createAdmin(t);
    for (const url of ADMIN_ONLY) {
      for (const cookie of [undefined, tenant.cookie]) {
        const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location, url).toBe(ADMIN_SIGN_IN);
        expect(res.body, url).not.toContain('<title>');
      }
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(titleOf(res.body), url).toBe(pageMetaFor(url)?.title);
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('keeps the admin sign-in out of the public header and footer', async () => {
    const tenant = await createPremiumTenant(t);
    for (const cookie of [undefined, tenant.cookie]) {
      const res = await t.app.inject({ method: 'GET', url: '/about', headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(200);
      // The page is rendered on the server: its header and footer are in the HTML.
      expect(res.body).toContain('href="/privacy-policy"');
      expect(res.body).not.toContain(`href="${ADMIN_SIGN_IN}"`);
      expect(res.body).not.toContain('href="/preview"');
    }
  });
});
