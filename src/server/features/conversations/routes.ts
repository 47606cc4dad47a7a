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
import { isUuid } from '../../../domain/ids';
import { audit } from '../../lib/audit';
import { withoutNul } from '../../lib/nul';
import { parse } from '../../lib/validation';
import { actorOf, paramOf, requireAdmin, requireUser } from '../../plugins/request-kit';
import { ADMIN_ROUTE } from '../admin/http';
import { closeReport, findReports } from './queries';
import {
  enquirySummary,
  getMessages,
  listInbox,
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
    const reports = await findReports(ctx.db, status, 100, 0);
    return {
      reports: reports.map((r) => ({
        id: r.id,
        conversationId: r.conversation_id,
        reason: r.reason,
        status: r.status,
        createdAt: new Date(r.created_at).toISOString(),
        reporter: r.reporter_name || r.reporter_email || 'A deleted account',
        subject: r.subject ?? 'A conversation',
      })),
    };
  });

  app.post('/api/admin/reports/:id/close', ADMIN_ROUTE, async (request) => {
    const admin = requireAdmin(request);
    const id = paramOf(request, 'id');
    if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Report not found');
    const closed = await ctx.db.transaction(async (tx) => {
      const row = await closeReport(tx, id, admin.id, ctx.now());
      if (!row) return null;
      await audit(tx, {
        actor: { id: admin.id, email: admin.email },
        action: 'report.close',
        targetType: 'conversation_report',
        targetId: id,
        after: { conversationId: row.conversationId },
        ip: request.ip,
        at: ctx.now(),
      });
      return row;
    });
    if (!closed) throw new AppError('NOT_FOUND', 'Report not found or already closed');
    return { ok: true };
  });
};

export default conversationsRoutes;
