// Landlords' listings API (doc 1 §7): own properties, delete, listing photos and listing submissions for review.
// GET /api/properties/landlord/:landlordId sits beside the search's /api/properties/:id: the static segment wins.

import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import {
  ZContentSubmissionRequest,
  ZLandlordProperty,
  ZListingPhoto,
  ZListingStatusChange,
  ZOwnSubmission,
  ZSubmissionCreated,
} from '../../../domain/listings';
import { noBody, type RoutesPlugin, uuidParams } from '../../lib/contract';
import { actorOf, guardedRoute, SIGNED_IN_ROUTE } from '../../plugins/request-kit';
import { confirmAvailable, confirmByToken, LIFECYCLE_MESSAGES, markLetAgreed, relist } from './lifecycle';
import {
  addListingPhoto,
  assertCanList,
  deleteProperty,
  listLandlordProperties,
  listOwnSubmissions,
  PROPERTY_NOT_FOUND,
  submitListing,
} from './service';

const CHOOSE_PHOTO = 'Please choose a photo to upload.';
const ZConfirmToken = z.strictObject({
  token: z.string({ error: 'The confirmation link is incomplete.' }).min(1).max(200),
});

const tags = ['listings'];
const about = <T extends z.ZodType>(summary: string, reply: T) => ({
  summary,
  tags,
  response: { 200: reply },
});
const params = uuidParams({ id: PROPERTY_NOT_FOUND });

const listingsRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  // Each answer is about one landlord's own listings.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const own = {
    ...about(
      "A landlord's own listings, every status (the landlord or an admin).",
      z.array(ZLandlordProperty),
    ),
    // Not checked: an admin asking for an id that is not one is told of no listings, as for an unknown landlord.
    params: uuidParams({ landlordId: null }),
  };
  app.get('/api/properties/landlord/:landlordId', { ...SIGNED_IN_ROUTE, schema: own }, async (request) =>
    listLandlordProperties(ctx, actorOf(request), request.params.landlordId),
  );

  // ---- the lifecycle of a live listing (src/domain/availability.ts) ----

  const lifecycle = (summary: string) => ({
    ...SIGNED_IN_ROUTE,
    schema: {
      ...about(summary, ZListingStatusChange),
      params: uuidParams({ id: LIFECYCLE_MESSAGES.notFound }),
    },
  });
  app.post('/api/listings/:id/let-agreed', lifecycle('Mark a live listing "Let agreed".'), async (request) =>
    markLetAgreed(ctx, actorOf(request), request.params.id),
  );
  app.post(
    '/api/listings/:id/relist',
    lifecycle('Put a let or paused listing back on the market.'),
    async (request) => relist(ctx, actorOf(request), request.params.id),
  );
  app.post(
    '/api/listings/:id/confirm-available',
    lifecycle('Confirm a listing is still available.'),
    async (request) => confirmAvailable(ctx, actorOf(request), request.params.id),
  );
  // The emailed one-click link opens /confirm-listing, which sends its token here: no session needed.
  const byToken = {
    ...about(
      'Confirm a listing is still available with the emailed one-click token (no session).',
      ZListingStatusChange,
    ),
    body: ZConfirmToken,
  };
  app.post('/api/listings/confirm-available', { schema: byToken }, async (request) =>
    confirmByToken(ctx, request.body.token),
  );

  const remove = { summary: 'Delete your listing.', tags, params, response: { 204: noBody('Deleted') } };
  app.delete('/api/properties/:id', { ...SIGNED_IN_ROUTE, schema: remove }, async (request, reply) => {
    await deleteProperty(ctx, actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  const photo = {
    summary: 'Upload a listing photo (at most 5 MB); the submission form then names it.',
    tags,
    upload: 'photo',
    response: { 201: ZListingPhoto },
  };
  app.post('/api/listing-photos', { ...SIGNED_IN_ROUTE, schema: photo }, async (request, reply) => {
    const photo = await addListingPhoto(ctx, actorOf(request), async () => {
      const file = await request.file();
      if (!file) throw new AppError('VALIDATION_FAILED', CHOOSE_PHOTO, { photo: [CHOOSE_PHOTO] });
      if (file.fieldname !== 'photo') {
        file.file.resume();
        throw new AppError('VALIDATION_FAILED', 'Send the photo in the "photo" field.', {
          photo: [CHOOSE_PHOTO],
        });
      }
      return file.toBuffer();
    });
    return reply.status(201).send(photo);
  });

  const submit = {
    summary: 'Submit a new listing, or a change to one, for review (subscribed landlords).',
    tags,
    body: ZContentSubmissionRequest,
    response: { 201: ZSubmissionCreated },
  };
  // The answer to an account without a subscription does not depend on what it sent.
  const subscribed = guardedRoute(assertCanList);
  app.post('/api/content-submissions', { ...subscribed, schema: submit }, async (request, reply) =>
    reply.status(201).send(await submitListing(ctx, actorOf(request), request.body)),
  );

  const mine = about('Your listing submissions and how their review went.', z.array(ZOwnSubmission));
  app.get('/api/content-submissions/mine', { ...SIGNED_IN_ROUTE, schema: mine }, async (request) =>
    listOwnSubmissions(ctx, actorOf(request)),
  );
};

export default listingsRoutes;
