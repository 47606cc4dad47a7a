// Viewing slots and bookings (issue 13). Answers depend on who asks: never cached.
import type { z } from 'zod';
import { LIMIT_MESSAGES } from '../../../domain/limits';
import {
  VIEWING_MESSAGES,
  ZBookViewingRequest,
  ZCancelViewingRequest,
  ZListingViewings,
  ZOk,
  ZProposeViewingRequest,
  ZPublishedSlots,
  ZSlotCancelled,
  ZThreadViewings,
  ZViewingBooking,
  ZViewingSlot,
  ZViewingSlotRequest,
} from '../../../domain/viewings';
import { type RoutesPlugin, uuidParams } from '../../lib/contract';
import { userRateLimit } from '../../plugins/rate-limits';
import { actorOf, SIGNED_IN_ROUTE } from '../../plugins/request-kit';
import {
  bookViewing,
  cancelSlot,
  cancelViewing,
  confirmViewing,
  createSlot,
  listingViewings,
  proposeViewing,
  publishedSlots,
  threadViewings,
} from './service';

const tags = ['viewings'];
/** Each route is on one listing, slot, conversation or viewing (`:id`): its 404 for an id that is not one. */
const params = {
  listing: uuidParams({ id: 'Property not found' }),
  slot: uuidParams({ id: VIEWING_MESSAGES.slotGone }),
  conversation: uuidParams({ id: 'Conversation not found' }),
  viewing: uuidParams({ id: VIEWING_MESSAGES.notFound }),
};
type On = keyof typeof params;
const about = <T extends z.ZodType>(on: On, summary: string, reply: T) => ({
  summary,
  tags,
  params: params[on],
  response: { 200: reply },
});
const created = <T extends z.ZodType>(on: On, summary: string, reply: T) => ({
  summary,
  tags,
  params: params[on],
  response: { 201: reply },
});

const viewingsRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;
  // Per-user limits (issue 29): each booking, move and cancellation tells the other side.
  const bookingLimit = userRateLimit(app, 'viewingBookingsPerUser', LIMIT_MESSAGES.viewingBookings);
  const cancelLimit = userRateLimit(app, 'viewingCancellationsPerUser', LIMIT_MESSAGES.viewingCancellations);

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  const slot = {
    ...created('listing', 'Offer a viewing time for a listing (its landlord).', ZViewingSlot),
    body: ZViewingSlotRequest,
  };
  app.post('/api/listings/:id/viewing-slots', { ...SIGNED_IN_ROUTE, schema: slot }, async (request, reply) =>
    reply.status(201).send(await createSlot(ctx, actorOf(request), request.params.id, request.body)),
  );

  const listing = about(
    'listing',
    "A listing's viewing slots and bookings (its landlord).",
    ZListingViewings,
  );
  app.get('/api/listings/:id/viewings', { ...SIGNED_IN_ROUTE, schema: listing }, async (request) =>
    listingViewings(ctx, actorOf(request), request.params.id),
  );

  const published = about(
    'listing',
    "A live listing's published viewing times with places left, to pick from Schedule Viewing (signed in).",
    ZPublishedSlots,
  );
  app.get('/api/listings/:id/viewing-slots', { ...SIGNED_IN_ROUTE, schema: published }, async (request) =>
    publishedSlots(ctx, request.params.id),
  );

  const cancelSlotSchema = {
    ...about('slot', 'Withdraw a viewing slot; its bookings are told.', ZSlotCancelled),
    body: ZCancelViewingRequest,
  };
  app.post(
    '/api/viewing-slots/:id/cancel',
    { ...SIGNED_IN_ROUTE, schema: cancelSlotSchema },
    async (request) => {
      await cancelLimit(request);
      return cancelSlot(ctx, actorOf(request), request.params.id, request.body.reason);
    },
  );

  const thread = about(
    'conversation',
    'The viewings of a conversation: open slots and the booking.',
    ZThreadViewings,
  );
  app.get('/api/conversations/:id/viewings', { ...SIGNED_IN_ROUTE, schema: thread }, async (request) =>
    threadViewings(ctx, actorOf(request), request.params.id),
  );

  const book = {
    ...created('conversation', 'Book a viewing slot (the enquiring tenant).', ZViewingBooking),
    body: ZBookViewingRequest,
  };
  app.post(
    '/api/conversations/:id/viewings',
    { ...SIGNED_IN_ROUTE, schema: book },
    async (request, reply) => {
      await bookingLimit(request);
      return reply
        .status(201)
        .send(await bookViewing(ctx, actorOf(request), request.params.id, request.body.slotId));
    },
  );

  const confirm = about('viewing', 'Confirm a booked viewing (the landlord).', ZViewingBooking);
  app.post('/api/viewings/:id/confirm', { ...SIGNED_IN_ROUTE, schema: confirm }, async (request) =>
    confirmViewing(ctx, actorOf(request), request.params.id),
  );

  const cancel = {
    ...about('viewing', 'Cancel a viewing (either side).', ZViewingBooking),
    body: ZCancelViewingRequest,
  };
  app.post('/api/viewings/:id/cancel', { ...SIGNED_IN_ROUTE, schema: cancel }, async (request) => {
    await cancelLimit(request);
    return cancelViewing(ctx, actorOf(request), request.params.id, request.body.reason);
  });

  const propose = {
    ...about('viewing', 'Propose another time for a viewing.', ZOk),
    body: ZProposeViewingRequest,
  };
  app.post('/api/viewings/:id/propose', { ...SIGNED_IN_ROUTE, schema: propose }, async (request) =>
    proposeViewing(ctx, actorOf(request), request.params.id, request.body.slotId),
  );
};

export default viewingsRoutes;
