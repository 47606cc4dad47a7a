// What operators watch (issue 16 item 4): GET /metrics in Prometheus's format behind METRICS_TOKEN, a request id
// on every reply, error body and log line of a request.
import { AsyncResource } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startJobs } from '../../src/server/jobs';
import { createListing } from '../factories/listings';
import { createUser } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

const TOKEN = 'metrics-token-for-tests-0123456789';
/** An async context from before any request, like the one a job's timer is set in at start-up. */
const atStartUp = new AsyncResource('start-up');

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inner = line.slice(name.length + 1, line.indexOf('}'));
    const has = Object.entries(labels).every(([key, value]) => inner.includes(`${key}="${value}"`));
    if (has) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('answers only with the bearer token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-00', `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json().message).toBe('Metrics need the bearer token set in METRICS_TOKEN.');
    }
  });

  it('counts requests and their duration by route pattern and status', async () => {
    const landlord = await createUser(t, { userType: 'landlord' });
    const listing = await createListing(t, { landlordId: landlord.id });
    await t.app.inject({ method: 'GET', url: '/api/properties?location=Leeds' });
    await t.app.inject({ method: 'GET', url: '/api/properties?location=Leeds' });
    await t.app.inject({ method: 'GET', url: `/api/properties/${listing.id}` });
    await t.app.inject({ method: 'GET', url: '/api/properties/00000000-0000-4000-8000-000000000000' });
    const text = await scrape();
    const route = '/api/properties';
    expect(sample(text, 'yourplace_http_requests_total', { method: 'GET', route, status: '200' })).toBe(2);
    const byId = { method: 'GET', route: '/api/properties/:id' };
    expect(sample(text, 'yourplace_http_requests_total', { ...byId, status: '200' })).toBe(1);
    expect(sample(text, 'yourplace_http_requests_total', { ...byId, status: '404' })).toBe(1);
    expect(text).not.toContain(listing.id); // one series per route, never per id
    expect(
      sample(text, 'yourplace_http_request_duration_seconds_count', { method: 'GET', route, status: '200' }),
    ).toBe(2);
    expect(
      sample(text, 'yourplace_cache_lookups_total', { cache: 'search', result: 'hit' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'yourplace_cache_lookups_total', { cache: 'search', result: 'miss' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'yourplace_db_pool_connections', { state: 'max' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'yourplace_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'yourplace_outbox_messages', { status: 'queued' })).toBe(0);
    expect(text).toContain('yourplace_process_resident_memory_bytes');
  });

  it('counts background job runs and failures', async () => {
    // The scheduler's timers are faked, so the runs happen when the test moves the clock, not after a real wait.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stop = startJobs(t.app.ctx, [
        { name: 'works', intervalMs: 60_000, initialDelayMs: 0, run: async () => 'done' },
        {
          name: 'breaks',
          intervalMs: 60_000,
          initialDelayMs: 0,
          run: async () => {
            throw new Error('broken on purpose');
          },
        },
      ]);
      await vi.advanceTimersByTimeAsync(0); // the first runs, at once
      await vi.advanceTimersByTimeAsync(60_000); // and one more each, an interval later
      await stop();
    } finally {
      vi.useRealTimers();
    }
    const text = await scrape();
    expect(sample(text, 'yourplace_job_runs_total', { job: 'works', outcome: 'ok' })).toBe(2);
    expect(sample(text, 'yourplace_job_runs_total', { job: 'breaks', outcome: 'failed' })).toBe(2);
    expect(sample(text, 'yourplace_job_duration_seconds_count', { job: 'works' })).toBe(2);
  });
});

describe('metrics off', () => {
  it('has no /metrics without METRICS_TOKEN', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('yourplace_http_requests_total');
    } finally {
      await t.close();
    }
  });
});

describe('request ids', () => {
  const lines: Array<Record<string, unknown>> = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { logStream: { write: (line) => lines.push(JSON.parse(line)) } });
  });
  afterAll(() => t.close());

  it('names every reply, and every error body carries the same id', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/properties' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await t.app.inject({ method: 'GET', url: '/api/saved-properties' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().requestId).toBe(refused.headers['x-request-id']);
    const invalid = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().requestId).toBe(invalid.headers['x-request-id']);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().requestId).toBe(missing.headers['x-request-id']);
  });

  it("keeps a balancer's X-Request-Id when it looks like one, and replaces one that does not", async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-4f2a9c1e77' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-4f2a9c1e77');
    const odd = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a b\nforged line' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts the id on the log lines a service writes while handling the request, after reading its body', async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Ann',
        email: 'ann@example.test',
        subject: 'Hello',
        message: 'A question about a listing',
      },
    });
    expect(res.statusCode).toBe(201);
    const id = res.headers['x-request-id'];
    const mailLines = lines.filter((line) => line.msg === 'mail sent');
    expect(mailLines.length).toBeGreaterThan(0);
    for (const line of mailLines) expect(line.reqId).toBe(id);
    // Lines outside any request (a job, whose timer was set at start-up) carry none. Logged from a context made
    // before any request of this file, as a job's is: the test's own context has been through app.inject, which
    // leaves the last request's logger entered in it. Pino writes to the stream as it logs: no wait needed.
    lines.length = 0;
    atStartUp.runInAsyncScope(() => t.app.ctx.log.info('outside a request'));
    const outside = lines.find((line) => line.msg === 'outside a request');
    expect(outside).toBeDefined();
    expect(outside).not.toHaveProperty('reqId');
  });
});
