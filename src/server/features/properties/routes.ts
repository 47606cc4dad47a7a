// Property search and detail API (doc 1 §7): GET /api/properties (premium) and GET /api/properties/{id} (public).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ZPropertySearchQuery } from '../../../domain/properties';
import { parse } from '../../lib/validation';
import { requirePremium } from '../../plugins/guards';
import { getPropertyDetail, listFeaturedProperties, searchProperties, type Viewer } from './service';

function viewerOf(request: FastifyRequest): Viewer {
  return {
    user: request.auth.user,
    premium: request.auth.premium,
    listingVersion: request.auth.listingVersion,
  };
}

const propertiesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/properties', async (request, reply) => {
    // Browsing is a premium feature (doc 1 §6); the server is the gate, not the page.
    requirePremium(request);
    const query = parse(ZPropertySearchQuery, request.query);
    const json = await searchProperties(app.ctx, query, viewerOf(request));
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
    const property = await getPropertyDetail(app.ctx, request.params.id, viewerOf(request));
    // The answer depends on who asks (contact details, saved): never shared by a cache.
    return reply.header('cache-control', 'private, no-store').send(property);
  });
};

export default propertiesRoutes;
