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
import { bodyOf, queryOf, type RoutesPlugin, uuidParams } from '../../lib/contract';
import { idParam, requireUser } from '../../plugins/request-kit';
import {
  assertForumMember,
  assertModerator,
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

const forumRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  const member = (request: FastifyRequest) => {
    const user = requireUser(request);
    assertForumMember(user, request.auth.premium);
    return user;
  };

  // Posting limits per user, counted only for posts that passed the gate and validation.
  const perUser = (prefix: string) => (request: FastifyRequest) => `${prefix}:${request.auth.user?.id}`;
  const topicLimit = app.createRateLimit({
    max: FORUM_LIMITS.topicsPerHour,
    timeWindow: '1 hour',
    keyGenerator: perUser('forum-topic'),
  });
  const messageLimit = app.createRateLimit({
    max: FORUM_LIMITS.messagesPerTenMinutes,
    timeWindow: '10 minutes',
    keyGenerator: perUser('forum-message'),
  });
  const enforce = async (limit: typeof topicLimit, request: FastifyRequest, what: string) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      const minutes = Math.max(1, Math.ceil(result.ttl / 60_000));
      throw new AppError(
        'RATE_LIMITED',
        `You have posted a lot of ${what} recently. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
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
  app.get('/api/forum/topics', { schema: topics }, async (request) => {
    member(request);
    return listTopicsPage(ctx, queryOf(request));
  });

  const newTopic = {
    summary: 'Start a topic (premium tenants).',
    tags,
    body: ZCreateTopicRequest,
    response: { 201: ZForumTopic },
  };
  app.post('/api/forum/topics', { schema: newTopic }, async (request, reply) => {
    const user = member(request);
    const input = bodyOf(request);
    await enforce(topicLimit, request, 'topics');
    return reply.status(201).send(await createTopic(ctx, user, input));
  });

  const messages = {
    summary: 'A topic and a page of its messages (premium tenants).',
    tags,
    params,
    querystring: ZMessagesQuery,
    response: { 200: ZMessagesPage },
  };
  app.get('/api/forum/topics/:id/messages', { schema: messages }, async (request) => {
    member(request);
    const id = idParam(request);
    return getMessagesPage(ctx, id, queryOf(request));
  });

  const newMessage = {
    summary: 'Post a message in a topic (premium tenants).',
    tags,
    params,
    body: ZCreateMessageRequest,
    response: { 201: ZForumMessage },
  };
  app.post('/api/forum/topics/:id/messages', { schema: newMessage }, async (request, reply) => {
    const user = member(request);
    const id = idParam(request);
    const input = bodyOf(request);
    await enforce(messageLimit, request, 'messages');
    return reply.status(201).send(await postMessage(ctx, user, id, input));
  });

  const moderate = (summary: string) => ({ schema: { summary, tags, params, response: { 200: ZOk } } });
  app.delete(
    '/api/forum/topics/:id',
    moderate('Delete a topic and its messages (moderators).'),
    async (request) => {
      const user = requireUser(request);
      assertModerator(user);
      await deleteTopic(ctx, { user, ip: request.ip }, idParam(request));
      return { ok: true };
    },
  );

  app.delete('/api/forum/messages/:id', moderate('Delete a message (moderators).'), async (request) => {
    const user = requireUser(request);
    assertModerator(user);
    await deleteMessage(ctx, { user, ip: request.ip }, idParam(request));
    return { ok: true };
  });
};

export default forumRoutes;
