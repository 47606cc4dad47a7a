// GET /api/admin/content-submissions, POST /api/admin/content-submissions/{id}/review (admins).
import { z } from 'zod';
import {
  ZAdminSubmission,
  ZContentSubmissionsQuery,
  ZReviewReply,
  ZReviewRequest,
} from '../../../../domain/admin';
import { bodyOf, queryOf, type RoutesPlugin, uuidParams } from '../../../lib/contract';
import { ADMIN_ROUTE, adminActor, paramOf } from '../http';
import { listSubmissions, reviewSubmission } from './service';

const tags = ['admin'];

const moderationRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  const list = {
    summary: 'Listings and contractor profiles waiting for review, or recently reviewed (admins).',
    tags,
    querystring: ZContentSubmissionsQuery,
    response: { 200: z.array(ZAdminSubmission) },
  };
  app.get('/api/admin/content-submissions', { ...ADMIN_ROUTE, schema: list }, async (request) =>
    listSubmissions(ctx, queryOf(request)),
  );

  const review = {
    summary: 'Approve or reject a submission, with notes for its owner (admins).',
    tags,
    params: uuidParams('id'),
    body: ZReviewRequest,
    response: { 200: ZReviewReply },
  };
  app.post(
    '/api/admin/content-submissions/:id/review',
    { ...ADMIN_ROUTE, schema: review },
    async (request) => {
      const input = bodyOf(request);
      return reviewSubmission(ctx, adminActor(request), paramOf(request, 'id'), input);
    },
  );
};

export default moderationRoutes;
