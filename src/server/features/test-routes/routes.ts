// Routes for the browser tests only (TEST_ROUTES=1, refused in production): the listing lifecycle job run as if
// some days had passed, so a journey can see a let-agreed home leave search without moving the server's clock
// for every other test running beside it.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parse } from '../../lib/validation';
import { runListingLifecycle } from '../listings/lifecycle';

const ZAhead = z.strictObject({ aheadDays: z.number().min(0).max(60) });
const DAY_MS = 24 * 60 * 60 * 1000;

const testRoutes: FastifyPluginAsync = async (app) => {
  if (!app.ctx.config.testRoutes) return;
  app.post('/api/test/listing-lifecycle', async (request) => {
    const { aheadDays } = parse(ZAhead, request.body ?? {});
    const ahead = aheadDays * DAY_MS;
    return runListingLifecycle({ ...app.ctx, now: () => new Date(app.ctx.now().getTime() + ahead) });
  });
};

export default testRoutes;
