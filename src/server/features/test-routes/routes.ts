// Routes for the browser tests only (TEST_ROUTES=1, refused in production): the listing lifecycle job run as if
// some days had passed, so a journey can see a let-agreed home leave search without moving the server's clock
// for every other test running beside it; and a tenancy recorded for the signed-in tenant on a home they enquired
// about (the repairs journey), without letting the home, so journeys running beside it keep their listings.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { EMPTY_SNAPSHOT } from '../../../domain/applications';
import { londonToday } from '../../../domain/dates';
import { AppError } from '../../../domain/errors';
import { ZLifecycleRun } from '../../../domain/listings';
import { properties, tenancies } from '../../db/schema';
import type { RoutesPlugin } from '../../lib/contract';
import { requireUser } from '../../plugins/guards';
import { findStandingApplication, insertApplication, insertTenancyWithTenant } from '../applications/queries';
import { enquiryConversationId } from '../conversations/lookups';
import { runListingLifecycle } from '../listings/lifecycle';

const ZTenancyFor = z.strictObject({ propertyId: z.uuid() });

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

  const tenancy = {
    summary: 'Record a tenancy for the signed-in tenant on a home they enquired about (browser tests only).',
    tags: ['test (TEST_ROUTES=1 only)'],
    body: ZTenancyFor,
    response: { 200: z.object({ tenancyId: z.uuid() }) },
  };
  app.post('/api/test/tenancy', { schema: tenancy }, async (request) => {
    const user = requireUser(request);
    const { propertyId } = request.body;
    const ctx = app.ctx;
    const [home] = await ctx.db.select().from(properties).where(eq(properties.id, propertyId)).limit(1);
    const conversationId = home ? await enquiryConversationId(ctx.db, propertyId, user.id) : undefined;
    if (!home || !conversationId) throw new AppError('CONFLICT', 'Enquire about the home first.');
    return ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const standing = await findStandingApplication(tx, propertyId, user.id);
      if (standing) {
        const [made] = await tx.select().from(tenancies).where(eq(tenancies.applicationId, standing.id));
        if (!made) throw new AppError('CONFLICT', 'An application for this home is still open.');
        return { tenancyId: made.id };
      }
      const application = await insertApplication(tx, {
        propertyId,
        tenantId: user.id,
        conversationId,
        status: 'accepted',
        profile: EMPTY_SNAPSHOT,
        offerStartDate: londonToday(now),
        offerRentPence: home.monthlyRentPence,
        offerDepositPence: 0,
        offeredAt: now,
        acceptedAt: now,
      });
      const made = await insertTenancyWithTenant(
        tx,
        {
          propertyId,
          applicationId: application.id,
          landlordId: home.landlordId,
          startDate: londonToday(now),
          rentPence: home.monthlyRentPence,
          depositPence: 0,
        },
        user.id,
      );
      return { tenancyId: made.id };
    });
  });
};

export default testRoutes;
