// GET /api/admin/featured, PUT and DELETE /api/admin/featured/{id} (admins): the landing page's featured homes and
// the pins that put a live home first (decision 0062). The rules and the pins live with the listings
// (features/properties/featured.ts); these routes only say who may call them.
import { ZEmptyRequest } from '../../../../domain/accounts';
import { FEATURED_MESSAGES, ZFeaturedAdmin } from '../../../../domain/featured';
import { type RouteScope, type RoutesPlugin, uuidParams } from '../../../lib/contract';
import { getFeaturedAdmin, pinFeatured, unpinFeatured } from '../../properties/featured';
import { ADMIN_ROUTE, adminActor, allowEmptyJson } from '../http';

const tags = ['admin'];

const featuredRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  const list = {
    summary: 'The featured homes the landing page shows, why each is there, and every pin (admins).',
    tags,
    response: { 200: ZFeaturedAdmin },
  };
  app.get('/api/admin/featured', { ...ADMIN_ROUTE, schema: list }, async () => getFeaturedAdmin(ctx));

  await app.register(async (scope: RouteScope) => {
    await allowEmptyJson(scope);
    scope.put(
      '/api/admin/featured/:id',
      {
        ...ADMIN_ROUTE,
        schema: {
          summary: 'Pin a live home to the front of the featured homes (admins; 409 when not live or full).',
          tags,
          params: uuidParams({ id: FEATURED_MESSAGES.notFound }),
          body: ZEmptyRequest,
          response: { 200: ZFeaturedAdmin },
        },
      },
      async (request) => pinFeatured(ctx, adminActor(request), request.params.id),
    );
  });

  app.delete(
    '/api/admin/featured/:id',
    {
      ...ADMIN_ROUTE,
      schema: {
        summary: 'Unpin a featured home; the rules fill its place (admins).',
        tags,
        params: uuidParams({ id: FEATURED_MESSAGES.notPinned }),
        response: { 200: ZFeaturedAdmin },
      },
    },
    async (request) => unpinFeatured(ctx, adminActor(request), request.params.id),
  );
};

export default featuredRoutes;
