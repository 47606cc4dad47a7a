// Contractors API (doc 1 §7: GET /api/contractors, /api/contractors/{id}, /api/contractor/profile,
// /api/contractor/leads), plus reviews, quote requests, lead status, the dashboard figures and portfolio photos.
import type { FastifyPluginAsync } from 'fastify';
import {
  ZContractorDirectoryQuery,
  ZContractorProfileRequest,
  ZLeadListQuery,
  ZLeadStatusUpdate,
  ZQuoteRequest,
  ZReviewListQuery,
  ZReviewRequest,
} from '../../../domain/contractors';
import { AppError } from '../../../domain/errors';
import { withoutNul } from '../../lib/nul';
import { parse } from '../../lib/validation';
import { actorOf, paramOf, requireUser, viewerOf } from '../../plugins/request-kit';
import { changeLeadStatus, getContractorDashboard, getOwnLead, listOwnLeads, requestQuote } from './leads';
import {
  addPortfolioPhoto,
  assertCanUploadPortfolio,
  createOwnProfile,
  getOwnProfile,
  updateOwnProfile,
} from './profile';
import { createReview, listReviews, updateOwnReview } from './reviews';
import { getContractorDetail, searchContractors } from './service';

const CHOOSE_PHOTO = 'Please choose a photo to upload.';

const contractorsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  // Every answer depends on who asks (premium contact details, own reviews, own leads): never shared by a cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  // ---- the directory and profiles ----

  app.get('/api/contractors', async (request) => {
    // Open to everyone (docs/decisions/0014-open-browsing-and-plans.md); cards carry no contact details.
    return searchContractors(ctx, parse(ZContractorDirectoryQuery, request.query));
  });

  app.get('/api/contractors/:id', async (request) =>
    getContractorDetail(ctx, paramOf(request, 'id'), viewerOf(request)),
  );

  // ---- reviews ----

  app.get('/api/contractors/:id/reviews', async (request) =>
    listReviews(ctx, paramOf(request, 'id'), parse(ZReviewListQuery, request.query), viewerOf(request)),
  );

  app.post('/api/contractors/:id/reviews', async (request, reply) => {
    requireUser(request);
    const input = parse(ZReviewRequest, withoutNul(request.body));
    return reply.status(201).send(await createReview(ctx, paramOf(request, 'id'), viewerOf(request), input));
  });

  app.put('/api/contractors/:id/reviews', async (request) => {
    requireUser(request);
    const input = parse(ZReviewRequest, withoutNul(request.body));
    return updateOwnReview(ctx, paramOf(request, 'id'), viewerOf(request), input);
  });

  // ---- quote requests ----

  app.post('/api/contractors/:id/quote-requests', async (request, reply) => {
    requireUser(request);
    const input = parse(ZQuoteRequest, withoutNul(request.body));
    return reply.status(201).send(await requestQuote(ctx, paramOf(request, 'id'), viewerOf(request), input));
  });

  // ---- the contractor's own: dashboard, leads, profile, portfolio ----

  app.get('/api/contractor/dashboard', async (request) => getContractorDashboard(ctx, actorOf(request)));

  app.get('/api/contractor/leads', async (request) =>
    listOwnLeads(ctx, actorOf(request), parse(ZLeadListQuery, request.query)),
  );

  app.get('/api/contractor/leads/:id', async (request) =>
    getOwnLead(ctx, actorOf(request), paramOf(request, 'id')),
  );

  app.patch('/api/contractor/leads/:id', async (request) => {
    const actor = actorOf(request);
    const { status } = parse(ZLeadStatusUpdate, withoutNul(request.body));
    return changeLeadStatus(ctx, actor, paramOf(request, 'id'), status);
  });

  app.get('/api/contractor/profile', async (request) => getOwnProfile(ctx, actorOf(request)));

  app.post('/api/contractor/profile', async (request, reply) => {
    const actor = actorOf(request);
    const input = parse(ZContractorProfileRequest, withoutNul(request.body));
    return reply.status(201).send(await createOwnProfile(ctx, actor, input));
  });

  app.put('/api/contractor/profile', async (request) => {
    const actor = actorOf(request);
    const input = parse(ZContractorProfileRequest, withoutNul(request.body));
    return updateOwnProfile(ctx, actor, input);
  });

  app.post('/api/contractor/portfolio-photos', async (request, reply) => {
    const actor = actorOf(request);
    assertCanUploadPortfolio(actor); // before the upload is read
    const photo = await addPortfolioPhoto(ctx, actor, async () => {
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
};

export default contractorsRoutes;
