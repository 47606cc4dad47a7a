// Saved homes and saved searches API (doc 1 §7): interactions, saved properties (with unsave), saved searches.
import { z } from 'zod';
import type { Actor } from '../../../domain/identity';
import { ZInteractionSummary } from '../../../domain/listings';
import {
  ZPropertyInteraction,
  ZSavedProperty,
  ZSavedSearch,
  ZSavedSearchRequest,
  ZSavedSearchUpdate,
} from '../../../domain/properties';
import { noBody, type RoutesPlugin, uuidParams } from '../../lib/contract';
import { actorOf, guardedRoute, SIGNED_IN_ROUTE } from '../../plugins/request-kit';
import type { SessionUser } from '../../plugins/sessions';
import {
  assertCanUseSavedSearches,
  changeSavedSearch,
  createSavedSearch,
  listSavedProperties,
  listSavedSearches,
  NOT_SAVED,
  recordInteraction,
  removeSavedSearch,
  SAVED_SEARCH_NOT_FOUND,
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
  app.post(
    '/api/property-interactions',
    { ...SIGNED_IN_ROUTE, schema: interaction },
    async (request, reply) => {
      const input = request.body;
      const created = await recordInteraction(ctx, actorOf(request), input);
      return reply
        .status(created ? 201 : 200)
        .send(input.type === 'save' ? { saved: true } : { viewed: true });
    },
  );

  const summary = about('How many homes you saved and viewed.', ZInteractionSummary);
  app.get('/api/property-interactions/summary', { ...SIGNED_IN_ROUTE, schema: summary }, async (request) =>
    summariseInteractions(ctx, actorOf(request)),
  );

  const savedHomes = about('Your saved homes, newest first.', z.array(ZSavedProperty));
  app.get('/api/saved-properties', { ...SIGNED_IN_ROUTE, schema: savedHomes }, async (request) =>
    listSavedProperties(ctx, actorOf(request)),
  );

  /** DELETE of one of your own things, by its id (the path's `name`): 204, or 404 with `notFound`. */
  const removal = (
    url: string,
    summary: string,
    [name, notFound]: [string, string],
    remove: (actor: Actor<SessionUser>, id: string) => Promise<void>,
  ) => {
    const params = uuidParams({ [name]: notFound });
    const schema = { summary, tags, params, response: { 204: noBody('Removed') } };
    app.delete(url, { ...SIGNED_IN_ROUTE, schema }, async (request, reply) => {
      await remove(actorOf(request), request.params[name]);
      return reply.status(204).send();
    });
  };

  removal('/api/saved-properties/:propertyId', 'Unsave a home.', ['propertyId', NOT_SAVED], (actor, id) =>
    unsaveProperty(ctx, actor, id),
  );

  const saveSearch = {
    summary: 'Save a search, with email alerts (a plan feature).',
    tags,
    body: ZSavedSearchRequest,
    response: { 201: ZSavedSearch },
  };
  // Checked before the body is read: the answer to a free account does not depend on what it sent.
  const withSavedSearches = guardedRoute(assertCanUseSavedSearches);
  app.post('/api/saved-searches', { ...withSavedSearches, schema: saveSearch }, async (request, reply) =>
    reply.status(201).send(await createSavedSearch(ctx, actorOf(request), request.body)),
  );

  const searches = about('Your saved searches.', z.array(ZSavedSearch));
  app.get('/api/saved-searches', { ...SIGNED_IN_ROUTE, schema: searches }, async (request) =>
    listSavedSearches(ctx, actorOf(request)),
  );

  const change = {
    ...about('Rename a saved search or change its alerts.', ZSavedSearch),
    params: uuidParams({ id: SAVED_SEARCH_NOT_FOUND }),
    body: ZSavedSearchUpdate,
  };
  app.patch('/api/saved-searches/:id', { ...withSavedSearches, schema: change }, async (request) =>
    changeSavedSearch(ctx, actorOf(request), request.params.id, request.body),
  );

  removal('/api/saved-searches/:id', 'Delete a saved search.', ['id', SAVED_SEARCH_NOT_FOUND], (actor, id) =>
    removeSavedSearch(ctx, actor, id),
  );
};

export default savedRoutes;
