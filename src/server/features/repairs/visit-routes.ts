// From an accepted quote to a confirmed fix (decision 0072): the visit, the work done, the tenant's answer, and the
// repair's three-party conversation. Registered inside the repairs routes (their no-store header applies). Thin:
// read the request, call the service; each step answers with the repair as the asker now sees it.
import type { z } from 'zod';
import { AppError } from '../../../domain/errors';
import { LIMITS } from '../../../domain/limits';
import {
  VISIT_MESSAGES,
  WORK_PHOTOS_MAX,
  ZAgreeVisit,
  ZProposeVisitTimes,
  ZReopenRepair,
  ZRepairMessage,
  ZRepairMessageRequest,
  ZRepairThread,
} from '../../../domain/repair-visits';
import { REPAIR_MESSAGES, ZRepairView } from '../../../domain/repairs';
import { type RouteScope, uuidParams } from '../../lib/contract';
import { actorOf, SIGNED_IN_ROUTE } from '../../plugins/request-kit';
import { readPhotoForm } from './photo-form';
import { getRepair } from './service';
import { getRepairThread, postRepairMessage } from './thread';
import { agreeVisit, completeWork, confirmFixed, proposeVisitTimes, reopenRepair } from './visit';

const tags = ['repairs'];
const params = uuidParams({ id: REPAIR_MESSAGES.notFound });
const step = <B extends z.ZodType | undefined>(summary: string, body?: B) => ({
  summary,
  tags,
  params,
  ...(body ? { body } : {}),
  response: { 200: ZRepairView },
});

export async function visitRoutes(app: RouteScope): Promise<void> {
  const ctx = app.ctx;

  // Messages a person may send, counted with their conversations' under the same key: a burst, not a flood.
  const messageLimit = app.createRateLimit({
    max: LIMITS.messagesPerUser.max,
    timeWindow: LIMITS.messagesPerUser.windowMs,
    keyGenerator: (request) => `messages:${request.auth.user?.id}`,
  });

  const propose = step(
    'Propose 1 to 5 visit times (ISO instants in the next 60 days), or new ones before the work is done (the accepted trade).',
    ZProposeVisitTimes,
  );
  app.post('/api/repairs/:id/visit-times', { ...SIGNED_IN_ROUTE, schema: propose }, async (request) => {
    const actor = actorOf(request);
    await proposeVisitTimes(ctx, actor, request.params.id, request.body);
    return getRepair(ctx, actor, request.params.id);
  });

  const agree = step(
    "Agree one of the trade's proposed times (the tenant; the landlord for a repair they logged).",
    ZAgreeVisit,
  );
  app.post('/api/repairs/:id/visit', { ...SIGNED_IN_ROUTE, schema: agree }, async (request) => {
    const actor = actorOf(request);
    await agreeVisit(ctx, actor, request.params.id, request.body);
    return getRepair(ctx, actor, request.params.id);
  });

  const complete = {
    ...step(
      'Mark the work done (the accepted trade): JSON {note}, or a multipart form with the note and up to six photos in "photos" (5 MB each). The tenant then has 7 days to confirm or reopen it.',
    ),
    upload: 'photos',
  };
  app.post('/api/repairs/:id/complete', { ...SIGNED_IN_ROUTE, schema: complete }, async (request) => {
    const actor = actorOf(request);
    const form = await readPhotoForm(request, {
      max: WORK_PHOTOS_MAX,
      tooMany: VISIT_MESSAGES.tooManyPhotos,
      photoField: VISIT_MESSAGES.photoField,
    });
    await completeWork(ctx, actor, request.params.id, form);
    return getRepair(ctx, actor, request.params.id);
  });

  const confirm = step('Confirm the repair fixed after the work is done (the tenant).');
  app.post('/api/repairs/:id/confirm', { ...SIGNED_IN_ROUTE, schema: confirm }, async (request) => {
    const actor = actorOf(request);
    await confirmFixed(ctx, actor, request.params.id);
    return getRepair(ctx, actor, request.params.id);
  });

  const reopen = step(
    'Say it is still not fixed, with a reason (the tenant): the same trade is asked back and the clock restarts.',
    ZReopenRepair,
  );
  app.post('/api/repairs/:id/reopen', { ...SIGNED_IN_ROUTE, schema: reopen }, async (request) => {
    const actor = actorOf(request);
    await reopenRepair(ctx, actor, request.params.id, request.body);
    return getRepair(ctx, actor, request.params.id);
  });

  const thread = {
    summary:
      "The repair's conversation (the tenants, the landlord and the accepted trade), oldest first; reading it marks it read.",
    tags,
    params,
    response: { 200: ZRepairThread },
  };
  app.get('/api/repairs/:id/messages', { ...SIGNED_IN_ROUTE, schema: thread }, async (request) =>
    getRepairThread(ctx, actorOf(request), request.params.id),
  );

  const write = {
    summary:
      "Write in the repair's conversation: the other parties are emailed, at most once per 15 minutes each.",
    tags,
    params,
    body: ZRepairMessageRequest,
    response: { 201: ZRepairMessage },
  };
  app.post('/api/repairs/:id/messages', { ...SIGNED_IN_ROUTE, schema: write }, async (request, reply) => {
    const limit = await messageLimit(request);
    if (!limit.isAllowed && limit.isExceeded)
      throw new AppError('RATE_LIMITED', VISIT_MESSAGES.tooManyMessages).withRetryAfter(limit.ttl / 1000);
    const message = await postRepairMessage(ctx, actorOf(request), request.params.id, request.body);
    return reply.status(201).send(message);
  });
}
