// GET /api/admin/contact-submissions, PATCH /api/admin/contact-submissions/{id} (admins).
import type { FastifyPluginAsync } from 'fastify';
import { ZContactSubmissionsQuery, ZContactUpdateRequest } from '../../../../domain/admin';
import { withoutNul } from '../../../lib/nul';
import { parse } from '../../../lib/validation';
import { ADMIN_ROUTE, adminActor, paramOf } from '../http';
import { listContactSubmissions, updateContactSubmission } from './service';

const contactsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/api/admin/contact-submissions', ADMIN_ROUTE, async (request) =>
    listContactSubmissions(ctx, parse(ZContactSubmissionsQuery, withoutNul(request.query))),
  );

  app.patch('/api/admin/contact-submissions/:id', ADMIN_ROUTE, async (request) => {
    const input = parse(ZContactUpdateRequest, withoutNul(request.body));
    return updateContactSubmission(ctx, adminActor(request), paramOf(request, 'id'), input);
  });
};

export default contactsRoutes;
