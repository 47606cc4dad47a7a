// GET /api/admin/audit-log?page=&action= (super admin): every admin action, newest first.
import { ZAuditLogPage, ZAuditLogQuery } from '../../../../domain/admin';
import type { RoutesPlugin } from '../../../lib/contract';
import { SUPER_ADMIN_ROUTE } from '../http';
import { listAuditEntries } from './service';

const auditRoutes: RoutesPlugin = async (app) => {
  const schema = {
    summary: 'Every admin action, newest first (super admin).',
    tags: ['admin'],
    querystring: ZAuditLogQuery,
    response: { 200: ZAuditLogPage },
  };
  app.get('/api/admin/audit-log', { ...SUPER_ADMIN_ROUTE, schema }, async (request) =>
    listAuditEntries(app.ctx, request.query),
  );
};

export default auditRoutes;
