// GET /api/admin/all-users, DELETE /api/admin/delete-user/{id}, POST /api/admin/bulk-delete-users (super admin).
import {
  ZAdminDone,
  ZAllUsersPage,
  ZAllUsersQuery,
  ZBulkDeleteReply,
  ZBulkDeleteRequest,
} from '../../../../domain/admin';
import { type RoutesPlugin, uuidParams } from '../../../lib/contract';
import { adminActor, SUPER_ADMIN_ROUTE } from '../http';
import { bulkDeleteUsers, deleteUser, listUsers, USER_NOT_FOUND } from './service';

const tags = ['admin'];

const usersRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  const list = {
    summary: 'Every account, searchable (super admin).',
    tags,
    querystring: ZAllUsersQuery,
    response: { 200: ZAllUsersPage },
  };
  app.get('/api/admin/all-users', { ...SUPER_ADMIN_ROUTE, schema: list }, async (request) =>
    listUsers(ctx, request.query),
  );

  const remove = {
    summary: 'Delete an account and all it owns (super admin).',
    tags,
    params: uuidParams({ id: USER_NOT_FOUND }),
    response: { 200: ZAdminDone },
  };
  app.delete('/api/admin/delete-user/:id', { ...SUPER_ADMIN_ROUTE, schema: remove }, async (request) =>
    deleteUser(ctx, adminActor(request), request.params.id),
  );

  const bulk = {
    summary: 'Delete several accounts at once (super admin).',
    tags,
    body: ZBulkDeleteRequest,
    response: { 200: ZBulkDeleteReply },
  };
  app.post('/api/admin/bulk-delete-users', { ...SUPER_ADMIN_ROUTE, schema: bulk }, async (request) => {
    return bulkDeleteUsers(ctx, adminActor(request), request.body.userIds);
  });
};

export default usersRoutes;
