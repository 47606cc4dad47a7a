// Saved homes and saved searches API (doc 1 §7): interactions, saved properties (with unsave), saved searches.
import { z } from 'zod';
import { ZInteractionSummary } from '../../../domain/listings';
import {
  ZPropertyInteraction,
  ZSavedProperty,
  ZSavedSearch,
  ZSavedSearchRequest,
  ZSavedSearchUpdate,
} from '../../../domain/properties';
import { bodyOf, noBody, type RoutesPlugin, uuidParams } from '../../lib/contract';
import { type Actor, actorOf, paramOf } from '../../plugins/request-kit';
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
const about = <T extends z.ZodType>(summary: string, reply: T) => ({
  summary,
  tags,
  response: { 200: reply },
});

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

  const summary = about('How many homes you saved and viewed.', ZInteractionSummary);
  app.get('/api/property-interactions/summary', { schema: summary }, async (request) =>
    summariseInteractions(ctx, actorOf(request)),
  );

  const savedHomes = about('Your saved homes, newest first.', z.array(ZSavedProperty));
  app.get('/api/saved-properties', { schema: savedHomes }, async (request) =>
    listSavedProperties(ctx, actorOf(request)),
  );

  /** DELETE of one of your own things, by its id: 204. */
  const removal = (
    url: string,
    summary: string,
    name: string,
    remove: (actor: Actor, id: string) => Promise<void>,
  ) => {
    const schema = { summary, tags, params: uuidParams(name), response: { 204: noBody('Removed') } };
    app.delete(url, { schema }, async (request, reply) => {
      await remove(actorOf(request), paramOf(request, name));
      return reply.status(204).send();
    });
  };

  removal('/api/saved-properties/:propertyId', 'Unsave a home.', 'propertyId', (actor, id) =>
    unsaveProperty(ctx, actor, id),
  );

  const saveSearch = {
    summary: 'Save a search, with email alerts (a plan feature).',
    tags,
    body: ZSavedSearchRequest,
    response: { 201: ZSavedSearch },
  };
  app.post('/api/saved-searches', { schema: saveSearch }, async (request, reply) => {
    const actor = actorOf(request);
    assertCanUseSavedSearches(actor);
    const input = bodyOf(request);
    return reply.status(201).send(await createSavedSearch(ctx, actor, input));
  });

  const searches = about('Your saved searches.', z.array(ZSavedSearch));
  app.get('/api/saved-searches', { schema: searches }, async (request) =>
    listSavedSearches(ctx, actorOf(request)),
  );

  const change = {
    ...about('Rename a saved search or change its alerts.', ZSavedSearch),
    params: uuidParams('id'),
    body: ZSavedSearchUpdate,
  };
  app.patch('/api/saved-searches/:id', { schema: change }, async (request) => {
    const actor = actorOf(request);
    assertCanUseSavedSearches(actor);
    const input = bodyOf(request);
    return changeSavedSearch(ctx, actor, paramOf(request, 'id'), input);
  });

  removal('/api/saved-searches/:id', 'Delete a saved search.', 'id', (actor, id) =>
    removeSavedSearch(ctx, actor, id),
  );
};

export default savedRoutes;
