// GET /api/bench/ceiling?bytes=N (only with BENCH_ROUTES=1, for `npm run bench`): a precomputed JSON reply of
// N bytes, sent through the same server, hooks and headers as a search. Its throughput is the ceiling the
// search is measured against: everything but the search's own work.
import { Session } from 'node:inspector/promises';
import { z } from 'zod';
import { described, type RoutesPlugin } from '../../lib/contract';
import { pageCachesFor } from '../../plugins/page-cache';
import { detailCacheFor } from '../properties/detail-cache';
import { searchCacheFor } from '../properties/search-cache';

const ZCeilingQuery = z.object({ bytes: z.coerce.number().int().min(2).max(1_000_000).default(4096) });
const ZProfileQuery = z.object({ action: z.enum(['start', 'stop']) });

/** A JSON string of exactly `bytes` bytes. */
export function precomputedReply(bytes: number): Buffer {
  return Buffer.from(`"${'x'.repeat(bytes - 2)}"`);
}

const tags = ['bench (BENCH_ROUTES=1 only)'];

const benchRoutes: RoutesPlugin = async (app) => {
  if (!app.ctx.config.benchRoutes) return;
  // The search and detail caches' hits and misses so far, and where the process's memory is, for the bench's
  // report.
  const stats = {
    summary: "The search cache's counters and the process's memory.",
    tags,
    response: {
      200: described('searchCache, detailCache, visitorPages, memberPages, memberRenders, memory'),
    },
  };
  app.get('/api/bench/stats', { schema: stats }, async () => {
    const cache = searchCacheFor(app.ctx);
    const details = detailCacheFor(app.ctx);
    const pages = pageCachesFor(app.ctx);
    return {
      searchCache: { ...cache.stats, entries: cache.size, bytes: cache.bytes },
      detailCache: { ...details.stats, entries: details.size, bytes: details.bytes },
      visitorPages: {
        ...pages.visitors.stats,
        evicted: pages.visitors.evictions,
        bytes: pages.visitors.bytes,
      },
      memberPages: {
        ...pages.memberPages.stats,
        evicted: pages.memberPages.evictions,
        bytes: pages.memberPages.bytes,
      },
      memberRenders: { ...pages.members.stats, bytes: pages.members.bytes },
      memory: process.memoryUsage(),
    };
  });

  // The CPU profile of one kind of load only (BENCH_CPU_PROF): V8's sampling profiler, started and stopped by
  // the bench around that kind, so the survey and the other kinds stay out of it.
  let profiler: Session | null = null;
  const profile = {
    summary: "Starts V8's CPU profiler, or stops it and answers the profile (Chrome DevTools' .cpuprofile).",
    tags,
    querystring: ZProfileQuery,
    response: { 200: described('{} on start; the profile on stop'), 409: described('Not started') },
  };
  app.post('/api/bench/profile', { schema: profile }, async (request, reply) => {
    const { action } = request.query;
    if (action === 'start') {
      if (!profiler) {
        profiler = new Session();
        profiler.connect();
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
        await profiler.post('Profiler.start');
      }
      return {};
    }
    if (!profiler) return reply.code(409).send({ error: 'The profiler was not started' });
    const { profile: taken } = await profiler.post('Profiler.stop');
    profiler.disconnect();
    profiler = null;
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(taken));
  });

  const replies = new Map<number, Buffer>();
  const ceiling = {
    summary:
      'A precomputed JSON string of `bytes` bytes: the throughput ceiling a search is measured against.',
    tags,
    querystring: ZCeilingQuery,
    response: { 200: described('A JSON string') },
  };
  app.get('/api/bench/ceiling', { schema: ceiling }, async (request, reply) => {
    const { bytes } = request.query;
    let body = replies.get(bytes);
    if (!body) {
      body = precomputedReply(bytes);
      replies.set(bytes, body);
    }
    return reply
      .header('cache-control', 'private, no-store')
      .type('application/json; charset=utf-8')
      .send(body);
  });
};

export default benchRoutes;
