// Forum API (doc 2 §7): topics and messages for premium tenants; moderators (admins) delete.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import {
  FORUM_LIMITS,
  ZCreateMessageRequest,
  ZCreateTopicRequest,
  ZForumMessage,
  ZForumTopic,
  ZMessagesPage,
  ZMessagesQuery,
  ZTopicsPage,
  ZTopicsQuery,
} from '../../../domain/forum';
import { LIMITS } from '../../../domain/limits';
import { type RoutesPlugin, uuidParams } from '../../lib/contract';
import { ADMIN_ROUTE, actorOf, guardedRoute } from '../../plugins/request-kit';
import {
  assertForumMember,
  createTopic,
  deleteMessage,
  deleteTopic,
  getMessagesPage,
  listTopicsPage,
  postMessage,
} from './service';

const tags = ['forum'];
const params = uuidParams('id');
const ZOk = z.object({ ok: z.boolean() });
/** Premium tenants: 401 signed out, 403 for anyone else, before what they sent is read. */
const MEMBERS = guardedRoute((actor) => assertForumMember(actor.user, actor.premium));

const forumRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  // Posting limits per user, counted only for posts that passed the gate and validation.
  const perUser = (prefix: string) => (request: FastifyRequest) => `${prefix}:${request.auth.user?.id}`;
  const topicLimit = app.createRateLimit({
    max: FORUM_LIMITS.topicsPerHour,
    timeWindow: LIMITS.forumTopicsPerUser.windowMs,
    keyGenerator: perUser('forum-topic'),
  });
  const messageLimit = app.createRateLimit({
    max: FORUM_LIMITS.messagesPerTenMinutes,
    timeWindow: LIMITS.forumMessagesPerUser.windowMs,
    keyGenerator: perUser('forum-message'),
  });
  const enforce = async (limit: typeof topicLimit, request: FastifyRequest, what: string) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      const minutes = Math.max(1, Math.ceil(result.ttl / 60_000));
      throw new AppError(
        'RATE_LIMITED',
        `You have posted a lot of ${what} recently. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      ).withRetryAfter(result.ttl / 1000);
    }
  };

  // Members-only content: never kept by a shared cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const topics = {
    summary: 'Forum topics, most recently active first (premium tenants).',
    tags,
    querystring: ZTopicsQuery,
    response: { 200: ZTopicsPage },
  };
  app.get('/api/forum/topics', { ...MEMBERS, schema: topics }, async (request) =>
    listTopicsPage(ctx, request.query),
  );

  const newTopic = {
    summary: 'Start a topic (premium tenants).',
    tags,
    body: ZCreateTopicRequest,
    response: { 201: ZForumTopic },
  };
  app.post('/api/forum/topics', { ...MEMBERS, schema: newTopic }, async (request, reply) => {
    await enforce(topicLimit, request, 'topics');
    return reply.status(201).send(await createTopic(ctx, actorOf(request).user, request.body));
  });

  const messages = {
    summary: 'A topic and a page of its messages (premium tenants).',
    tags,
    params,
    querystring: ZMessagesQuery,
    response: { 200: ZMessagesPage },
  };
  app.get('/api/forum/topics/:id/messages', { ...MEMBERS, schema: messages }, async (request) =>
    getMessagesPage(ctx, request.params.id, request.query),
  );

  const newMessage = {
    summary: 'Post a message in a topic (premium tenants).',
    tags,
    params,
    body: ZCreateMessageRequest,
    response: { 201: ZForumMessage },
  };
  app.post('/api/forum/topics/:id/messages', { ...MEMBERS, schema: newMessage }, async (request, reply) => {
    await enforce(messageLimit, request, 'messages');
    return reply
      .status(201)
      .send(await postMessage(ctx, actorOf(request).user, request.params.id, request.body));
  });

  // Moderators are the admins.
  const moderate = (summary: string) => ({
    ...ADMIN_ROUTE,
    schema: { summary, tags, params, response: { 200: ZOk } },
  });
  app.delete(
    '/api/forum/topics/:id',
    moderate('Delete a topic and its messages (moderators).'),
    async (request) => {
      await deleteTopic(ctx, actorOf(request), request.params.id);
      return { ok: true };
    },
  );

  app.delete('/api/forum/messages/:id', moderate('Delete a message (moderators).'), async (request) => {
    await deleteMessage(ctx, actorOf(request), request.params.id);
    return { ok: true };
  });
};

export default forumRoutes;
