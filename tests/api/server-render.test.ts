// Public pages arrive as complete HTML (issue 15): the page's markup in #root, rendered on the server by the same
// React tree the browser hydrates, with the data it shows embedded for the browser's cache.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleSummaries } from '../../src/domain/advert-rules';
import { PAGE_STATE_ELEMENT } from '../../src/domain/pages';
import {
  DELETED_USER_NAME,
  PAYMENT_RECORDS_YEARS,
  REPORT_EVIDENCE_HOLD_DAYS,
  RETENTION,
  SESSION_IDLE_DAYS,
  SESSION_MAX_DAYS,
} from '../../src/domain/retention';
import {
  TRADE_CHECK_KINDS,
  TRADE_CHECK_LABELS,
  TRADE_RESPONSE_MIN_REQUESTS,
} from '../../src/domain/trade-claims';
import { PAGE_MAX_AGE_MS, pageCachesFor } from '../../src/server/plugins/page-cache';
import { createContractor } from '../factories/contractors';
import { createListing } from '../factories/listings';
import { createLandlord, createPremiumTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

describe('server-rendered pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const page = async (url: string, cookie?: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(res.headers['content-type'], url).toContain('text/html');
    return res;
  };
  /** The markup inside #root, as a browser would see it before any script runs. */
  const rootOf = (html: string) => {
    const start = html.indexOf('<div id="root">');
    const end = html.indexOf(`<script type="application/json" id="${PAGE_STATE_ELEMENT}">`);
    return start >= 0 && end > start ? html.slice(start, end) : '';
  };

  it('renders a property page with its title, rent and first photo', async () => {
    const landlord = await createLandlord(t);
    const listing = await createListing(t, {
      landlordId: landlord.id,
      title: 'Bright flat by Hyde Park',
      rent: 1375,
      outcode: 'LS6',
      images: ['/media/test/first-photo.webp', '/media/test/second-photo.webp'],
    });
    const res = await page(`/properties/${listing.id}`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('Bright flat by Hyde Park');
    expect(root).toContain('£1,375');
    expect(root).toContain('/media/test/first-photo.webp');
    // The first photo is what the largest paint waits for: the head asks for it before any script.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toMatch(
      /<link rel="preload" as="image" href="\/media\/test\/first-photo\.webp"[^>]*fetchpriority="high"/,
    );
    expect(head.match(/rel="preload" as="image"/g)).toHaveLength(1);
  });

  it('renders /properties?location=Leeds with the first result', async () => {
    const landlord = await createLandlord(t);
    await createListing(t, { landlordId: landlord.id, title: 'Terrace near Leeds station', outcode: 'LS1' });
    const res = await page('/properties?location=Leeds');
    const root = rootOf(res.body);
    const first = (
      await t.app.inject({ method: 'GET', url: '/api/properties?location=Leeds&limit=1' })
    ).json().properties[0];
    expect(first.title).toBeTruthy();
    expect(root).toContain(first.title);
    expect(root).toContain('Homes to rent');
  });

  it('renders the directory and a contractor page', async () => {
    const contractor = await createContractor(t, { businessName: 'Kirkstall Plumbing Co' });
    expect(rootOf((await page('/contractors')).body)).toContain('Kirkstall Plumbing Co');
    expect(rootOf((await page(`/contractors/${contractor.id}`)).body)).toContain('Kirkstall Plumbing Co');
  });

  it('renders “What we check before a listing goes live” from the rules module itself', async () => {
    const root = rootOf((await page('/what-we-check')).body);
    expect(root).toContain('What we check before a listing goes live');
    // Every rule, with its source, is on the page: the page is written from the rules, so it cannot drift.
    for (const rule of ruleSummaries()) {
      expect(root, rule.id).toContain(rule.name);
      expect(root, rule.id).toContain(rule.law.url);
    }
    // The trades' checks too, named as the admin's form names them, and the directory's "vetted" links here.
    expect(root).toContain('id="rules-trades"');
    for (const kind of TRADE_CHECK_KINDS) expect(root, kind).toContain(TRADE_CHECK_LABELS[kind]);
    // React marks where text and values meet with empty comments; read the text as a person does.
    expect(root.replaceAll('<!-- -->', '')).toContain(
      `at least ${TRADE_RESPONSE_MIN_REQUESTS} quote requests`,
    );
    expect(rootOf((await page('/contractors')).body)).toContain('href="/what-we-check#rules-trades"');
  });

  it('gives the legal pages WebPage structured data in the head, dated as the page says', async () => {
    const jsonLdOf = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
        JSON.parse(m[1]),
      );
    for (const [url, name, updated, shown] of [
      ['/privacy-policy', 'Privacy Policy', '2026-11-27', '27 November 2026'],
      ['/terms-of-service', 'Terms of Service', '2026-11-27', '27 November 2026'],
    ]) {
      const html = (await page(url)).body;
      const head = html.slice(0, html.indexOf('</head>'));
      const blocks = jsonLdOf(head);
      expect(blocks, url).toHaveLength(1);
      const origin = t.app.ctx.config.publicUrl;
      expect(blocks[0], url).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'WebPage',
        url: `${origin}${url}`,
        name,
        inLanguage: 'en-GB',
        dateModified: updated,
        isPartOf: { '@type': 'WebSite', name: 'Your Place', url: `${origin}/` },
      });
      expect(blocks[0].description, url).toMatch(/.{121,160}/);
      expect(rootOf(html), url).toContain(`<time dateTime="${updated}">${shown}</time>`);
    }
    // Other pages carry none of it.
    expect(jsonLdOf((await page('/contact')).body)).toHaveLength(0);
  });

  it('states on the privacy page how long each kind of data is kept, and why, with the periods in force', async () => {
    const text = rootOf((await page('/privacy-policy')).body)
      .replaceAll('<!-- -->', '')
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&amp;', '&');
    for (const rule of RETENTION) {
      expect(text, rule.id).toContain(rule.what);
      expect(text, rule.id).toContain(rule.kept);
      expect(text, rule.id).toContain(rule.why);
    }
    for (const period of [
      `${REPORT_EVIDENCE_HOLD_DAYS} days after the last report on it is closed`,
      `${PAYMENT_RECORDS_YEARS} years after the payment`,
      `signed out after ${SESSION_IDLE_DAYS} days unused and ${SESSION_MAX_DAYS} days after signing in`,
      `replaced by "${DELETED_USER_NAME}"`,
      'Download my data',
      'Delete Account',
    ])
      expect(text).toContain(period);
  });

  it("renders the footer's links to the live home and trade the API names, on every public page", async () => {
    const landlord = await createLandlord(t);
    await createListing(t, { landlordId: landlord.id, title: 'Footer-worthy flat' });
    await createContractor(t, { ratings: [5, 5] });
    const links = (await t.app.inject({ method: 'GET', url: '/api/footer-links' })).json();
    expect(links.property.title).toBe('Footer-worthy flat');
    expect(links.contractor).not.toBeNull();
    for (const url of ['/', '/about', '/contractors', `/properties/${links.property.id}`]) {
      const footer = rootOf((await page(url)).body).split('<footer')[1] ?? '';
      expect(footer, url).toContain(`href="/properties/${links.property.id}"`);
      expect(footer, url).toContain(`href="/contractors/${links.contractor.id}"`);
    }
  });

  it('renders the static pages, and the header as who is signed in sees it', async () => {
    for (const url of ['/', '/about', '/contact', '/privacy-policy', '/terms-of-service']) {
      const root = rootOf((await page(url)).body);
      expect(root, url).toContain('<h1');
      expect(root, url).toContain('<footer');
    }
    // /subscribe asks a visitor to sign up first, with both ways in, each coming back to the plan chosen.
    const subscribe = rootOf((await page('/subscribe')).body);
    expect(subscribe).toContain('Sign Up Required');
    expect(subscribe).toContain('href="/simple-registration?returnTo=%2Fsubscribe"');
    expect(subscribe).toContain('href="/login?returnTo=%2Fsubscribe"');
    const landlordPlan = rootOf((await page('/subscribe?plan=landlord')).body);
    expect(landlordPlan).toContain('To subscribe to Landlord Pro');
    expect(landlordPlan).toContain(
      'href="/simple-registration?type=landlord&amp;returnTo=%2Fsubscribe%3Fplan%3Dlandlord"',
    );
    expect(landlordPlan).toContain('href="/login?returnTo=%2Fsubscribe%3Fplan%3Dlandlord"');
    // Signed in: the header the server draws is the member's (their menu, no Sign In).
    const tenant = await createPremiumTenant(t);
    const header = rootOf((await page('/about', tenant.cookie)).body).split('</header>')[0];
    expect(header).toContain('href="/dashboard"');
    expect(header).toContain('href="/inbox"');
    expect(header).not.toContain('Sign In');
  });

  it('compresses pages like every other reply, and answers HEAD and unknown API paths as before', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const head = await t.app.inject({ method: 'HEAD', url: '/about' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    const api = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'GET', url: '/no-such-page' })).statusCode).toBe(404);
  });

  it("keeps a visitor's page while listings and trades are unchanged, for PAGE_MAX_AGE_MS at most", async () => {
    const landlord = await createLandlord(t);
    const stats = pageCachesFor(t.app.ctx).visitors.stats;
    await createContractor(t, { businessName: 'Headingley Roofing' });
    expect(rootOf((await page('/contractors?sort=name')).body)).toContain('Headingley Roofing');
    const kept = { ...stats };
    // Nothing changed: the kept page, well past the ten seconds pages used to be kept.
    t.clock.now = new Date(Date.now() + 60_000);
    try {
      expect(rootOf((await page('/contractors?sort=name')).body)).toContain('Headingley Roofing');
      expect(stats.hits).toBe(kept.hits + 1);
      // A trade added now moves the directory's version: every visitor sees it at once …
      await createContractor(t, { businessName: 'Aardvark Electrical' });
      expect(rootOf((await page('/contractors?sort=name')).body)).toContain('Aardvark Electrical');
      expect(stats.misses).toBe(kept.misses + 1);
      // … a member too …
      const tenant = await createPremiumTenant(t);
      expect(rootOf((await page('/contractors?sort=name', tenant.cookie)).body)).toContain(
        'Aardvark Electrical',
      );
      // … and any listing write draws the page afresh.
      expect(rootOf((await page('/contractors?sort=name')).body)).toContain('Aardvark Electrical');
      expect(stats.hits).toBe(kept.hits + 2);
      await createListing(t, { landlordId: landlord.id });
      await page('/contractors?sort=name');
      expect(stats.misses).toBe(kept.misses + 2);
      // What has no version of its own (a landlord's reply time) is at most PAGE_MAX_AGE_MS old.
      await page('/contractors?sort=name');
      expect(stats.hits).toBe(kept.hits + 3);
      t.clock.now = new Date(Date.now() + 60_000 + PAGE_MAX_AGE_MS);
      await page('/contractors?sort=name');
      expect(stats.misses).toBe(kept.misses + 3);
    } finally {
      t.clock.now = new Date();
    }
  });

  it('leaves a page whose record does not exist to the browser, and answers odd addresses below 500', async () => {
    const unknown = await page('/properties/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain(`id="${PAGE_STATE_ELEMENT}"`);
    const noTrade = await page('/contractors/00000000-0000-4000-8000-000000000000');
    expect(noTrade.statusCode).toBe(404);
    expect(noTrade.body).not.toContain(`id="${PAGE_STATE_ELEMENT}"`);
    for (const url of [
      '/properties/%E0%A4%A',
      '/contractors/%00',
      `/properties?location=${'x'.repeat(5_000)}`,
      '/properties?bedrooms=many&minRent=-1&maxRent=abc&sort=%FF',
      '/contractors?serviceArea[]=x&page=-3',
      '/about?%',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('leaves private pages to the browser', async () => {
    const tenant = await createPremiumTenant(t);
    for (const url of ['/settings', '/inbox', '/admin/moderation']) {
      const html = (await page(url, tenant.cookie)).body;
      // No page markup (the site's header is drawn by React) and no data block.
      expect(html, url).not.toContain('<header');
      expect(html, url).not.toContain(`id="${PAGE_STATE_ELEMENT}"`);
    }
  });

  it('sends the data it showed as inert, escaped JSON that no title can break out of', async () => {
    const landlord = await createLandlord(t);
    const title = '</script><img src=x onerror=alert(1)> & friends';
    const listing = await createListing(t, { landlordId: landlord.id, title });
    const html = (await page(`/properties/${listing.id}`)).body;
    expect(html).not.toContain('</script><img');
    const state = new RegExp(
      `<script type="application/json" id="${PAGE_STATE_ELEMENT}">([^<]*)</script>`,
    ).exec(html);
    expect(state).not.toBeNull();
    const queries = JSON.parse(state?.[1] ?? 'null').queries as Array<{
      state: { data: { title?: string } };
    }>;
    expect(queries.map((q) => q.state.data.title)).toContain(title);
  });
});
