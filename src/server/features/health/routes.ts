import { z } from 'zod';
import { type TPublicConfig, ZPublicConfig } from '../../../domain/config';
import { ZErrorBody } from '../../../domain/error-body';
import type { RoutesPlugin } from '../../lib/contract';

const tags = ['site'];

const healthRoutes: RoutesPlugin = async (app) => {
  // Process up (liveness).
  const live = {
    summary: 'The process is up (liveness).',
    tags,
    response: { 200: z.object({ status: z.string() }) },
  };
  app.get('/healthz', { schema: live }, async () => ({ status: 'ok' }));
  // Database reachable and not stopping (readiness): a load balancer stops sending traffic when this fails.
  const ready = {
    summary: 'The database answers and the process is not stopping (readiness); 503 otherwise.',
    tags,
    response: { 200: z.object({ status: z.string(), database: z.string() }), 503: ZErrorBody },
  };
  app.get('/readyz', { schema: ready }, async (_request, reply) => {
    if (app.ctx.lifecycle.draining)
      return reply.status(503).send({ message: 'Shutting down', code: 'UNAVAILABLE' });
    try {
      await app.ctx.database.ping();
      return { status: 'ready', database: app.ctx.database.kind };
    } catch {
      return reply.status(503).send({ message: 'Database unreachable', code: 'UNAVAILABLE' });
    }
  });
  // The client reads public settings from here (never secrets).
  const config = {
    summary: "The site's public settings (never secrets).",
    tags,
    response: { 200: ZPublicConfig },
  };
  app.get(
    '/api/config',
    { schema: config },
    async (): Promise<TPublicConfig> => ({
      demoLogin: app.ctx.config.demoLogin,
      mapTileUrl: app.ctx.config.mapTileUrl,
      payments: app.ctx.config.paymentsProvider,
      company: app.ctx.config.company,
      // Public by design (Stripe.js needs it in the browser); only sent when Stripe is the provider.
      stripePublishableKey:
        app.ctx.config.paymentsProvider === 'stripe' ? (app.ctx.config.stripePublishableKey ?? null) : null,
    }),
  );
};

export default healthRoutes;
