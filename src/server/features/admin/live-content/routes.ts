// GET /api/admin/live-content, POST /api/admin/create-live-content, DELETE /api/admin/property/{id},
// DELETE /api/admin/contractor/{id} (super admin).
import {
  LIVE_CONTENT_BODY_LIMIT,
  ZAdminDone,
  ZCreateLiveContentReply,
  ZCreateLiveContentRequest,
  ZLiveContent,
} from '../../../../domain/admin';
import { type RoutesPlugin, uuidParams } from '../../../lib/contract';
import { adminActor, SUPER_ADMIN_ROUTE } from '../http';
import { createLiveContent, deleteAnyContractor, deleteAnyProperty, getLiveContent } from './service';

const tags = ['admin'];

const liveContentRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  const list = {
    summary: 'Users, and the live content the super admin published, each with its liveUntil (super admin).',
    tags,
    response: { 200: ZLiveContent },
  };
  app.get('/api/admin/live-content', { ...SUPER_ADMIN_ROUTE, schema: list }, async () => getLiveContent(ctx));

  // Images travel as data URLs, so this body may be far bigger than the site's 1 MB; the role check runs on
  // onRequest, before any of it is read.
  app.post(
    '/api/admin/create-live-content',
    {
      ...SUPER_ADMIN_ROUTE,
      bodyLimit: LIVE_CONTENT_BODY_LIMIT,
      schema: {
        summary: 'Publish a property or contractor straight to the site for some hours (super admin).',
        tags,
        body: ZCreateLiveContentRequest,
        response: { 201: ZCreateLiveContentReply },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createLiveContent(ctx, adminActor(request), request.body)),
  );

  const remove = (summary: string, notFound: string) => ({
    ...SUPER_ADMIN_ROUTE,
    schema: { summary, tags, params: uuidParams({ id: notFound }), response: { 200: ZAdminDone } },
  });
  app.delete(
    '/api/admin/property/:id',
    remove('Delete any property (super admin).', 'Property not found'),
    async (request) => deleteAnyProperty(ctx, adminActor(request), request.params.id),
  );

  app.delete(
    '/api/admin/contractor/:id',
    remove('Delete any contractor profile (super admin).', 'Contractor not found'),
    async (request) => deleteAnyContractor(ctx, adminActor(request), request.params.id),
  );
};

export default liveContentRoutes;
