// GET /api/admin/contact-submissions, PATCH /api/admin/contact-submissions/{id} (admins).
import {
  ZAdminContactSubmission,
  ZContactSubmissionsPage,
  ZContactSubmissionsQuery,
  ZContactUpdateRequest,
} from '../../../../domain/admin';
import { bodyOf, queryOf, type RoutesPlugin, uuidParams } from '../../../lib/contract';
import { ADMIN_ROUTE, adminActor, paramOf } from '../http';
import { listContactSubmissions, updateContactSubmission } from './service';

const tags = ['admin'];

const contactsRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  const list = {
    summary: 'Contact form messages, newest first, by status (admins).',
    tags,
    querystring: ZContactSubmissionsQuery,
    response: { 200: ZContactSubmissionsPage },
  };
  app.get('/api/admin/contact-submissions', { ...ADMIN_ROUTE, schema: list }, async (request) =>
    listContactSubmissions(ctx, queryOf(request)),
  );

  const update = {
    summary: "Change a contact message's status or notes (admins).",
    tags,
    params: uuidParams('id'),
    body: ZContactUpdateRequest,
    response: { 200: ZAdminContactSubmission },
  };
  app.patch('/api/admin/contact-submissions/:id', { ...ADMIN_ROUTE, schema: update }, async (request) => {
    const input = bodyOf(request);
    return updateContactSubmission(ctx, adminActor(request), paramOf(request, 'id'), input);
  });
};

export default contactsRoutes;
