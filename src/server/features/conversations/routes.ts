// Enquiries, conversations, blocks and reports (issue 13). Every answer depends on who asks: never cached.

import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CONVERSATION_MESSAGES as CONVERSATION_TEXT,
  ZBlocked,
  ZConversationListQuery,
  ZConversationPage,
  ZEnquiryRequest,
  ZEnquirySummary,
  ZMessage,
  ZMessageListQuery,
  ZMessagePage,
  ZMessageRequest,
  ZReported,
  ZReportList,
  ZReportRequest,
  ZUnread,
} from '../../../domain/conversations';
import { AppError } from '../../../domain/errors';
import { LIMIT_MESSAGES, LIMITS } from '../../../domain/limits';
import { type RoutesPlugin, uuidParams } from '../../lib/contract';
import { userRateLimit } from '../../plugins/rate-limits';
import { ADMIN_ROUTE, actorOf, SIGNED_IN_ROUTE } from '../../plugins/request-kit';
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

const ZReportListQuery = z.object({ status: z.enum(['open', 'closed']).catch('open') });

const tags = ['conversations'];
const ZOk = z.object({ ok: z.boolean() });
const params = uuidParams({ id: CONVERSATION_TEXT.notFound });
/** A route's schema: its one line and its reply. */
const about = <T extends z.ZodType>(summary: string, reply: T) => ({
  summary,
  tags,
  response: { 200: reply },
});
/** The same, for a route on one conversation (`:id`), answering 201 or 200. */
const onOne = <T extends z.ZodType>(summary: string, reply: T) => ({ ...about(summary, reply), params });
const createdOnOne = <T extends z.ZodType>(summary: string, reply: T) => ({
  summary,
  tags,
  params,
  response: { 201: reply },
});

const conversationsRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  // Messages a person may send across conversations: a burst, not a flood.
  const messageLimit = app.createRateLimit({
    max: LIMITS.messagesPerUser.max,
    timeWindow: LIMITS.messagesPerUser.windowMs,
    keyGenerator: (request) => `messages:${request.auth.user?.id}`,
  });
  const enforce = async (request: FastifyRequest) => {
    const result = await messageLimit(request);
    if (!result.isAllowed && result.isExceeded)
      throw new AppError(
        'RATE_LIMITED',
        'You have sent a lot of messages recently. Please wait a few minutes.',
      ).withRetryAfter(result.ttl / 1000);
  };

  // Reports per user (issue 29); one open report per conversation is the service's rule.
  const reportLimit = userRateLimit(app, 'reportsPerUser', LIMIT_MESSAGES.reports);

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const enquiry = {
    summary: 'Enquire about a home: opens (or continues) the conversation with its landlord.',
    tags,
    params: uuidParams({ id: 'Property not found' }),
    body: ZEnquiryRequest,
    response: {
      200: z.object({ conversationId: z.uuid() }),
      201: z.object({ conversationId: z.uuid() }),
    },
  };
  app.post(
    '/api/properties/:id/enquiries',
    { ...SIGNED_IN_ROUTE, schema: enquiry },
    async (request, reply) => {
      await enforce(request);
      const sent = await sendEnquiry(ctx, actorOf(request), request.params.id, request.body);
      return reply.status(sent.created ? 201 : 200).send({ conversationId: sent.conversationId });
    },
  );

  const inbox = {
    ...about('Your conversations, most recent first.', ZConversationPage),
    querystring: ZConversationListQuery,
  };
  app.get('/api/conversations', { ...SIGNED_IN_ROUTE, schema: inbox }, async (request) =>
    listInbox(ctx, actorOf(request).user, request.query.page ?? 1),
  );

  const unread = about('How many messages wait unread.', ZUnread);
  app.get('/api/conversations/unread', { ...SIGNED_IN_ROUTE, schema: unread }, async (request) =>
    unreadTotal(ctx, actorOf(request).user),
  );
  const summary = about("The dashboard's enquiry counts.", ZEnquirySummary);
  app.get('/api/conversations/summary', { ...SIGNED_IN_ROUTE, schema: summary }, async (request) =>
    enquirySummary(ctx, actorOf(request).user),
  );

  const messages = {
    ...onOne('A conversation and a page of its messages.', ZMessagePage),
    querystring: ZMessageListQuery,
  };
  app.get('/api/conversations/:id/messages', { ...SIGNED_IN_ROUTE, schema: messages }, async (request) =>
    getMessages(ctx, actorOf(request), request.params.id, request.query),
  );

  const send = { ...createdOnOne('Send a message in a conversation.', ZMessage), body: ZMessageRequest };
  app.post(
    '/api/conversations/:id/messages',
    { ...SIGNED_IN_ROUTE, schema: send },
    async (request, reply) => {
      await enforce(request);
      const message = await postMessage(ctx, actorOf(request), request.params.id, request.body);
      return reply.status(201).send(message);
    },
  );

  app.post(
    '/api/conversations/:id/read',
    { ...SIGNED_IN_ROUTE, schema: onOne('Mark a conversation read.', ZOk) },
    async (request) => markConversationRead(ctx, actorOf(request), request.params.id),
  );

  const report = {
    ...createdOnOne('Report a conversation to the moderators.', ZReported),
    body: ZReportRequest,
  };
  app.post(
    '/api/conversations/:id/report',
    { ...SIGNED_IN_ROUTE, schema: report },
    async (request, reply) => {
      await reportLimit(request);
      const reported = await reportConversation(
        ctx,
        actorOf(request),
        request.params.id,
        request.body.reason,
      );
      return reply.status(201).send(reported);
    },
  );

  const person = (summary: string) => ({
    ...SIGNED_IN_ROUTE,
    schema: { ...about(summary, ZBlocked), params: uuidParams({ id: 'User not found' }) },
  });
  app.post('/api/users/:id/block', person('Block a person: they cannot message you.'), async (request) =>
    setBlock(ctx, actorOf(request), request.params.id, true),
  );
  app.delete('/api/users/:id/block', person('Unblock a person.'), async (request) =>
    setBlock(ctx, actorOf(request), request.params.id, false),
  );

  // ---- admin: reported conversations ----

  const reports = {
    ...about('Reported conversations, open or closed (admins).', ZReportList),
    tags: ['admin'],
    querystring: ZReportListQuery,
  };
  app.get('/api/admin/reports', { ...ADMIN_ROUTE, schema: reports }, async (request) =>
    listReports(ctx, request.query.status),
  );

  const close = {
    summary: 'Close a report (admins).',
    tags: ['admin'],
    params: uuidParams({ id: 'Report not found' }),
    response: { 200: ZOk },
  };
  app.post('/api/admin/reports/:id/close', { ...ADMIN_ROUTE, schema: close }, async (request) => {
    await closeReportAsAdmin(ctx, actorOf(request), request.params.id);
    return { ok: true };
  });
};

export default conversationsRoutes;
