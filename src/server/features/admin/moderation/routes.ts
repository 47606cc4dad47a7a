// GET /api/admin/content-submissions, POST /api/admin/content-submissions/{id}/review (admins).
import type { FastifyPluginAsync } from 'fastify';
import { ZContentSubmissionsQuery, ZReviewRequest } from '../../../../domain/admin';
import { withoutNul } from '../../../lib/nul';
import { parse } from '../../../lib/validation';
import { ADMIN_ROUTE, adminActor, paramOf } from '../http';
import { listSubmissions, reviewSubmission } from './service';

const moderationRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/api/admin/content-submissions', ADMIN_ROUTE, async (request) =>
    listSubmissions(ctx, parse(ZContentSubmissionsQuery, request.query)),
  );

  app.post('/api/admin/content-submissions/:id/review', ADMIN_ROUTE, async (request) => {
    const input = parse(ZReviewRequest, withoutNul(request.body));
    return reviewSubmission(ctx, adminActor(request), paramOf(request, 'id'), input);
  });
};

export default moderationRoutes;
