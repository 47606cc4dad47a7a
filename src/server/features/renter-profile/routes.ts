// The renter profile API (issue 31 item 1): GET and PUT /api/renter-profile, the signed-in tenant's own.
import { ZRenterProfileReply, ZRenterProfileRequest } from '../../../domain/renter-profile';
import type { RoutesPlugin } from '../../lib/contract';
import { actorOf, guardedRoute } from '../../plugins/request-kit';
import { assertRenter, getOwnRenterProfile, saveOwnRenterProfile } from './service';

const tags = ['renter profile'];
/** 401 signed out, 403 for anyone but a tenant: before the body is read. */
const RENTERS = guardedRoute(assertRenter);

const renterProfileRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  // One person's own details: never kept by a cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const read = {
    summary: 'Your renter profile (tenants): null until you first save it. Only you see it until you apply.',
    tags,
    response: { 200: ZRenterProfileReply },
  };
  app.get('/api/renter-profile', { ...RENTERS, schema: read }, async (request) =>
    getOwnRenterProfile(ctx, actorOf(request)),
  );

  const write = {
    summary: 'Save your renter profile (tenants, any plan): every field at once.',
    tags,
    body: ZRenterProfileRequest,
    response: { 200: ZRenterProfileReply },
  };
  app.put('/api/renter-profile', { ...RENTERS, schema: write }, async (request) =>
    saveOwnRenterProfile(ctx, actorOf(request), request.body),
  );
};

export default renterProfileRoutes;
