// Routes for the browser tests only (TEST_ROUTES=1, refused in production): the listing lifecycle job run as if
// some days had passed, so a journey can see a let-agreed home leave search without moving the server's clock
// for every other test running beside it; and an application row for an enquiry, so the references journey does
// not wait on the application API (issue 31, built beside it).
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import { ZLifecycleRun } from '../../../domain/listings';
import { applications, conversations } from '../../db/schema';
import type { RoutesPlugin } from '../../lib/contract';
import { runListingLifecycle } from '../listings/lifecycle';

const ZAhead = z.strictObject({ aheadDays: z.number().min(0).max(60) });
const DAY_MS = 24 * 60 * 60 * 1000;
const ZTestApplication = z.strictObject({
  conversationId: z.uuid(),
  previousLandlord: z.strictObject({ name: z.string().min(1).max(200), email: z.email() }).nullable(),
});

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

  const application = {
    summary: "An application for an enquiry's tenant, any earlier open one withdrawn (browser tests only).",
    tags: ['test (TEST_ROUTES=1 only)'],
    body: ZTestApplication,
    response: { 201: z.object({ applicationId: z.uuid() }) },
  };
  app.post('/api/test/application', { schema: application }, async (request, reply) => {
    const { conversationId, previousLandlord } = request.body;
    const applicationId = await app.ctx.db.transaction(async (tx) => {
      const [conversation] = await tx
        .select()
        .from(conversations)
        .where(eq(conversations.id, conversationId));
      if (!conversation?.propertyId) throw new AppError('NOT_FOUND', 'Conversation not found');
      const home = and(
        eq(applications.propertyId, conversation.propertyId),
        eq(applications.tenantId, conversation.starterId),
      );
      await tx
        .update(applications)
        .set({ status: 'withdrawn', withdrawnAt: app.ctx.now() })
        .where(and(home, ne(applications.status, 'withdrawn')));
      const [row] = await tx
        .insert(applications)
        .values({
          propertyId: conversation.propertyId,
          tenantId: conversation.starterId,
          conversationId,
          profile: { introduction: 'Applying from a browser test.', householdSize: 1, previousLandlord },
        })
        .returning({ id: applications.id });
      return row.id;
    });
    return reply.status(201).send({ applicationId });
  });
};

export default testRoutes;
