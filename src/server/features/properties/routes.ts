// Property search and detail API (doc 1 §7): GET /api/properties and GET /api/properties/{id}, both open to
// everyone (docs/decisions/0014-open-browsing-and-plans.md); contact details only for those whose plan has them.
import { z } from 'zod';
import {
  type TPropertySearch,
  ZPropertyCard,
  ZPropertyDetail,
  ZPropertyPage,
  ZPropertySearchQuery,
} from '../../../domain/properties';
import { ParsedQueries, parsedByRoute, type RoutesPlugin, uuidParams } from '../../lib/contract';
import { viewerOf } from '../../plugins/request-kit';
import { listFeaturedProperties } from './featured';
import { getPropertyDetail, PROPERTY_NOT_FOUND, searchProperties } from './service';

const tags = ['properties'];

const propertiesRoutes: RoutesPlugin = async (app) => {
  const search = {
    summary: 'Search live listings: filters, keywords, radius or map bounds; a page of cards.',
    tags,
    querystring: parsedByRoute(ZPropertySearchQuery),
    response: { 200: ZPropertyPage },
  };
  // A popular search's query string is parsed once: the parse was an eighth of a cached search's time.
  const searches = new ParsedQueries<TPropertySearch>();
  app.get('/api/properties', { schema: search }, async (request, reply) => {
    const query = searches.of(request);
    const viewer = viewerOf(request);
    const json = await searchProperties(
      app.ctx,
      query.value,
      viewer,
      query.json,
      request.auth.listingVersion,
    );
    return reply
      .header('cache-control', 'private, no-store')
      .type('application/json; charset=utf-8')
      .send(json);
  });

  const featured = {
    summary:
      "The landing page's featured homes: those an admin pinned, then live homes chosen by the rules (decision 0062).",
    tags,
    response: { 200: z.object({ properties: z.array(ZPropertyCard) }) },
  };
  app.get('/api/properties/featured', { schema: featured }, async (_request, reply) => {
    const properties = await listFeaturedProperties(app.ctx);
    return reply.header('cache-control', 'public, max-age=300').send({ properties });
  });

  const detail = {
    summary: 'One listing: live for everyone; the owner and admins also see it in review, paused or let.',
    tags,
    params: uuidParams({ id: PROPERTY_NOT_FOUND }),
    response: { 200: ZPropertyDetail },
  };
  app.get('/api/properties/:id', { schema: detail }, async (request, reply) => {
    const viewer = viewerOf(request);
    const property = await getPropertyDetail(app.ctx, request.params.id, viewer, request.auth.listingVersion);
    // The answer depends on who asks (contact details, saved): never shared by a cache.
    return reply.header('cache-control', 'private, no-store').send(property);
  });
};

export default propertiesRoutes;
