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
import { bodyOf, noBody, type RoutesPlugin, uuidParams } from '../../lib/contract';
import { actorOf, paramOf } from '../../plugins/request-kit';
import { confirmAvailable, confirmByToken, markLetAgreed, relist } from './lifecycle';
import {
  addListingPhoto,
  assertCanList,
  deleteProperty,
  listLandlordProperties,
  listOwnSubmissions,
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
const params = uuidParams('id');

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
    params: uuidParams('landlordId'),
  };
  app.get('/api/properties/landlord/:landlordId', { schema: own }, async (request) =>
    listLandlordProperties(ctx, actorOf(request), paramOf(request, 'landlordId')),
  );

  // ---- the lifecycle of a live listing (src/domain/availability.ts) ----

  const lifecycle = (summary: string) => ({ schema: { ...about(summary, ZListingStatusChange), params } });
  app.post('/api/listings/:id/let-agreed', lifecycle('Mark a live listing "Let agreed".'), async (request) =>
    markLetAgreed(ctx, actorOf(request), paramOf(request, 'id')),
  );
  app.post(
    '/api/listings/:id/relist',
    lifecycle('Put a let or paused listing back on the market.'),
    async (request) => relist(ctx, actorOf(request), paramOf(request, 'id')),
  );
  app.post(
    '/api/listings/:id/confirm-available',
    lifecycle('Confirm a listing is still available.'),
    async (request) => confirmAvailable(ctx, actorOf(request), paramOf(request, 'id')),
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
    confirmByToken(ctx, bodyOf(request).token),
  );

  const remove = { summary: 'Delete your listing.', tags, params, response: { 204: noBody('Deleted') } };
  app.delete('/api/properties/:id', { schema: remove }, async (request, reply) => {
    await deleteProperty(ctx, actorOf(request), paramOf(request, 'id'));
    return reply.status(204).send();
  });

  const photo = {
    summary: 'Upload a listing photo (at most 5 MB); the submission form then names it.',
    tags,
    upload: 'photo',
    response: { 201: ZListingPhoto },
  };
  app.post('/api/listing-photos', { schema: photo }, async (request, reply) => {
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
  app.post('/api/content-submissions', { schema: submit }, async (request, reply) => {
    const actor = actorOf(request);
    assertCanList(actor); // the answer to an account without a subscription does not depend on what it sent
    const input = bodyOf(request);
    return reply.status(201).send(await submitListing(ctx, actor, input));
  });

  const mine = about('Your listing submissions and how their review went.', z.array(ZOwnSubmission));
  app.get('/api/content-submissions/mine', { schema: mine }, async (request) =>
    listOwnSubmissions(ctx, actorOf(request)),
  );
};

export default listingsRoutes;
