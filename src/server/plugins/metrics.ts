// GET /metrics in Prometheus's text format (prom-client), for operators: requests by route and status with their
// duration, database connections, the search and detail caches, background job runs and failures, the mail
// outbox's backlog, and Node's own process figures. Off unless METRICS_TOKEN is set; then only a request with
// `Authorization: Bearer <METRICS_TOKEN>` is answered (anything else is a 401), and without it the route does not
// exist. Each instance reports itself: scrape every instance, not the balancer.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';

/** What the rest of the server reports to the metrics; a no-op when they are off. */
export interface AppMetrics {
  jobRun(job: string, outcome: 'ok' | 'failed', seconds: number): void;
}

export const NO_METRICS: AppMetrics = { jobRun() {} };

/** Cumulative hit and miss counts a cache keeps itself (search-cache.ts, detail-cache.ts). */
export type CacheStats = () => Array<{ cache: string; hits: number; misses: number }>;

const PREFIX = 'yourplace_';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerMetrics(app: FastifyInstance, ctx: AppContext, cacheStats: CacheStats): AppMetrics {
  const token = ctx.config.metricsToken;
  if (!token) return NO_METRICS;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (/api/properties/:id), never the raw address: one series per route, not per id.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'Database connections of this instance: open, idle, the pool maximum, and queries waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = ctx.database.poolStats();
      this.set({ state: 'open' }, pool.size);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'max' }, pool.max);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Counter({
    name: `${PREFIX}cache_lookups_total`,
    help: 'In-memory cache lookups (search results, property details), by cache and result',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { cache, hits, misses } of cacheStats()) {
        this.inc({ cache, result: 'hit' }, hits);
        this.inc({ cache, result: 'miss' }, misses);
      }
    },
  });
  const jobRuns = new Counter({
    name: `${PREFIX}job_runs_total`,
    help: 'Background job runs, by job and outcome (ok or failed)',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: `${PREFIX}job_duration_seconds`,
    help: 'Time a background job run took, by job',
    labelNames: ['job'],
    buckets: [0.01, 0.05, 0.25, 1, 5, 30, 120],
    registers: [registry],
  });
  new Gauge({
    name: `${PREFIX}outbox_messages`,
    help: 'Mail of the last week not sent: queued (not handed to the mail server yet) or failed',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const unsent = await ctx.mailer.unsent();
      this.set({ status: 'queued' }, unsent.queued);
      this.set({ status: 'failed' }, unsent.failed);
    },
  });

  app.get('/metrics', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!given || !sameSecret(given, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHENTICATED', 'Metrics need the bearer token set in METRICS_TOKEN.');
    }
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });

  return {
    jobRun(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      jobDuration.observe({ job }, seconds);
    },
  };
}
