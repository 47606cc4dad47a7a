// Security review finding 6: inputs that answered 500 (16 of 271 fuzz requests) each get a clear 400, or are kept
// as harmless text. The route walker (route-walker.test.ts) sends the same inputs to every route.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSubmissions, savedSearches } from '../../src/server/db/schema';
import { encodeCursor } from '../../src/server/features/properties/cursor';
import { runSavedSearchAlerts } from '../../src/server/features/saved/alerts';
import { TOO_DEEP_MESSAGE } from '../../src/server/lib/nul';
import { createListing, listingContent } from '../factories/listings';
import { createSavedSearch } from '../factories/saved-searches';
import { type CreatedUser, createLandlord, createPremiumTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, emailsTo } from '../support/http';

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('bad input that used to answer 500', () => {
  let t: TestApp;
  let tenant: CreatedUser;
  let landlord: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await createPremiumTenant(t);
    landlord = await createLandlord(t, { premium: true });
  });
  afterAll(() => t.close());

  const get = (url: string) => call(t, 'GET', url, { cookie: tenant.cookie });
  const raw = (method: 'POST' | 'PUT', url: string, payload: string, cookie?: string) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    });

  it('refuses a property type or trade named after what every object inherits, as any unknown one', async () => {
    for (const type of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'castle']) {
      const res = await get(`/api/properties?type=${type}`);
      expect(res.statusCode, type).toBe(400);
      expect(res.json().fieldErrors.type[0]).toMatch(/^Unknown property type/);
      expect((await get(`/api/properties?propertyType=${type}`)).statusCode, type).toBe(400);
    }
    for (const specialty of ['__proto__', 'constructor', 'valueOf', 'wizardry']) {
      const res = await get(`/api/contractors?specialty=${specialty}`);
      expect(res.statusCode, specialty).toBe(400);
      expect(res.json().fieldErrors.specialty[0]).toMatch(/^Unknown trade/);
    }
    // The aliases still work.
    expect((await get('/api/properties?type=flat')).statusCode).toBe(200);
    expect((await get('/api/contractors?specialty=plumbing')).statusCode).toBe(200);
  });

  it('refuses such a type in a saved search, and the alerts job survives one stored before', async () => {
    const save = await call(t, 'POST', '/api/saved-searches', {
      cookie: tenant.cookie,
      body: { name: 'Odd', searchCriteria: { propertyType: '__proto__' } },
    });
    expect(save.statusCode).toBe(400);
    expect(save.json().fieldErrors['searchCriteria.propertyType']).toBeDefined();

    // A row saved before the rule, and a good search beside it.
    const stale = await createPremiumTenant(t);
    await createSavedSearch(t, stale.id, {
      name: 'Saved long ago',
      alertFrequency: 'instant',
      searchCriteria: { propertyType: 'constructor' },
    });
    const fine = await createPremiumTenant(t);
    await createSavedSearch(t, fine.id, {
      name: 'Flats in LS1',
      alertFrequency: 'instant',
      searchCriteria: { postcode: 'LS1 4AP' },
    });
    await createListing(t, {
      landlordId: landlord.id,
      title: 'A new flat',
      publishedAt: new Date(Date.now() + 60_000),
    });
    t.clock.now = new Date(Date.now() + 120_000);
    try {
      const result = await runSavedSearchAlerts(t.app.ctx);
      expect(result).toMatchObject({ skipped: false, emailsSent: 1 });
    } finally {
      t.clock.now = new Date();
    }
    expect(await emailsTo(t, fine.email, 'alert')).toHaveLength(1);
    expect(await emailsTo(t, stale.email, 'alert')).toHaveLength(0);
  });

  it('keeps a lone UTF-16 surrogate as the replacement character instead of failing in jsonb or text', async () => {
    const save = await raw(
      'POST',
      '/api/saved-searches',
      '{"name":"Half an emoji \\ud83d here","searchCriteria":{"q":"garden \\udc00"}}',
      tenant.cookie,
    );
    expect(save.statusCode, save.body).toBe(201);
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, save.json().id));
    expect(row.name).toBe('Half an emoji \ufffd here');
    expect(row.searchCriteria).toMatchObject({ q: 'garden \ufffd' });
    // A real emoji (a surrogate pair) is kept whole.
    const contact = await raw(
      'POST',
      '/api/contact',
      '{"name":"Sam \\ud83d\\ude00","email":"sam@example.test","subject":"Hi \\udbff","message":"Hello there"}',
    );
    expect(contact.statusCode, contact.body).toBe(201);
    const [message] = await t.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, contact.json().id));
    expect(message).toMatchObject({ name: 'Sam 😀', subject: 'Hi \ufffd' });
    // In a query string as well.
    expect((await get('/api/properties?q=%ED%A0%80garden')).statusCode).toBe(200);
  });

  it('refuses dates PostgreSQL cannot hold or nobody means, with the field named', async () => {
    for (const availableFrom of ['0000-01-01', '1899-12-31', '2201-01-01']) {
      const res = await call(t, 'POST', '/api/content-submissions', {
        cookie: landlord.cookie,
        body: { contentType: 'property_listing', contentData: listingContent({ availableFrom }) },
      });
      expect(res.statusCode, availableFrom).toBe(400);
      expect(res.json().message).toMatch(/between 1900 and 2200|YYYY-MM-DD/);
    }
    const fine = await call(t, 'POST', '/api/content-submissions', {
      cookie: landlord.cookie,
      body: { contentType: 'property_listing', contentData: listingContent({ availableFrom: '2030-01-01' }) },
    });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('refuses a forum "after" or cursor with a year 0 or year 100,000 date', async () => {
    const topic = await call(t, 'POST', '/api/forum/topics', {
      cookie: tenant.cookie,
      body: { title: 'Dates', description: 'Odd dates' },
    });
    expect(topic.statusCode, topic.body).toBe(201);
    const id = topic.json().id;
    for (const after of ['0000-01-01', '+100000-01-01T00:00:00Z', '100000-01-01', '0000-01-01T00:00:00Z']) {
      const res = await get(`/api/forum/topics/${id}/messages?after=${encodeURIComponent(after)}`);
      expect(res.statusCode, after).toBe(400);
    }
    expect((await get(`/api/forum/topics/${id}/messages?after=2026-01-01T00:00:00Z`)).statusCode).toBe(200);
    for (const at of ['0000-01-01T00:00:00.000Z', '+100000-01-01T00:00:00.000Z']) {
      const cursor = cursorOf([at, '00000000-0000-4000-8000-000000000000']);
      expect((await get(`/api/forum/topics?cursor=${cursor}`)).statusCode, at).toBe(400);
    }
  });

  it('refuses a search cursor whose date is year 0', async () => {
    const cursor = encodeCursor({
      sort: 'newest',
      key: '0000-01-01T00:00:00.000000Z',
      id: '00000000-0000-4000-8000-000000000000',
    });
    const res = await get(`/api/properties?sort=newest&cursor=${cursor}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.cursor).toBeDefined();
  });

  it('refuses JSON nested 5,000 deep on anonymous and signed-in routes alike', async () => {
    for (const payload of [deepArray(5000), deepObject(5000)]) {
      for (const [url, cookie] of [
        ['/api/contact', undefined],
        ['/api/login', undefined],
        ['/api/auth/register', undefined],
        ['/api/saved-searches', tenant.cookie],
        ['/api/content-submissions', landlord.cookie],
      ] as const) {
        const res = await raw('POST', url, payload, cookie);
        expect(res.statusCode, `${url} ${payload.slice(0, 6)}`).toBe(400);
      }
    }
    const nested = await raw('POST', '/api/contact', `{"name":${deepObject(40)}}`);
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toBe(TOO_DEEP_MESSAGE);
  });
});
