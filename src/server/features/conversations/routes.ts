// Enquiries, conversations, blocks and reports (issue 13). Every answer depends on who asks: never cached.

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ZConversationListQuery,
  ZEnquiryRequest,
  ZMessageListQuery,
  ZMessageRequest,
  ZReportRequest,
} from '../../../domain/conversations';
import { AppError } from '../../../domain/errors';
import { withoutNul } from '../../lib/nul';
import { parse } from '../../lib/validation';
import { actorOf, paramOf, requireAdmin, requireUser } from '../../plugins/request-kit';
import { ADMIN_ROUTE } from '../admin/http';
import {
  closeReportAsAdmin,
  enquirySummary,
  getMessages,
  listInbox,
  listReports,
  markConversationRead,
  postMessage,
  reportConversation,
  sendEnquiry,
  setBlock,
  unreadTotal,
} from './service';

/** Messages a person may send in ten minutes, across conversations: a burst, not a flood. */
const MESSAGES_PER_TEN_MINUTES = 60;
const ZReportListQuery = z.object({ status: z.enum(['open', 'closed']).catch('open') });

const conversationsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  const messageLimit = app.createRateLimit({
    max: MESSAGES_PER_TEN_MINUTES,
    timeWindow: '10 minutes',
    keyGenerator: (request) => `messages:${request.auth.user?.id}`,
  });
  const enforce = async (request: FastifyRequest) => {
    const result = await messageLimit(request);
    if (!result.isAllowed && result.isExceeded)
      throw new AppError(
        'RATE_LIMITED',
        'You have sent a lot of messages recently. Please wait a few minutes.',
      );
  };

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post('/api/properties/:id/enquiries', async (request, reply) => {
    const actor = actorOf(request);
    const input = parse(ZEnquiryRequest, withoutNul(request.body));
    await enforce(request);
    const { conversationId, created } = await sendEnquiry(ctx, actor, paramOf(request, 'id'), input);
    return reply.status(created ? 201 : 200).send({ conversationId });
  });

  app.get('/api/conversations', async (request) => {
    const user = requireUser(request);
    return listInbox(ctx, user, parse(ZConversationListQuery, request.query).page ?? 1);
  });

  app.get('/api/conversations/unread', async (request) => unreadTotal(ctx, requireUser(request)));
  app.get('/api/conversations/summary', async (request) => enquirySummary(ctx, requireUser(request)));

  app.get('/api/conversations/:id/messages', async (request) =>
    getMessages(ctx, actorOf(request), paramOf(request, 'id'), parse(ZMessageListQuery, request.query)),
  );

  app.post('/api/conversations/:id/messages', async (request, reply) => {
    const actor = actorOf(request);
    const { body } = parse(ZMessageRequest, withoutNul(request.body));
    await enforce(request);
    return reply.status(201).send(await postMessage(ctx, actor, paramOf(request, 'id'), body));
  });

  app.post('/api/conversations/:id/read', async (request) =>
    markConversationRead(ctx, actorOf(request), paramOf(request, 'id')),
  );

  app.post('/api/conversations/:id/report', async (request, reply) => {
    const actor = actorOf(request);
    const { reason } = parse(ZReportRequest, withoutNul(request.body));
    return reply.status(201).send(await reportConversation(ctx, actor, paramOf(request, 'id'), reason));
  });

  app.post('/api/users/:id/block', async (request) =>
    setBlock(ctx, actorOf(request), paramOf(request, 'id'), true),
  );
  app.delete('/api/users/:id/block', async (request) =>
    setBlock(ctx, actorOf(request), paramOf(request, 'id'), false),
  );

  // ---- admin: reported conversations ----

  app.get('/api/admin/reports', ADMIN_ROUTE, async (request) => {
    requireAdmin(request);
    const { status } = parse(ZReportListQuery, request.query);
    return listReports(ctx, status);
  });

  app.post('/api/admin/reports/:id/close', ADMIN_ROUTE, async (request) => {
    const admin = requireAdmin(request);
    await closeReportAsAdmin(ctx, { user: admin, ip: request.ip }, paramOf(request, 'id'));
    return { ok: true };
  });
};

export default conversationsRoutes;
