// GET /api/admin/content-submissions, POST /api/admin/content-submissions/{id}/review (admins).
import { z } from 'zod';
import {
  ZAdminSubmission,
  ZContentSubmissionsQuery,
  ZReviewReply,
  ZReviewRequest,
} from '../../../../domain/admin';
import { type RoutesPlugin, uuidParams } from '../../../lib/contract';
import { ADMIN_ROUTE, adminActor } from '../http';
import { listSubmissions, NOT_FOUND, reviewSubmission } from './service';

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
    listSubmissions(ctx, request.query),
  );

  const review = {
    summary: 'Approve or reject a submission, with notes for its owner (admins).',
    tags,
    params: uuidParams({ id: NOT_FOUND }),
    body: ZReviewRequest,
    response: { 200: ZReviewReply },
  };
  app.post('/api/admin/content-submissions/:id/review', { ...ADMIN_ROUTE, schema: review }, async (request) =>
    reviewSubmission(ctx, adminActor(request), request.params.id, request.body),
  );
};

export default moderationRoutes;
