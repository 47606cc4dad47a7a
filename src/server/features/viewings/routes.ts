// Viewing slots and bookings (issue 13). Answers depend on who asks: never cached.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ZBookViewingRequest,
  ZCancelViewingRequest,
  ZProposeViewingRequest,
  ZViewingSlotRequest,
} from '../../../domain/viewings';
import { withoutNul } from '../../lib/nul';
import { parse } from '../../lib/validation';
import { actorOf, paramOf } from '../../plugins/request-kit';
import {
  bookViewing,
  cancelSlot,
  cancelViewing,
  confirmViewing,
  createSlot,
  listingViewings,
  proposeViewing,
  threadViewings,
} from './service';

const viewingsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  const body = (request: FastifyRequest) => withoutNul(request.body ?? {});

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.post('/api/listings/:id/viewing-slots', async (request, reply) => {
    const actor = actorOf(request);
    const input = parse(ZViewingSlotRequest, body(request));
    return reply.status(201).send(await createSlot(ctx, actor, paramOf(request, 'id'), input));
  });

  app.get('/api/listings/:id/viewings', async (request) =>
    listingViewings(ctx, actorOf(request), paramOf(request, 'id')),
  );

  app.post('/api/viewing-slots/:id/cancel', async (request) => {
    const actor = actorOf(request);
    const { reason } = parse(ZCancelViewingRequest, body(request));
    return cancelSlot(ctx, actor, paramOf(request, 'id'), reason);
  });

  app.get('/api/conversations/:id/viewings', async (request) =>
    threadViewings(ctx, actorOf(request), paramOf(request, 'id')),
  );

  app.post('/api/conversations/:id/viewings', async (request, reply) => {
    const actor = actorOf(request);
    const { slotId } = parse(ZBookViewingRequest, body(request));
    return reply.status(201).send(await bookViewing(ctx, actor, paramOf(request, 'id'), slotId));
  });

  app.post('/api/viewings/:id/confirm', async (request) =>
    confirmViewing(ctx, actorOf(request), paramOf(request, 'id')),
  );

  app.post('/api/viewings/:id/cancel', async (request) => {
    const actor = actorOf(request);
    const { reason } = parse(ZCancelViewingRequest, body(request));
    return cancelViewing(ctx, actor, paramOf(request, 'id'), reason);
  });

  app.post('/api/viewings/:id/propose', async (request) => {
    const actor = actorOf(request);
    const { slotId } = parse(ZProposeViewingRequest, body(request));
    return proposeViewing(ctx, actor, paramOf(request, 'id'), slotId);
  });
};

export default viewingsRoutes;
