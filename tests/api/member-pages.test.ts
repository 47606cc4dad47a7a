// A member's page is drawn for a stand-in without their name and kept by what went into it (issue 33, decision
// 0068): members whose pages come out the same share one render. This proves the two things that must hold: each
// member's page is exactly what a full render for them gives, and under concurrent load no page carries another
// member's data (their name, saved homes, unread count, conversation) or a member's data to a visitor.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/client/entry-server';
import { PAGE_STATE_ELEMENT, SESSION_USER_ELEMENT } from '../../src/domain/pages';
import { pageCachesFor } from '../../src/server/plugins/page-cache';
import { inProcessApi } from '../../src/server/plugins/site';
import { createContractor } from '../factories/contractors';
import { enquiryOf } from '../factories/conversations';
import { createListing } from '../factories/listings';
import { type CreatedUser, createLandlord, createPremiumTenant, createTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';

interface Viewer {
  label: string;
  user: CreatedUser | null;
}

describe("members' pages", () => {
  let t: TestApp;
  let ada: CreatedUser; // premium tenant who saved the flat
  let bram: CreatedUser; // premium tenant with an unread reply about the cottage
  let lena: CreatedUser; // the landlord of both
  let flatId: string;
  let cottageId: string;
  let conversationId: string;
  let contractorId: string;

  beforeAll(async () => {
    t = await createTestApp();
    lena = await createLandlord(t, { firstName: 'Lenora', lastName: 'Landlady' });
    flatId = (await createListing(t, { landlordId: lena.id, title: 'Garden flat in Chapel Allerton' })).id;
    cottageId = (await createListing(t, { landlordId: lena.id, title: 'Stone cottage in Meanwood' })).id;
    contractorId = (await createContractor(t, { businessName: 'Roundhay Joinery' })).id;
    ada = await createPremiumTenant(t, { firstName: 'Adaeze', lastName: 'Okonkwo' });
    bram = await createPremiumTenant(t, { firstName: 'Bramwell', lastName: 'Featherstone' });
    const saved = await call(t, 'POST', '/api/property-interactions', {
      cookie: ada.cookie,
      body: { propertyId: flatId, type: 'save' },
    });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    conversationId = await enquiryOf(t, bram, cottageId);
    const reply = await call(t, 'POST', `/api/conversations/${conversationId}/messages`, {
      cookie: lena.cookie,
      body: { body: 'Of course: Saturday morning suits me.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
  });
  afterAll(() => t.close());

  const get = (url: string, user: CreatedUser | null) =>
    t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
  const rootOf = (html: string) => {
    const start = html.indexOf('<div id="root">');
    const end = html.indexOf(`<script type="application/json" id="${PAGE_STATE_ELEMENT}">`);
    expect(start >= 0 && end > start, 'a server-rendered page').toBe(true);
    return html.slice(start + '<div id="root">'.length, end - '</div>'.length);
  };
  const block = (html: string, id: string): unknown => {
    const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
    return match ? JSON.parse(match[1]) : undefined;
  };
  type Query = { queryKey: unknown[]; state: { data: unknown } };
  const queries = (html: string) => (block(html, PAGE_STATE_ELEMENT) as { queries: Query[] }).queries;
  const dataOf = (html: string, ...key: string[]) =>
    queries(html).find((q) => key.every((part, i) => q.queryKey[i] === part))?.state.data;

  /** What a full render of the page for this member gives, nothing kept: what the member's page must equal. */
  const fullRender = async (url: string, user: CreatedUser) => {
    const me = (await call(t, 'GET', '/api/auth/user', { cookie: user.cookie })).json();
    const request = { headers: { cookie: user.cookie }, ip: '127.0.0.1' } as never;
    const page = await renderPage({
      url,
      origin: 'http://localhost:80',
      user: me,
      api: inProcessApi(t.app, request),
    });
    expect(page, url).not.toBeNull();
    return page?.html ?? '';
  };

  it('draws a page once for members whose pages come out alike, again for one whose page differs', async () => {
    const [cara, dev] = [await createPremiumTenant(t), await createPremiumTenant(t)];
    const members = pageCachesFor(t.app.ctx).members.stats;
    const url = `/properties?location=Leeds&sort=newest&cara=${Date.now()}`;
    const before = { ...members };
    expect(rootOf((await get(url, cara)).body)).toContain('Garden flat in Chapel Allerton');
    expect(members).toEqual({ hits: before.hits, misses: before.misses + 1 });
    // Dev, another premium tenant with nothing saved on this page and nothing unread: Cara's render.
    await get(url, dev);
    expect(members).toEqual({ hits: before.hits + 1, misses: before.misses + 1 });
    // Ada saved a home on it: her page is drawn for her hearts.
    await get(url, ada);
    expect(members).toEqual({ hits: before.hits + 1, misses: before.misses + 2 });
  });

  it('gives each member exactly the markup a full render for them gives', async () => {
    const tenant = await createTenant(t, { firstName: 'Freya', lastName: 'Freeman' });
    const pages = [
      '/',
      '/about',
      '/contact',
      '/subscribe',
      '/what-we-check',
      '/properties',
      '/properties?location=Leeds&bedrooms=2',
      `/properties/${flatId}`,
      `/properties/${cottageId}`,
      '/contractors',
      `/contractors/${contractorId}`,
    ];
    for (const user of [ada, bram, lena, tenant]) {
      for (const url of pages) {
        const expected = await fullRender(url, user);
        // The first is drawn (or found from a member before with the same inputs), the second found.
        for (const round of [1, 2]) {
          const res = await get(url, user);
          expect(res.statusCode, url).toBe(200);
          expect(rootOf(res.body), `${user.firstName} ${url} #${round}`).toBe(expected);
        }
      }
    }
  });

  it('never shows one member’s data to another member or to a visitor, under concurrent load', async () => {
    const viewers: Viewer[] = [
      { label: 'ada', user: ada },
      { label: 'bram', user: bram },
      { label: 'visitor', user: null },
    ];
    const urls = [`/properties/${flatId}`, `/properties/${cottageId}`, '/properties', '/'];
    const jobs: Array<{ viewer: Viewer; url: string }> = [];
    for (const url of urls) for (const viewer of viewers) jobs.push({ viewer, url });
    // Eight waves, each all in flight at once in its own order: the first draws the pages, the later ones meet
    // what was kept (and renders of each other's pages still running).
    const replies: Array<{ viewer: Viewer; url: string; res: Awaited<ReturnType<typeof get>> }> = [];
    for (let wave = 0; wave < 8; wave++) {
      const order = jobs.map((job, i) => ({ job, rank: (i * (wave * 5 + 3)) % jobs.length }));
      order.sort((a, b) => a.rank - b.rank);
      const waves = [0, 1].flatMap(() => order.map(({ job }) => job));
      replies.push(
        ...(await Promise.all(
          waves.map(async (job) => ({ ...job, res: await get(job.url, job.viewer.user) })),
        )),
      );
    }
    expect(replies).toHaveLength(8 * 2 * urls.length * viewers.length);

    const names = {
      ada: [ada.email, ada.firstName, ada.lastName],
      bram: [bram.email, bram.firstName, bram.lastName],
    };
    for (const { viewer, url, res } of replies) {
      const where = `${viewer.label} ${url}`;
      expect(res.statusCode, where).toBe(200);
      const html = res.body;
      const root = rootOf(html);
      // Who is signed in: this viewer, and nobody else's name or address anywhere in the page.
      const me = block(html, SESSION_USER_ELEMENT) as { email: string } | null;
      expect(me?.email ?? null, where).toBe(viewer.user?.email ?? null);
      for (const [other, marks] of Object.entries(names))
        if (other !== viewer.label)
          for (const mark of marks) expect(html, `${where} names ${other}`).not.toContain(mark);
      // The header: a visitor's offers Sign In, a member's their inbox.
      const header = root.split('</header>')[0];
      if (viewer.user) expect(header, where).not.toContain('Sign In');
      else expect(header, where).toContain('Sign In');
      // The unread count: Bram's one reply, nobody else's.
      const unread = dataOf(html, '/api/conversations/unread') as { unread: number } | undefined;
      if (viewer.label === 'bram') {
        expect(unread, where).toEqual({ unread: 1 });
        expect(header, where).toMatch(/data-testid="unread-badge"[^>]*>1<span/);
      } else {
        expect(unread, where).toEqual(viewer.user ? { unread: 0 } : undefined);
        expect(header, where).not.toContain('unread-badge');
      }
      // Bram's conversation about the cottage is on his page of it only.
      if (viewer.label === 'bram' && url === `/properties/${cottageId}`)
        expect(root, where).toContain(`/inbox?c=${conversationId}`);
      else expect(html, where).not.toContain(conversationId);
      // Ada's heart on the flat: filled on her pages only, in the data and in the markup.
      const flatSaved = viewer.label === 'ada';
      if (url === `/properties/${flatId}`) {
        expect((dataOf(html, '/api/properties', flatId) as { saved: boolean }).saved, where).toBe(flatSaved);
        expect(root.includes('>Saved</button>') || root.includes('>Saved<'), where).toBe(flatSaved);
      }
      if (url === '/properties') {
        const search = dataOf(html, 'property-search') as {
          pages: Array<{ properties: Array<{ id: string; saved: boolean }> }>;
        };
        const flat = search.pages[0].properties.find((p) => p.id === flatId);
        expect(flat?.saved, where).toBe(flatSaved);
        expect(
          root.includes('aria-label="Remove Garden flat in Chapel Allerton from saved properties"'),
          where,
        ).toBe(flatSaved);
        expect(root, where).toContain('Garden flat in Chapel Allerton');
      }
    }
  });
});
