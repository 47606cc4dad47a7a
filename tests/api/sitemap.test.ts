// robots.txt and the XML sitemaps: every live listing and contractor profile, nothing hidden.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContractor } from '../factories/contractors';
import { createListing } from '../factories/listings';
import { createLandlord } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

describe('sitemap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('points robots.txt at the sitemap and keeps crawlers out of the API and admin', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
  });

  it('lists live listings and profiles, never pending or expired ones', async () => {
    const landlord = await createLandlord(t);
    const live = await createListing(t, { landlordId: landlord.id });
    const pending = await createListing(t, { landlordId: landlord.id, status: 'pending' });
    const expired = await createListing(t, {
      landlordId: landlord.id,
      liveUntil: new Date(Date.now() - 60_000),
    });
    const trade = await createContractor(t);
    const hiddenTrade = await createContractor(t, { status: 'pending' });

    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(files).toEqual(['/sitemaps/pages.xml', '/sitemaps/contractors.xml', '/sitemaps/properties-1.xml']);

    const homes = (await get('/sitemaps/properties-1.xml')).body;
    expect(homes).toContain(`/properties/${live.id}</loc>`);
    expect(homes).not.toContain(pending.id);
    expect(homes).not.toContain(expired.id);

    const trades = (await get('/sitemaps/contractors.xml')).body;
    expect(trades).toContain(`/contractors/${trade.id}</loc>`);
    expect(trades).not.toContain(hiddenTrade.id);

    const pages = (await get('/sitemaps/pages.xml')).body;
    for (const path of ['/properties', '/contractors', '/about', '/privacy-policy'])
      expect(pages).toContain(`${path}</loc>`);
    expect(pages).not.toContain('/admin');
    expect(pages).not.toContain('/dashboard');
  });

  it('answers 404 for a sitemap that does not exist', async () => {
    for (const name of ['properties-99.xml', 'properties-0.xml', 'other.xml', 'properties-1.json']) {
      const res = await get(`/sitemaps/${name}`);
      expect(res.statusCode, name).toBe(404);
    }
  });
});
