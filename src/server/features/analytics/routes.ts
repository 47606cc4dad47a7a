import { ZPageViewRequest } from '../../../domain/accounts';
import { LIMITS } from '../../../domain/limits';
import { noBody, type RoutesPlugin } from '../../lib/contract';
import { recordPageView } from './service';

const analyticsRoutes: RoutesPlugin = async (app) => {
  // Page views from the client router (doc 1 "Global navigation"); stored for the admin statistics.
  app.post(
    '/api/analytics/page-view',
    {
      config: { rateLimit: { max: LIMITS.pageViewsPerIp.max, timeWindow: LIMITS.pageViewsPerIp.windowMs } },
      schema: {
        summary: 'Count a page view (the client router sends one per page).',
        tags: ['site'],
        body: ZPageViewRequest,
        response: { 204: noBody('Counted') },
      },
    },
    async (request, reply) => {
      await recordPageView(app.ctx, request.body, request.auth.user?.id ?? null);
      return reply.status(204).send();
    },
  );
};

export default analyticsRoutes;
