// Saved homes and saved searches API (doc 1 §7): interactions, saved properties (with unsave), saved searches.
import { z } from 'zod';
import { ZPropertyInteraction, ZSavedSearchRequest, ZSavedSearchUpdate } from '../../../domain/properties';
import { bodyOf, described, type RoutesPlugin } from '../../lib/contract';
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

const tags = ['saved'];
const about = (summary: string, reply: string) => ({ summary, tags, response: { 200: described(reply) } });
const removed = (summary: string) => ({ schema: { summary, tags, response: { 204: described('Removed') } } });

const savedRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  // Each answer is about one person's own list.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const ZInteracted = z.object({ saved: z.boolean().optional(), viewed: z.boolean().optional() });
  const interaction = {
    summary: 'Save a home, or count a view of it (201 the first time, 200 after).',
    tags,
    body: ZPropertyInteraction,
    response: { 200: ZInteracted, 201: ZInteracted },
  };
  app.post('/api/property-interactions', { schema: interaction }, async (request, reply) => {
    const actor = actorOf(request);
    const input = bodyOf(request);
    const created = await recordInteraction(ctx, actor, input);
    return reply.status(created ? 201 : 200).send(input.type === 'save' ? { saved: true } : { viewed: true });
  });

  const summary = about('How many homes you saved and viewed.', 'The counts');
  app.get('/api/property-interactions/summary', { schema: summary }, async (request) =>
    summariseInteractions(ctx, actorOf(request)),
  );

  const savedHomes = about('Your saved homes, newest first.', 'The saved homes (a list)');
  app.get('/api/saved-properties', { schema: savedHomes }, async (request) =>
    listSavedProperties(ctx, actorOf(request)),
  );

  app.delete('/api/saved-properties/:propertyId', removed('Unsave a home.'), async (request, reply) => {
    await unsaveProperty(ctx, actorOf(request), paramOf(request, 'propertyId'));
    return reply.status(204).send();
  });

  const saveSearch = {
    summary: 'Save a search, with email alerts (a plan feature).',
    tags,
    body: ZSavedSearchRequest,
    response: { 201: described('The saved search') },
  };
  app.post('/api/saved-searches', { schema: saveSearch }, async (request, reply) => {
    const actor = actorOf(request);
    assertCanUseSavedSearches(actor);
    const input = bodyOf(request);
    return reply.status(201).send(await createSavedSearch(ctx, actor, input));
  });

  const searches = about('Your saved searches.', 'The saved searches (a list)');
  app.get('/api/saved-searches', { schema: searches }, async (request) =>
    listSavedSearches(ctx, actorOf(request)),
  );

  const change = {
    ...about('Rename a saved search or change its alerts.', 'The saved search'),
    body: ZSavedSearchUpdate,
  };
  app.patch('/api/saved-searches/:id', { schema: change }, async (request) => {
    const actor = actorOf(request);
    assertCanUseSavedSearches(actor);
    const input = bodyOf(request);
    return changeSavedSearch(ctx, actor, paramOf(request, 'id'), input);
  });

  app.delete('/api/saved-searches/:id', removed('Delete a saved search.'), async (request, reply) => {
    await removeSavedSearch(ctx, actorOf(request), paramOf(request, 'id'));
    return reply.status(204).send();
  });
};

export default savedRoutes;
