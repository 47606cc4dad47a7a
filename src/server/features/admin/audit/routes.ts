// GET /api/admin/audit-log?page=&action= (super admin): every admin action, newest first.
import type { FastifyPluginAsync } from 'fastify';
import { ZAuditLogQuery } from '../../../../domain/admin';
import { withoutNul } from '../../../lib/nul';
import { parse } from '../../../lib/validation';
import { SUPER_ADMIN_ROUTE } from '../http';
import { listAuditEntries } from './service';

const auditRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/audit-log', SUPER_ADMIN_ROUTE, async (request) =>
    listAuditEntries(app.ctx, parse(ZAuditLogQuery, withoutNul(request.query))),
  );
};

export default auditRoutes;
