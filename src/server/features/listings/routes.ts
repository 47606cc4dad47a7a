// Landlords' listings API (doc 1 §7): own properties, delete, listing photos and listing submissions for review.
// GET /api/properties/landlord/:landlordId sits beside the search's /api/properties/:id: the static segment wins.

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import { ZContentSubmissionRequest } from '../../../domain/listings';
import { withoutNul } from '../../lib/nul';
import { parse } from '../../lib/validation';
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

const listingsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  // Each answer is about one landlord's own listings.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/api/properties/landlord/:landlordId', async (request) =>
    listLandlordProperties(ctx, actorOf(request), paramOf(request, 'landlordId')),
  );

  // ---- the lifecycle of a live listing (src/domain/availability.ts) ----

  app.post('/api/listings/:id/let-agreed', async (request) =>
    markLetAgreed(ctx, actorOf(request), paramOf(request, 'id')),
  );
  app.post('/api/listings/:id/relist', async (request) =>
    relist(ctx, actorOf(request), paramOf(request, 'id')),
  );
  app.post('/api/listings/:id/confirm-available', async (request) =>
    confirmAvailable(ctx, actorOf(request), paramOf(request, 'id')),
  );
  // The emailed one-click link opens /confirm-listing, which sends its token here: no session needed.
  app.post('/api/listings/confirm-available', async (request) =>
    confirmByToken(ctx, parse(ZConfirmToken, request.body ?? {}).token),
  );

  app.delete('/api/properties/:id', async (request, reply) => {
    await deleteProperty(ctx, actorOf(request), paramOf(request, 'id'));
    return reply.status(204).send();
  });

  app.post('/api/listing-photos', async (request, reply) => {
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

  app.post('/api/content-submissions', async (request, reply) => {
    const actor = actorOf(request);
    assertCanList(actor); // the answer to an account without a subscription does not depend on what it sent
    const input = parse(ZContentSubmissionRequest, withoutNul(request.body));
    return reply.status(201).send(await submitListing(ctx, actor, input));
  });

  app.get('/api/content-submissions/mine', async (request) => listOwnSubmissions(ctx, actorOf(request)));
};

export default listingsRoutes;
