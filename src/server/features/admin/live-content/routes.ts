// GET /api/admin/live-content, POST /api/admin/create-live-content, DELETE /api/admin/property/{id},
// DELETE /api/admin/contractor/{id} (super admin).
import type { FastifyPluginAsync } from 'fastify';
import { LIVE_CONTENT_BODY_LIMIT, ZCreateLiveContentRequest } from '../../../../domain/admin';
import { withoutNul } from '../../../lib/nul';
import { parse } from '../../../lib/validation';
import { adminActor, paramOf, SUPER_ADMIN_ROUTE } from '../http';
import { createLiveContent, deleteAnyContractor, deleteAnyProperty, getLiveContent } from './service';

const liveContentRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/api/admin/live-content', SUPER_ADMIN_ROUTE, async () => getLiveContent(ctx));

  // Images travel as data URLs, so this body may be far bigger than the site's 1 MB; the role check runs on
  // onRequest, before any of it is read.
  app.post(
    '/api/admin/create-live-content',
    { ...SUPER_ADMIN_ROUTE, bodyLimit: LIVE_CONTENT_BODY_LIMIT },
    async (request, reply) => {
      const input = parse(ZCreateLiveContentRequest, withoutNul(request.body));
      return reply.status(201).send(await createLiveContent(ctx, adminActor(request), input));
    },
  );

  app.delete('/api/admin/property/:id', SUPER_ADMIN_ROUTE, async (request) =>
    deleteAnyProperty(ctx, adminActor(request), paramOf(request, 'id')),
  );

  app.delete('/api/admin/contractor/:id', SUPER_ADMIN_ROUTE, async (request) =>
    deleteAnyContractor(ctx, adminActor(request), paramOf(request, 'id')),
  );
};

export default liveContentRoutes;
