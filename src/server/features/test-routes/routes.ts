import { z } from 'zod';
import { ZLifecycleRun } from '../../../domain/listings';
import type { RoutesPlugin } from '../../lib/contract';
import { finishRepairForTest, ZFinishRepair } from '../contractors/review-test-support';
import { runListingLifecycle } from '../listings/lifecycle';
import { repairTradeTestRoutes } from './repair-trades';

const ZAhead = z.strictObject({ aheadDays: z.number().min(0).max(60) });
const DAY_MS = 24 * 60 * 60 * 1000;

const testRoutes: RoutesPlugin = async (app) => {
  if (!app.ctx.config.testRoutes) return;
  const schema = {
    summary: 'Run the listing lifecycle job as if some days had passed (browser tests only).',
    tags: ['test (TEST_ROUTES=1 only)'],
    body: ZAhead,
    response: { 200: ZLifecycleRun },
  };
  app.post('/api/test/listing-lifecycle', { schema }, async (request) => {
    const ahead = request.body.aheadDays * DAY_MS;
    return runListingLifecycle({ ...app.ctx, now: () => new Date(app.ctx.now().getTime() + ahead) });
  });
  await repairTradeTestRoutes(app);

  const finish = {
    summary:
      "Mark a repair's work done by a trade, as the quote and visit steps leave it (browser tests of reviews only).",
    tags: ['test (TEST_ROUTES=1 only)'],
    body: ZFinishRepair,
    response: { 200: z.object({ repairId: z.uuid() }) },
  };
  app.post('/api/test/finish-repair', { schema: finish }, async (request) =>
    finishRepairForTest(app.ctx, request.body),
  );
};

export default testRoutes;
