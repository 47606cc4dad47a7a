// The published contract (decisions 0025 and 0043): GET /api/openapi.json is generated from the routes' declared
// schemas and covers every API route; GET /api/docs is a readable page of it (Swagger UI, served from our own
// files; tests/e2e/api-docs.spec.ts opens it in Chromium).
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZPropertyPage } from '../../src/domain/properties';
import { openApiPath } from '../../src/server/features/openapi/document';
import { createListing } from '../factories/listings';
import { createSavedSearch } from '../factories/saved-searches';
import { createLandlord, createPremiumTenant, createSuperAdmin, createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, type Method } from '../support/http';

interface Operation {
  operationId: string;
  summary?: string;
  parameters?: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>;
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description?: string; $ref?: string; content?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
}

/** Routes outside the contract on purpose: none under /api (the site's pages, media, sitemaps are not the API)
 * but the reference page's own (its page, Swagger UI's files and its copy of the document). */
const isReferencePage = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
const isApi = (url: string) => url.startsWith('/api/') && !isReferencePage(url);

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    // Bench and test-only routes on, so that they are held to the contract too.
    t = await createTestApp({ BENCH_ROUTES: '1', TEST_ROUTES: '1' });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBe('Your Place API');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
    for (const [path, methods] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\//);
      for (const [method, op] of Object.entries(methods)) {
        expect(['get', 'put', 'post', 'delete', 'patch']).toContain(method);
        expect(op.operationId).toBeTruthy();
        expect(Object.keys(op.responses).length).toBeGreaterThan(1);
        for (const response of Object.values(op.responses))
          expect(response.$ref ?? response.description).toBeTruthy();
        for (const p of op.parameters ?? []) if (p.in === 'path') expect(path).toContain(`{${p.name}}`);
      }
    }
    // Every $ref resolves.
    for (const [, name] of JSON.stringify(doc).matchAll(/"#\/components\/schemas\/([^"]+)"/g))
      expect(doc.components.schemas, name).toHaveProperty(name);
  });

  it('has every registered API route, each declaring a reply', () => {
    const routes = t.app.routeList.filter(
      (r) => isApi(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    expect(routes.length).toBeGreaterThan(100);
    // The reference page's routes are the only ones under /api outside it, each hidden on purpose.
    const pageRoutes = t.app.routeList.filter((r) => isReferencePage(r.url) && r.method === 'GET');
    expect(pageRoutes.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/docs', '/api/docs/json']));
    expect(pageRoutes.filter((r) => !r.schema?.hide).map((r) => r.url)).toEqual([]);
    const missing = routes
      .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes with no schema in the document').toEqual([]);
    const undescribed = routes.filter((r) => {
      const op = doc.paths[openApiPath(r.url)][r.method.toLowerCase()];
      return !op.summary || !Object.keys(op.responses).some((status) => /^[23]/.test(status));
    });
    expect(undescribed.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('gives every reply with a body a schema, not words', () => {
    // Described in words on purpose: the bench's tooling (BENCH_ROUTES=1 only, never in production), whose
    // replies are not part of the contract: Node's own memory counters, a precomputed JSON string of N bytes, and
    // V8's CPU profile.
    const wordsOnly = new Set(['get /api/bench/stats', 'get /api/bench/ceiling', 'post /api/bench/profile']);
    const withoutSchema: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods))
        for (const [status, response] of Object.entries(op.responses)) {
          if (!/^2/.test(status) || status === '204') continue;
          const schema = (response.content?.['application/json'] as { schema?: object } | undefined)?.schema;
          // described('…') converts to { description } alone: words, no shape.
          const shape = Object.keys(schema ?? {}).filter((key) => key !== 'description');
          if (shape.length === 0) withoutSchema.push(`${method} ${path}`);
        }
    expect(withoutSchema.filter((op) => !wordsOnly.has(op))).toEqual([]);
    expect(
      [...wordsOnly].filter((op) => !withoutSchema.includes(op)),
      'allow-list entries now with schemas',
    ).toEqual([]);
  });

  it("declares every path parameter as a UUID, but an emailed link's token", () => {
    const notUuid: string[] = [];
    // /api/references/{token} (decision 0065): the secret of a one-time link, a string the handler looks up.
    const isToken = (p: { name: string; schema: { type?: string } }) =>
      p.name === 'token' && p.schema.type === 'string';
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods))
        for (const p of op.parameters ?? [])
          if (p.in === 'path' && !isToken(p) && (p.schema.type !== 'string' || p.schema.format !== 'uuid'))
            notUuid.push(`${method} ${path} {${p.name}}`);
    expect(notUuid).toEqual([]);
  });

  it("describes the search's query parameters from ZPropertySearchQuery", () => {
    const search = doc.paths['/api/properties'].get;
    const names = search.parameters?.map((p) => p.name) ?? [];
    expect(names).toEqual(
      expect.arrayContaining(['location', 'minRent', 'maxRent', 'bedrooms', 'cursor', 'limit']),
    );
    expect(search.parameters?.every((p) => p.in === 'query' && !p.required)).toBe(true);
    expect(search.parameters?.find((p) => p.name === 'sort')?.schema.enum).toEqual([
      'newest',
      'rent_asc',
      'rent_desc',
    ]);
    expect(search.responses['200'].content).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/PropertyPage' } },
    });
    expect(doc.components.schemas).toHaveProperty('PropertyCard');
  });

  it('describes request bodies, path parameters and the error body', () => {
    const login = doc.paths['/api/login'].post;
    expect(login.requestBody?.required).toBe(true);
    const schema = login.requestBody?.content['application/json'].schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['email', 'password']));
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    // A bodiless POST takes an empty body or none.
    expect(doc.paths['/api/auth/demo-login'].post.requestBody?.required).toBe(false);
    expect(doc.paths['/api/properties/{id}'].get.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
    expect(doc.paths['/api/profile/photo'].post.requestBody?.content).toHaveProperty('multipart/form-data');
    expect(doc.components.responses).toHaveProperty('Error');
    expect(doc.paths['/api/forum/topics'].get.responses.default.$ref).toBe('#/components/responses/Error');
  });

  it("matches what the server sends: a search reply parses with the route's response schema", async () => {
    const landlord = await createUser(t, { userType: 'landlord' });
    await createListing(t, { landlordId: landlord.id, title: 'Contract flat' });
    const res = await t.app.inject({ method: 'GET', url: '/api/properties' });
    expect(res.statusCode).toBe(200);
    const page = ZPropertyPage.parse(res.json());
    expect(page.properties.some((p) => p.title === 'Contract flat')).toBe(true);
  });

  describe("replies parse with the route's own response schema, with no field it does not declare", () => {
    /** `route` is the registered method and path (`GET /api/conversations/:id/messages`); `url` fills it in. */
    async function expectReplyMatches(
      route: string,
      opts: { url?: string; cookie?: string; body?: unknown } = {},
    ) {
      const [method, path] = route.split(' ') as [Method, string];
      const res: LightMyRequestResponse = await call(t, method, opts.url ?? path, opts);
      expect(res.statusCode, `${route}: ${res.body}`).toBeLessThan(300);
      const declared = t.app.routeList.find((r) => r.method === method && r.url === path)?.schema?.response as
        | Record<string, z.ZodType>
        | undefined;
      const schema = declared?.[res.statusCode];
      expect(schema, `${route} declares a ${res.statusCode} reply`).toBeInstanceOf(z.ZodType);
      const body = res.json();
      // z.object drops keys it does not know: equal means the schema declares every field the reply has.
      expect(schema?.parse(body), route).toEqual(body);
      return body;
    }

    it('saved homes and searches', async () => {
      const landlord = await createLandlord(t);
      const home = await createListing(t, { landlordId: landlord.id, title: 'Saved flat' });
      const tenant = await createPremiumTenant(t);
      await createSavedSearch(t, tenant.id);
      const body = { propertyId: home.id, type: 'save' };
      await expectReplyMatches('POST /api/property-interactions', { cookie: tenant.cookie, body });
      await expectReplyMatches('GET /api/property-interactions/summary', { cookie: tenant.cookie });
      expect(await expectReplyMatches('GET /api/saved-properties', { cookie: tenant.cookie })).toHaveLength(
        1,
      );
      const [search] = await expectReplyMatches('GET /api/saved-searches', { cookie: tenant.cookie });
      const url = `/api/saved-searches/${search.id}`;
      await expectReplyMatches('PATCH /api/saved-searches/:id', {
        url,
        cookie: tenant.cookie,
        body: { name: 'LS1' },
      });
      await expectReplyMatches('POST /api/saved-searches', {
        cookie: tenant.cookie,
        body: { name: 'Anywhere' },
      });
    });

    it('conversations and viewings', async () => {
      const landlord = await createLandlord(t, { premium: true });
      const home = await createListing(t, { landlordId: landlord.id, title: 'Viewing flat' });
      const tenant = await createPremiumTenant(t);
      const { conversationId } = await expectReplyMatches('POST /api/properties/:id/enquiries', {
        url: `/api/properties/${home.id}/enquiries`,
        cookie: tenant.cookie,
        body: { message: 'Could I come and see the flat, please?', occupants: 2, pets: false },
      });
      for (const who of [tenant, landlord]) {
        const inbox = await expectReplyMatches('GET /api/conversations', { cookie: who.cookie });
        expect(inbox.conversations).toHaveLength(1);
        await expectReplyMatches('GET /api/conversations/:id/messages', {
          url: `/api/conversations/${conversationId}/messages`,
          cookie: who.cookie,
        });
        await expectReplyMatches('GET /api/conversations/summary', { cookie: who.cookie });
      }
      await expectReplyMatches('POST /api/conversations/:id/messages', {
        url: `/api/conversations/${conversationId}/messages`,
        cookie: landlord.cookie,
        body: { body: 'Of course: pick a time below.' },
      });
      const inFiveDays = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
        new Date(Date.now() + 5 * 86_400_000),
      );
      const slot = await expectReplyMatches('POST /api/listings/:id/viewing-slots', {
        url: `/api/listings/${home.id}/viewing-slots`,
        cookie: landlord.cookie,
        body: { date: inFiveDays, startTime: '11:00', durationMinutes: 30, capacity: 2, note: 'Top bell' },
      });
      const threadViewings = { url: `/api/conversations/${conversationId}/viewings`, cookie: tenant.cookie };
      await expectReplyMatches('GET /api/conversations/:id/viewings', threadViewings);
      const booking = await expectReplyMatches('POST /api/conversations/:id/viewings', {
        ...threadViewings,
        body: { slotId: slot.id },
      });
      await expectReplyMatches('POST /api/viewings/:id/confirm', {
        url: `/api/viewings/${booking.id}/confirm`,
        cookie: landlord.cookie,
      });
      const listing = await expectReplyMatches('GET /api/listings/:id/viewings', {
        url: `/api/listings/${home.id}/viewings`,
        cookie: landlord.cookie,
      });
      expect(listing.slots[0].bookings).toHaveLength(1);
      await expectReplyMatches('GET /api/properties/landlord/:landlordId', {
        url: `/api/properties/landlord/${landlord.id}`,
        cookie: landlord.cookie,
      });
    });

    it("the site's settings, figures and a member's billing", async () => {
      await expectReplyMatches('GET /api/config');
      await expectReplyMatches('GET /api/figures');
      await expectReplyMatches('GET /api/footer-links');
      await expectReplyMatches('GET /api/places', { url: '/api/places?q=lee' });
      const tenant = await createPremiumTenant(t);
      await expectReplyMatches('GET /api/billing', { cookie: tenant.cookie });
      await expectReplyMatches('GET /api/auth/sessions', { cookie: tenant.cookie });
    });

    it("the admins' lists", async () => {
      const admin = await createSuperAdmin(t);
      await createPremiumTenant(t);
      const users = await expectReplyMatches('GET /api/admin/all-users', { cookie: admin.cookie });
      expect(users.users.length).toBeGreaterThan(1);
      await expectReplyMatches('GET /api/admin/auth', { cookie: admin.cookie });
      await expectReplyMatches('GET /api/admin/statistics', { cookie: admin.cookie });
      await expectReplyMatches('GET /api/admin/content-submissions', { cookie: admin.cookie });
      await expectReplyMatches('GET /api/admin/contact-submissions', { cookie: admin.cookie });
      await expectReplyMatches('GET /api/admin/live-content', { cookie: admin.cookie });
      await expectReplyMatches('GET /api/admin/audit-log', { cookie: admin.cookie });
      await expectReplyMatches('GET /api/admin/reports', { cookie: admin.cookie });
    });
  });

  it('keeps the 400 reply of a parse failure as it was', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/properties?bedrooms=lots' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Bedrooms must be studio, 0 to 20, or 4+',
      code: 'VALIDATION_FAILED',
      fieldErrors: { bedrooms: ['Bedrooms must be studio, 0 to 20, or 4+'] },
      requestId: res.headers['x-request-id'],
    });
  });
});

describe('the reference page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Every address the page loads: its stylesheets, icons and scripts. */
  const assetsOf = (html: string) => [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);

  it('is Swagger UI from our own files, showing the same document, under the site’s security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<title>Your Place API reference</title>');
    expect(res.body).toContain('<div id="swagger-ui"></div>');
    // Nothing from another host (it works offline), and no inline script: every script is a file of ours.
    const assets = assetsOf(res.body);
    expect(assets.length).toBeGreaterThanOrEqual(5);
    expect(assets.filter((url) => !url.startsWith('/api/docs/static/'))).toEqual([]);
    expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i);
    for (const url of assets) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['content-type'], url).toMatch(/^(text\/css|application\/javascript|image\/png)/);
    }
    // The scripts are allowed by the site's policy as it is: its own files, no inline code, no eval.
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain("resolveUrl('./json')");
    expect(initializer.body).toContain('validatorUrl: null'); // no badge fetched from swagger.io
    // The page reads the same document as /api/openapi.json.
    const shown = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const published = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(shown).toEqual(published);
    expect(Object.keys(shown.paths)).toEqual(
      expect.arrayContaining(['/api/properties/{id}', '/api/login', '/api/properties']),
    );
  });
});
