// Viewing slots and bookings (issue 13). Answers depend on who asks: never cached.
import type { z } from 'zod';
import {
  ZBookViewingRequest,
  ZCancelViewingRequest,
  ZListingViewings,
  ZOk,
  ZProposeViewingRequest,
  ZSlotCancelled,
  ZThreadViewings,
  ZViewingBooking,
  ZViewingSlot,
  ZViewingSlotRequest,
} from '../../../domain/viewings';
import { bodyOf, type RoutesPlugin, uuidParams } from '../../lib/contract';
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

const tags = ['viewings'];
const params = uuidParams('id');
const about = <T extends z.ZodType>(summary: string, reply: T) => ({
  summary,
  tags,
  params,
  response: { 200: reply },
});
const created = <T extends z.ZodType>(summary: string, reply: T) => ({
  summary,
  tags,
  params,
  response: { 201: reply },
});

const viewingsRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const slot = {
    ...created('Offer a viewing time for a listing (its landlord).', ZViewingSlot),
    body: ZViewingSlotRequest,
  };
  app.post('/api/listings/:id/viewing-slots', { schema: slot }, async (request, reply) => {
    const actor = actorOf(request);
    const input = bodyOf(request);
    return reply.status(201).send(await createSlot(ctx, actor, paramOf(request, 'id'), input));
  });

  const listing = about("A listing's viewing slots and bookings (its landlord).", ZListingViewings);
  app.get('/api/listings/:id/viewings', { schema: listing }, async (request) =>
    listingViewings(ctx, actorOf(request), paramOf(request, 'id')),
  );

  const cancelSlotSchema = {
    ...about('Withdraw a viewing slot; its bookings are told.', ZSlotCancelled),
    body: ZCancelViewingRequest,
  };
  app.post('/api/viewing-slots/:id/cancel', { schema: cancelSlotSchema }, async (request) => {
    const actor = actorOf(request);
    const { reason } = bodyOf(request);
    return cancelSlot(ctx, actor, paramOf(request, 'id'), reason);
  });

  const thread = about('The viewings of a conversation: open slots and the booking.', ZThreadViewings);
  app.get('/api/conversations/:id/viewings', { schema: thread }, async (request) =>
    threadViewings(ctx, actorOf(request), paramOf(request, 'id')),
  );

  const book = {
    ...created('Book a viewing slot (the enquiring tenant).', ZViewingBooking),
    body: ZBookViewingRequest,
  };
  app.post('/api/conversations/:id/viewings', { schema: book }, async (request, reply) => {
    const actor = actorOf(request);
    const { slotId } = bodyOf(request);
    return reply.status(201).send(await bookViewing(ctx, actor, paramOf(request, 'id'), slotId));
  });

  const confirm = about('Confirm a booked viewing (the landlord).', ZViewingBooking);
  app.post('/api/viewings/:id/confirm', { schema: confirm }, async (request) =>
    confirmViewing(ctx, actorOf(request), paramOf(request, 'id')),
  );

  const cancel = {
    ...about('Cancel a viewing (either side).', ZViewingBooking),
    body: ZCancelViewingRequest,
  };
  app.post('/api/viewings/:id/cancel', { schema: cancel }, async (request) => {
    const actor = actorOf(request);
    const { reason } = bodyOf(request);
    return cancelViewing(ctx, actor, paramOf(request, 'id'), reason);
  });

  const propose = {
    ...about('Propose another time for a viewing.', ZOk),
    body: ZProposeViewingRequest,
  };
  app.post('/api/viewings/:id/propose', { schema: propose }, async (request) => {
    const actor = actorOf(request);
    const { slotId } = bodyOf(request);
    return proposeViewing(ctx, actor, paramOf(request, 'id'), slotId);
  });
};

export default viewingsRoutes;
