// GET /api/admin/contact-submissions, PATCH /api/admin/contact-submissions/{id} (admins).
import {
  ZAdminContactSubmission,
  ZContactSubmissionsPage,
  ZContactSubmissionsQuery,
  ZContactUpdateRequest,
} from '../../../../domain/admin';
import { type RoutesPlugin, uuidParams } from '../../../lib/contract';
import { ADMIN_ROUTE, adminActor } from '../http';
import { listContactSubmissions, NOT_FOUND, updateContactSubmission } from './service';

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
    listContactSubmissions(ctx, request.query),
  );

  const update = {
    summary: "Change a contact message's status or notes (admins).",
    tags,
    params: uuidParams({ id: NOT_FOUND }),
    body: ZContactUpdateRequest,
    response: { 200: ZAdminContactSubmission },
  };
  app.patch('/api/admin/contact-submissions/:id', { ...ADMIN_ROUTE, schema: update }, async (request) =>
    updateContactSubmission(ctx, adminActor(request), request.params.id, request.body),
  );
};

export default contactsRoutes;
