// Contractors API (doc 1 §7: GET /api/contractors, /api/contractors/{id}, /api/contractor/profile,
// /api/contractor/leads), plus reviews, quote requests, lead status, the dashboard figures and portfolio photos.
import {
  ZContractorDashboard,
  ZContractorDetail,
  ZContractorDirectoryQuery,
  ZContractorPage,
  ZContractorProfileRequest,
  ZLead,
  ZLeadListQuery,
  ZLeadPage,
  ZLeadStatusUpdate,
  ZOwnContractorProfile,
  ZPortfolioPhoto,
  ZProfileSubmitted,
  ZQuoteRequest,
  ZQuoteRequestCreated,
  ZReview,
  ZReviewListQuery,
  ZReviewPage,
  ZReviewRequest,
} from '../../../domain/contractors';
import { AppError } from '../../../domain/errors';
import { bodyOf, queryOf, type RoutesPlugin, uuidParams } from '../../lib/contract';
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

const tags = ['contractors'];
const own = ['contractor (own)'];
const params = uuidParams('id');

const contractorsRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  // Every answer depends on who asks (premium contact details, own reviews, own leads): never shared by a cache.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  // ---- the directory and profiles ----

  const directory = {
    summary: 'The directory: live contractors by specialty, area and words; a page of cards.',
    tags,
    querystring: ZContractorDirectoryQuery,
    response: { 200: ZContractorPage },
  };
  app.get('/api/contractors', { schema: directory }, async (request) => {
    // Open to everyone (docs/decisions/0014-open-browsing-and-plans.md); cards carry no contact details.
    return searchContractors(ctx, queryOf(request));
  });

  const detail = {
    summary: 'One contractor: contact details for premium members, the newest reviews.',
    tags,
    params,
    response: { 200: ZContractorDetail },
  };
  app.get('/api/contractors/:id', { schema: detail }, async (request) =>
    getContractorDetail(ctx, paramOf(request, 'id'), viewerOf(request)),
  );

  // ---- reviews ----

  const reviews = {
    summary: "A page of a contractor's reviews, newest first.",
    tags,
    params,
    querystring: ZReviewListQuery,
    response: { 200: ZReviewPage },
  };
  app.get('/api/contractors/:id/reviews', { schema: reviews }, async (request) =>
    listReviews(ctx, paramOf(request, 'id'), queryOf(request), viewerOf(request)),
  );

  const review = (summary: string) => ({ summary, tags, params, body: ZReviewRequest });
  const newReview = {
    ...review('Review a contractor (premium tenants and landlords, once).'),
    response: { 201: ZReview },
  };
  app.post('/api/contractors/:id/reviews', { schema: newReview }, async (request, reply) => {
    requireUser(request);
    const input = bodyOf(request);
    return reply.status(201).send(await createReview(ctx, paramOf(request, 'id'), viewerOf(request), input));
  });

  const editReview = { ...review('Edit your review of a contractor.'), response: { 200: ZReview } };
  app.put('/api/contractors/:id/reviews', { schema: editReview }, async (request) => {
    requireUser(request);
    const input = bodyOf(request);
    return updateOwnReview(ctx, paramOf(request, 'id'), viewerOf(request), input);
  });

  // ---- quote requests ----

  const quote = {
    summary: 'Ask a contractor for a quote (premium tenants and landlords): a lead and a conversation.',
    tags,
    params,
    body: ZQuoteRequest,
    response: { 201: ZQuoteRequestCreated },
  };
  app.post('/api/contractors/:id/quote-requests', { schema: quote }, async (request, reply) => {
    requireUser(request);
    const input = bodyOf(request);
    return reply.status(201).send(await requestQuote(ctx, paramOf(request, 'id'), viewerOf(request), input));
  });

  // ---- the contractor's own: dashboard, leads, profile, portfolio ----

  const dashboard = {
    summary: "The contractor dashboard's figures and newest leads.",
    tags: own,
    response: { 200: ZContractorDashboard },
  };
  app.get('/api/contractor/dashboard', { schema: dashboard }, async (request) =>
    getContractorDashboard(ctx, actorOf(request)),
  );

  const leads = {
    summary: 'Your leads, newest first (Manage Leads is a subscription feature).',
    tags: own,
    querystring: ZLeadListQuery,
    response: { 200: ZLeadPage },
  };
  app.get('/api/contractor/leads', { schema: leads }, async (request) =>
    listOwnLeads(ctx, actorOf(request), queryOf(request)),
  );

  app.get(
    '/api/contractor/leads/:id',
    { schema: { summary: 'One of your leads.', tags: own, params, response: { 200: ZLead } } },
    async (request) => getOwnLead(ctx, actorOf(request), paramOf(request, 'id')),
  );

  const leadStatus = {
    summary: 'Move a lead on (new, contacted, quoted, won, lost).',
    tags: own,
    params,
    body: ZLeadStatusUpdate,
    response: { 200: ZLead },
  };
  app.patch('/api/contractor/leads/:id', { schema: leadStatus }, async (request) => {
    const actor = actorOf(request);
    const { status } = bodyOf(request);
    return changeLeadStatus(ctx, actor, paramOf(request, 'id'), status);
  });

  const ownProfile = {
    summary: 'Your profile: what the public sees (`current`), the change waiting for review, its submission.',
    tags: own,
    response: { 200: ZOwnContractorProfile },
  };
  app.get('/api/contractor/profile', { schema: ownProfile }, async (request) =>
    getOwnProfile(ctx, actorOf(request)),
  );

  const submitted = ZProfileSubmitted;
  const profile = (summary: string) => ({ summary, tags: own, body: ZContractorProfileRequest });
  const newProfile = { ...profile('Create your profile; it goes to review.'), response: { 201: submitted } };
  app.post('/api/contractor/profile', { schema: newProfile }, async (request, reply) => {
    const actor = actorOf(request);
    const input = bodyOf(request);
    return reply.status(201).send(await createOwnProfile(ctx, actor, input));
  });

  const changedProfile = {
    ...profile('Change your profile; the change goes to review.'),
    response: { 200: submitted },
  };
  app.put('/api/contractor/profile', { schema: changedProfile }, async (request) => {
    const actor = actorOf(request);
    const input = bodyOf(request);
    return updateOwnProfile(ctx, actor, input);
  });

  const portfolio = {
    summary: 'Add a portfolio photo (a subscription feature; at most 5 MB).',
    tags: own,
    upload: 'photo',
    response: { 201: ZPortfolioPhoto },
  };
  app.post('/api/contractor/portfolio-photos', { schema: portfolio }, async (request, reply) => {
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
