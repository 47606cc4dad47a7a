// Enquiries, conversations, blocks and reports (issue 13). Every answer depends on who asks: never cached.

import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
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
import { bodyOf, queryOf, type RoutesPlugin, uuidParams } from '../../lib/contract';
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

const tags = ['conversations'];
const ZOk = z.object({ ok: z.boolean() });
const params = uuidParams('id');
/** A route's schema: its one line and its reply. */
const about = <T extends z.ZodType>(summary: string, reply: T) => ({
  summary,
  tags,
  response: { 200: reply },
});
/** The same, for a route on one conversation or person (`:id`), answering 201 or 200. */
const onOne = <T extends z.ZodType>(summary: string, reply: T) => ({ ...about(summary, reply), params });
const createdOnOne = <T extends z.ZodType>(summary: string, reply: T) => ({
  summary,
  tags,
  params,
  response: { 201: reply },
});

const conversationsRoutes: RoutesPlugin = async (app) => {
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

  const enquiry = {
    summary: 'Enquire about a home: opens (or continues) the conversation with its landlord.',
    tags,
    params,
    body: ZEnquiryRequest,
    response: {
      200: z.object({ conversationId: z.uuid() }),
      201: z.object({ conversationId: z.uuid() }),
    },
  };
  app.post('/api/properties/:id/enquiries', { schema: enquiry }, async (request, reply) => {
    const actor = actorOf(request);
    const input = bodyOf(request);
    await enforce(request);
    const { conversationId, created } = await sendEnquiry(ctx, actor, paramOf(request, 'id'), input);
    return reply.status(created ? 201 : 200).send({ conversationId });
  });

  const inbox = {
    ...about('Your conversations, most recent first.', ZConversationPage),
    querystring: ZConversationListQuery,
  };
  app.get('/api/conversations', { schema: inbox }, async (request) => {
    const user = requireUser(request);
    return listInbox(ctx, user, queryOf(request).page ?? 1);
  });

  const unread = about('How many messages wait unread.', ZUnread);
  app.get('/api/conversations/unread', { schema: unread }, async (request) =>
    unreadTotal(ctx, requireUser(request)),
  );
  const summary = about("The dashboard's enquiry counts.", ZEnquirySummary);
  app.get('/api/conversations/summary', { schema: summary }, async (request) =>
    enquirySummary(ctx, requireUser(request)),
  );

  const messages = {
    ...onOne('A conversation and a page of its messages.', ZMessagePage),
    querystring: ZMessageListQuery,
  };
  app.get('/api/conversations/:id/messages', { schema: messages }, async (request) =>
    getMessages(ctx, actorOf(request), paramOf(request, 'id'), queryOf(request)),
  );

  const send = { ...createdOnOne('Send a message in a conversation.', ZMessage), body: ZMessageRequest };
  app.post('/api/conversations/:id/messages', { schema: send }, async (request, reply) => {
    const actor = actorOf(request);
    const { body } = bodyOf(request);
    await enforce(request);
    return reply.status(201).send(await postMessage(ctx, actor, paramOf(request, 'id'), body));
  });

  app.post(
    '/api/conversations/:id/read',
    { schema: onOne('Mark a conversation read.', ZOk) },
    async (request) => markConversationRead(ctx, actorOf(request), paramOf(request, 'id')),
  );

  const report = {
    ...createdOnOne('Report a conversation to the moderators.', ZReported),
    body: ZReportRequest,
  };
  app.post('/api/conversations/:id/report', { schema: report }, async (request, reply) => {
    const actor = actorOf(request);
    const { reason } = bodyOf(request);
    return reply.status(201).send(await reportConversation(ctx, actor, paramOf(request, 'id'), reason));
  });

  app.post(
    '/api/users/:id/block',
    { schema: onOne('Block a person: they cannot message you.', ZBlocked) },
    async (request) => setBlock(ctx, actorOf(request), paramOf(request, 'id'), true),
  );
  app.delete('/api/users/:id/block', { schema: onOne('Unblock a person.', ZBlocked) }, async (request) =>
    setBlock(ctx, actorOf(request), paramOf(request, 'id'), false),
  );

  // ---- admin: reported conversations ----

  const reports = {
    ...about('Reported conversations, open or closed (admins).', ZReportList),
    tags: ['admin'],
    querystring: ZReportListQuery,
  };
  app.get('/api/admin/reports', { ...ADMIN_ROUTE, schema: reports }, async (request) => {
    requireAdmin(request);
    const { status } = queryOf(request);
    return listReports(ctx, status);
  });

  const close = { summary: 'Close a report (admins).', tags: ['admin'], params, response: { 200: ZOk } };
  app.post('/api/admin/reports/:id/close', { ...ADMIN_ROUTE, schema: close }, async (request) => {
    const admin = requireAdmin(request);
    await closeReportAsAdmin(ctx, { user: admin, ip: request.ip }, paramOf(request, 'id'));
    return { ok: true };
  });
};

export default conversationsRoutes;
