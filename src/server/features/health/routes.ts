import type { FastifyPluginAsync } from 'fastify';
import type { TPublicConfig } from '../../../domain/config';

const healthRoutes: FastifyPluginAsync = async (app) => {
  // Process up (liveness).
  app.get('/healthz', async () => ({ status: 'ok' }));
  // Database reachable (readiness): a load balancer stops sending traffic when this fails.
  app.get('/readyz', async (_request, reply) => {
    try {
      await app.ctx.database.ping();
      return { status: 'ready', database: app.ctx.database.kind };
    } catch {
      return reply.status(503).send({ message: 'Database unreachable', code: 'UNAVAILABLE' });
    }
  });
  // The client reads public settings from here (never secrets).
  app.get(
    '/api/config',
    async (): Promise<TPublicConfig> => ({
      demoLogin: app.ctx.config.demoLogin,
      mapTileUrl: app.ctx.config.mapTileUrl,
      payments: app.ctx.config.paymentsProvider,
      // Public by design (Stripe.js needs it in the browser); only sent when Stripe is the provider.
      stripePublishableKey:
        app.ctx.config.paymentsProvider === 'stripe' ? (app.ctx.config.stripePublishableKey ?? null) : null,
    }),
  );
};

export default healthRoutes;
