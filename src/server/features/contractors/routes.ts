// Contractors API (doc 1 §7: GET /api/contractors, /api/contractors/{id}, /api/contractor/profile,
// /api/contractor/leads), plus reviews, quote requests, lead status, the dashboard figures and portfolio photos.
import {
  REVIEW_MESSAGES,
  TRADE_CHECK_MESSAGES,
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
  ZReviewEligibility,
  ZReviewListQuery,
  ZReviewPage,
  ZReviewReplyRequest,
  ZReviewRequest,
  ZTradeCheck,
  ZTradeCheckList,
  ZTradeCheckRequest,
} from '../../../domain/contractors';
import { AppError } from '../../../domain/errors';
import { type RoutesPlugin, uuidParams } from '../../lib/contract';
import { ADMIN_ROUTE, actorOf, guardedRoute, SIGNED_IN_ROUTE, viewerOf } from '../../plugins/request-kit';
import { listTradeChecks, recordTradeCheck, revokeCheck } from './checks';
import { completeOwnLead } from './lead-completion';
import {
  changeLeadStatus,
  getContractorDashboard,
  getOwnLead,
  LEAD_NOT_FOUND,
  listOwnLeads,
  requestQuote,
} from './leads';
import {
  addPortfolioPhoto,
  assertCanUploadPortfolio,
  createOwnProfile,
  getOwnProfile,
  updateOwnProfile,
} from './profile';
import { createReview, getReviewEligibility, listReviews, replyToReview, updateOwnReview } from './reviews';
import { CONTRACTOR_NOT_FOUND, getContractorDetail, searchContractors } from './service';

const CHOOSE_PHOTO = 'Please choose a photo to upload.';

const tags = ['contractors'];
const own = ['contractor (own)'];
const leadParams = uuidParams({ id: LEAD_NOT_FOUND });
const params = uuidParams({ id: CONTRACTOR_NOT_FOUND });
const replyParams = uuidParams({ id: CONTRACTOR_NOT_FOUND, reviewId: REVIEW_MESSAGES.notFound });
const checkParams = uuidParams({ id: CONTRACTOR_NOT_FOUND, checkId: TRADE_CHECK_MESSAGES.notFound });
const adminTags = ['admin'];

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
  // Open to everyone (docs/decisions/0014-open-browsing-and-plans.md); cards carry no contact details.
  // The same for everyone who asks (no viewer): marked public, so a member's kept page is not checked by asking it
  // again (decision 0075), and no-cache, so a browser asks again each time as before.
  app.get('/api/contractors', { schema: directory }, async (request, reply) => {
    const page = await searchContractors(ctx, request.query);
    return reply.header('cache-control', 'public, no-cache').send(page);
  });

  const detail = {
    summary: 'One contractor: contact details for premium members, the newest reviews.',
    tags,
    params,
    response: { 200: ZContractorDetail },
  };
  app.get('/api/contractors/:id', { schema: detail }, async (request) =>
    getContractorDetail(ctx, request.params.id, viewerOf(request)),
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
    listReviews(ctx, request.params.id, request.query, viewerOf(request)),
  );

  const eligibility = {
    summary:
      'Whether you may review this contractor: the jobs it finished for you (repairs at your home, your quote requests it marked done).',
    tags,
    params,
    response: { 200: ZReviewEligibility },
  };
  app.get(
    '/api/contractors/:id/reviews/eligibility',
    { ...SIGNED_IN_ROUTE, schema: eligibility },
    async (request) => getReviewEligibility(ctx, request.params.id, viewerOf(request)),
  );

  const review = (summary: string) => ({ summary, tags, params, body: ZReviewRequest });
  const newReview = {
    ...review(
      'Review a contractor after a job it finished for you (a repair at your home, or your quote request it marked done); once per contractor. Shown as a verified job.',
    ),
    response: { 201: ZReview },
  };
  app.post(
    '/api/contractors/:id/reviews',
    { ...SIGNED_IN_ROUTE, schema: newReview },
    async (request, reply) =>
      reply.status(201).send(await createReview(ctx, request.params.id, viewerOf(request), request.body)),
  );

  const editReview = { ...review('Edit your review of a contractor.'), response: { 200: ZReview } };
  app.put('/api/contractors/:id/reviews', { ...SIGNED_IN_ROUTE, schema: editReview }, async (request) =>
    updateOwnReview(ctx, request.params.id, viewerOf(request), request.body),
  );

  const answer = {
    summary:
      "Reply once, publicly, to a review of your business (the contractor's owner); the reviewer is emailed.",
    tags,
    params: replyParams,
    body: ZReviewReplyRequest,
    response: { 201: ZReview },
  };
  app.post(
    '/api/contractors/:id/reviews/:reviewId/reply',
    { ...SIGNED_IN_ROUTE, schema: answer },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await replyToReview(
            ctx,
            request.params.id,
            request.params.reviewId,
            viewerOf(request),
            request.body,
          ),
        ),
  );

  // ---- checks an admin records (issue 28: the "Verified" badge) ----

  const checks = {
    summary: "A contractor's recorded checks (insurance, Gas Safe, NICEIC), revoked and expired included.",
    tags: adminTags,
    params,
    response: { 200: ZTradeCheckList },
  };
  app.get('/api/admin/contractors/:id/checks', { ...ADMIN_ROUTE, schema: checks }, async (request) =>
    listTradeChecks(ctx, request.params.id),
  );

  const newCheck = {
    summary: 'Record what was checked: an insurer and expiry, or a Gas Safe or NICEIC number (audited).',
    tags: adminTags,
    params,
    body: ZTradeCheckRequest,
    response: { 201: ZTradeCheck },
  };
  app.post(
    '/api/admin/contractors/:id/checks',
    { ...ADMIN_ROUTE, schema: newCheck },
    async (request, reply) =>
      reply.status(201).send(await recordTradeCheck(ctx, actorOf(request), request.params.id, request.body)),
  );

  const revoke = {
    summary: 'Revoke a check: it stops counting towards the badge; the record stays (audited).',
    tags: adminTags,
    params: checkParams,
    response: { 200: ZTradeCheck },
  };
  app.delete(
    '/api/admin/contractors/:id/checks/:checkId',
    { ...ADMIN_ROUTE, schema: revoke },
    async (request) => revokeCheck(ctx, actorOf(request), request.params.id, request.params.checkId),
  );

  // ---- quote requests ----

  const quote = {
    summary: 'Ask a contractor for a quote (premium tenants and landlords): a lead and a conversation.',
    tags,
    params,
    body: ZQuoteRequest,
    response: { 201: ZQuoteRequestCreated },
  };
  app.post(
    '/api/contractors/:id/quote-requests',
    { ...SIGNED_IN_ROUTE, schema: quote },
    async (request, reply) =>
      reply.status(201).send(await requestQuote(ctx, request.params.id, viewerOf(request), request.body)),
  );

  // ---- the contractor's own: dashboard, leads, profile, portfolio ----

  const dashboard = {
    summary: "The contractor dashboard's figures and newest leads.",
    tags: own,
    response: { 200: ZContractorDashboard },
  };
  app.get('/api/contractor/dashboard', { ...SIGNED_IN_ROUTE, schema: dashboard }, async (request) =>
    getContractorDashboard(ctx, actorOf(request)),
  );

  const leads = {
    summary: 'Your leads, newest first (Manage Leads is a subscription feature).',
    tags: own,
    querystring: ZLeadListQuery,
    response: { 200: ZLeadPage },
  };
  app.get('/api/contractor/leads', { ...SIGNED_IN_ROUTE, schema: leads }, async (request) =>
    listOwnLeads(ctx, actorOf(request), request.query),
  );

  const lead = { summary: 'One of your leads.', tags: own, params: leadParams, response: { 200: ZLead } };
  app.get('/api/contractor/leads/:id', { ...SIGNED_IN_ROUTE, schema: lead }, async (request) =>
    getOwnLead(ctx, actorOf(request), request.params.id),
  );

  const leadStatus = {
    summary: 'Move a lead on (new, contacted, quoted, won, lost).',
    tags: own,
    params: leadParams,
    body: ZLeadStatusUpdate,
    response: { 200: ZLead },
  };
  app.patch('/api/contractor/leads/:id', { ...SIGNED_IN_ROUTE, schema: leadStatus }, async (request) =>
    changeLeadStatus(ctx, actorOf(request), request.params.id, request.body.status),
  );

  const complete = {
    summary:
      "Mark an ordinary quote request's job done (once; the lead's contractor): it counts as won and the requester is asked to review.",
    tags: own,
    params: leadParams,
    response: { 200: ZLead },
  };
  app.post('/api/contractor/leads/:id/complete', { ...SIGNED_IN_ROUTE, schema: complete }, async (request) =>
    completeOwnLead(ctx, actorOf(request), request.params.id),
  );

  const ownProfile = {
    summary: 'Your profile: what the public sees (`current`), the change waiting for review, its submission.',
    tags: own,
    response: { 200: ZOwnContractorProfile },
  };
  app.get('/api/contractor/profile', { ...SIGNED_IN_ROUTE, schema: ownProfile }, async (request) =>
    getOwnProfile(ctx, actorOf(request)),
  );

  const submitted = ZProfileSubmitted;
  const profile = (summary: string) => ({ summary, tags: own, body: ZContractorProfileRequest });
  const newProfile = { ...profile('Create your profile; it goes to review.'), response: { 201: submitted } };
  app.post('/api/contractor/profile', { ...SIGNED_IN_ROUTE, schema: newProfile }, async (request, reply) =>
    reply.status(201).send(await createOwnProfile(ctx, actorOf(request), request.body)),
  );

  const changedProfile = {
    ...profile('Change your profile; the change goes to review.'),
    response: { 200: submitted },
  };
  app.put('/api/contractor/profile', { ...SIGNED_IN_ROUTE, schema: changedProfile }, async (request) =>
    updateOwnProfile(ctx, actorOf(request), request.body),
  );

  const portfolio = {
    summary: 'Add a portfolio photo (a subscription feature; at most 5 MB).',
    tags: own,
    upload: 'photo',
    response: { 201: ZPortfolioPhoto },
  };
  // Checked before the upload is read.
  const uploader = guardedRoute(assertCanUploadPortfolio);
  app.post('/api/contractor/portfolio-photos', { ...uploader, schema: portfolio }, async (request, reply) => {
    const photo = await addPortfolioPhoto(ctx, actorOf(request), async () => {
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
