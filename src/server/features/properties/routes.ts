// Property search and detail API (doc 1 §7): GET /api/properties and GET /api/properties/{id}, both open to
// everyone (docs/decisions/0014-open-browsing-and-plans.md); contact details only for those whose plan has them.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ZPropertySearchQuery } from '../../../domain/properties';
import { parse } from '../../lib/validation';
import { viewerOf } from '../../plugins/request-kit';
import { getPropertyDetail, listFeaturedProperties, searchProperties, type Viewer } from './service';

/** The kit's viewer, plus the search cache's listing version read with the session. */
function searchViewer(request: FastifyRequest): Viewer {
  return { ...viewerOf(request), listingVersion: request.auth.listingVersion };
}

const propertiesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/properties', async (request, reply) => {
    const query = parse(ZPropertySearchQuery, request.query);
    const json = await searchProperties(app.ctx, query, searchViewer(request));
    return reply
      .header('cache-control', 'private, no-store')
      .type('application/json; charset=utf-8')
      .send(json);
  });

  app.get('/api/properties/featured', async (_request, reply) => {
    const properties = await listFeaturedProperties(app.ctx);
    return reply.header('cache-control', 'public, max-age=300').send({ properties });
  });

  app.get<{ Params: { id: string } }>('/api/properties/:id', async (request, reply) => {
    const property = await getPropertyDetail(app.ctx, request.params.id, searchViewer(request));
    // The answer depends on who asks (contact details, saved): never shared by a cache.
    return reply.header('cache-control', 'private, no-store').send(property);
  });
};

export default propertiesRoutes;
