// Saved homes and saved searches API (doc 1 §7): interactions, saved properties (with unsave), saved searches.
import type { FastifyPluginAsync } from 'fastify';
import { ZPropertyInteraction, ZSavedSearchRequest, ZSavedSearchUpdate } from '../../../domain/properties';
import { withoutNul } from '../../lib/nul';
import { parse } from '../../lib/validation';
import { actorOf, paramOf } from '../../plugins/request-kit';
import {
  assertCanUseSavedSearches,
  changeSavedSearch,
  createSavedSearch,
  listSavedProperties,
  listSavedSearches,
  recordInteraction,
  removeSavedSearch,
  summariseInteractions,
  unsaveProperty,
} from './service';

const savedRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  // Each answer is about one person's own list.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/api/property-interactions', async (request, reply) => {
    const actor = actorOf(request);
    const input = parse(ZPropertyInteraction, withoutNul(request.body));
    const created = await recordInteraction(ctx, actor, input);
    return reply.status(created ? 201 : 200).send(input.type === 'save' ? { saved: true } : { viewed: true });
  });

  app.get('/api/property-interactions/summary', async (request) =>
    summariseInteractions(ctx, actorOf(request)),
  );

  app.get('/api/saved-properties', async (request) => listSavedProperties(ctx, actorOf(request)));

  app.delete('/api/saved-properties/:propertyId', async (request, reply) => {
    await unsaveProperty(ctx, actorOf(request), paramOf(request, 'propertyId'));
    return reply.status(204).send();
  });

  app.post('/api/saved-searches', async (request, reply) => {
    const actor = actorOf(request);
    assertCanUseSavedSearches(actor);
    const input = parse(ZSavedSearchRequest, withoutNul(request.body));
    return reply.status(201).send(await createSavedSearch(ctx, actor, input));
  });

  app.get('/api/saved-searches', async (request) => listSavedSearches(ctx, actorOf(request)));

  app.patch('/api/saved-searches/:id', async (request) => {
    const actor = actorOf(request);
    assertCanUseSavedSearches(actor);
    const input = parse(ZSavedSearchUpdate, withoutNul(request.body));
    return changeSavedSearch(ctx, actor, paramOf(request, 'id'), input);
  });

  app.delete('/api/saved-searches/:id', async (request, reply) => {
    await removeSavedSearch(ctx, actorOf(request), paramOf(request, 'id'));
    return reply.status(204).send();
  });
};

export default savedRoutes;
