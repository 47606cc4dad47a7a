// Forum API (doc 2 §7): topics and messages for premium tenants; moderators (admins) delete.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../../domain/errors';
import {
  FORUM_LIMITS,
  ZCreateMessageRequest,
  ZCreateTopicRequest,
  ZMessagesQuery,
  ZTopicsQuery,
} from '../../../domain/forum';
import { withoutNul } from '../../lib/nul';
import { parse } from '../../lib/validation';
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

const forumRoutes: FastifyPluginAsync = async (app) => {
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

  app.get('/api/forum/topics', async (request) => {
    member(request);
    return listTopicsPage(ctx, parse(ZTopicsQuery, request.query));
  });

  app.post('/api/forum/topics', async (request, reply) => {
    const user = member(request);
    const input = parse(ZCreateTopicRequest, withoutNul(request.body));
    await enforce(topicLimit, request, 'topics');
    return reply.status(201).send(await createTopic(ctx, user, input));
  });

  app.get('/api/forum/topics/:id/messages', async (request) => {
    member(request);
    const id = idParam(request);
    return getMessagesPage(ctx, id, parse(ZMessagesQuery, request.query));
  });

  app.post('/api/forum/topics/:id/messages', async (request, reply) => {
    const user = member(request);
    const id = idParam(request);
    const input = parse(ZCreateMessageRequest, withoutNul(request.body));
    await enforce(messageLimit, request, 'messages');
    return reply.status(201).send(await postMessage(ctx, user, id, input));
  });

  app.delete('/api/forum/topics/:id', async (request) => {
    const user = requireUser(request);
    assertModerator(user);
    await deleteTopic(ctx, { user, ip: request.ip }, idParam(request));
    return { ok: true };
  });

  app.delete('/api/forum/messages/:id', async (request) => {
    const user = requireUser(request);
    assertModerator(user);
    await deleteMessage(ctx, { user, ip: request.ip }, idParam(request));
    return { ok: true };
  });
};

export default forumRoutes;
