// GET /api/admin/all-users, DELETE /api/admin/delete-user/{id}, POST /api/admin/bulk-delete-users (super admin).
import type { FastifyPluginAsync } from 'fastify';
import { ZAllUsersQuery, ZBulkDeleteRequest } from '../../../../domain/admin';
import { withoutNul } from '../../../lib/nul';
import { parse } from '../../../lib/validation';
import { adminActor, paramOf, SUPER_ADMIN_ROUTE } from '../http';
import { bulkDeleteUsers, deleteUser, listUsers } from './service';

const usersRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/api/admin/all-users', SUPER_ADMIN_ROUTE, async (request) =>
    listUsers(ctx, parse(ZAllUsersQuery, withoutNul(request.query))),
  );

  app.delete('/api/admin/delete-user/:id', SUPER_ADMIN_ROUTE, async (request) =>
    deleteUser(ctx, adminActor(request), paramOf(request, 'id')),
  );

  app.post('/api/admin/bulk-delete-users', SUPER_ADMIN_ROUTE, async (request) => {
    const input = parse(ZBulkDeleteRequest, withoutNul(request.body));
    return bulkDeleteUsers(ctx, adminActor(request), input.userIds);
  });
};

export default usersRoutes;
