// The admin API (doc 2 §7 admin calls), one file per area. Every /api/admin/* route checks the role itself
// (ADMIN_ROUTE / SUPER_ADMIN_ROUTE in ./http), except login, the auth probe and stop-impersonation.
import type { FastifyPluginAsync } from 'fastify';
import auditRoutes from './audit/routes';
import adminAuthRoutes from './auth/routes';
import contactsRoutes from './contacts/routes';
import featuredRoutes from './featured/routes';
import impersonationRoutes from './impersonation/routes';
import liveContentRoutes from './live-content/routes';
import moderationRoutes from './moderation/routes';
import premiumRoutes from './premium/routes';
import statisticsRoutes from './statistics/routes';
import usersRoutes from './users/routes';

const adminRoutes: FastifyPluginAsync = async (app) => {
  // Every answer is about the site's private running: never cached by a browser or a proxy.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  for (const area of [
    adminAuthRoutes,
    statisticsRoutes,
    moderationRoutes,
    contactsRoutes,
    usersRoutes,
    premiumRoutes,
    impersonationRoutes,
    liveContentRoutes,
    featuredRoutes,
    auditRoutes,
  ])
    await app.register(area);
};

export default adminRoutes;
