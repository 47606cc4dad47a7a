// GET /api/bench/ceiling?bytes=N (only with BENCH_ROUTES=1, for `npm run bench`): a precomputed JSON reply of
// N bytes, sent through the same server, hooks and headers as a search. Its throughput is the ceiling the
// search is measured against: everything but the search's own work.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parse } from '../../lib/validation';
import { searchCacheFor } from '../properties/search-cache';

const ZCeilingQuery = z.object({ bytes: z.coerce.number().int().min(2).max(1_000_000).default(4096) });

/** A JSON string of exactly `bytes` bytes. */
export function precomputedReply(bytes: number): Buffer {
  return Buffer.from(`"${'x'.repeat(bytes - 2)}"`);
}

const benchRoutes: FastifyPluginAsync = async (app) => {
  if (!app.ctx.config.benchRoutes) return;
  // The search cache's hits and misses so far, and where the process's memory is, for the bench's report.
  app.get('/api/bench/stats', async () => {
    const cache = searchCacheFor(app.ctx);
    return {
      searchCache: { ...cache.stats, entries: cache.size, bytes: cache.bytes },
      memory: process.memoryUsage(),
    };
  });

  const replies = new Map<number, Buffer>();
  app.get('/api/bench/ceiling', async (request, reply) => {
    const { bytes } = parse(ZCeilingQuery, request.query);
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
