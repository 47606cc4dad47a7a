import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPublicConfig } from '../../src/domain/config';
import { DEFAULT_TILE_URL } from '../../src/domain/constants';
import { createTestApp, type TestApp } from '../support/app';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz while the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz when the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ready');
  });

  it('answers /readyz with 503 while the process drains before it stops', async () => {
    t.app.ctx.lifecycle.draining = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: 'Shutting down', code: 'UNAVAILABLE' });
      // Everything else is still served while the balancer takes the instance out.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      t.app.ctx.lifecycle.draining = false;
    }
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('sends the browser its public settings as TPublicConfig, and no secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const config: TPublicConfig = res.json();
    expect(config).toEqual({
      demoLogin: expect.any(Boolean),
      mapTileUrl: DEFAULT_TILE_URL,
      payments: 'test',
      company: { foundedYear: null, address: null },
      stripePublishableKey: null,
    });
    expect(res.body).not.toContain(t.config.sessionSecret);
  });

  it('passes the company facts to the browser only as configured', async () => {
    const configured = await createTestApp({
      COMPANY_FOUNDED_YEAR: '2019',
      COMPANY_ADDRESS: '1 High Street, Leeds',
    });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.json().company).toEqual({ foundedYear: 2019, address: '1 High Street, Leeds' });
    } finally {
      await configured.close();
    }
  });

  it('runs queries without JIT compilation, which costs more than the short queries it would speed', async () => {
    // PostgreSQL compiles a query once its estimated cost passes jit_above_cost, as it does on big tables;
    // PGlite is built without JIT and reports it off.
    const result = (await t.db.execute(sql`show jit`)) as unknown as { rows: { jit: string }[] };
    expect(result.rows[0].jit).toBe('off');
  });

  it('sends the security headers on pages and API replies alike', async () => {
    for (const url of ['/about', '/api/nope', '/healthz']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).not.toContain('upgrade-insecure-requests'); // only in production
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], url).toBeUndefined(); // only in production
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Not found' });
  });

  it('serves a page with its title for a known route and a 404 status for an unknown one', async () => {
    const about = await t.app.inject({ method: 'GET', url: '/about' });
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('<title>About Your Place');
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page Not Found');
  });
});
