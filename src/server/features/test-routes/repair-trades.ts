// The test route that makes the signed-in contractor a repair's accepted trade (browser tests only); the rows it
// writes are repair-trades-queries.ts's, which the API tests' factory uses too.
import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import type { RouteScope } from '../../lib/contract';
import { ownOrNewTrade, writeAcceptedQuote } from './repair-trades-queries';

export type { AcceptedQuote } from './repair-trades-queries';

const ZAcceptedRepair = z.strictObject({ repairId: z.uuid() });

/**
 * POST /api/test/repair-accepted {repairId}, signed in as a contractor account: its trade profile (made live if it
 * has none) is the repair's accepted trade.
 */
export async function repairTradeTestRoutes(app: RouteScope): Promise<void> {
  const schema = {
    summary: 'Make the signed-in contractor the accepted trade of a repair (browser tests only).',
    tags: ['test (TEST_ROUTES=1 only)'],
    body: ZAcceptedRepair,
    response: { 200: z.object({ leadId: z.uuid(), quoteId: z.uuid(), contractorId: z.uuid() }) },
  };
  app.post('/api/test/repair-accepted', { schema }, async (request) => {
    const user = request.auth.user;
    if (user?.userType !== 'contractor')
      throw new AppError('UNAUTHENTICATED', 'Sign in as a contractor account.');
    const db = app.ctx.db;
    const contractorId = await ownOrNewTrade(db, user);
    return {
      ...(await writeAcceptedQuote(db, { repairId: request.body.repairId, contractorId })),
      contractorId,
    };
  });
}
