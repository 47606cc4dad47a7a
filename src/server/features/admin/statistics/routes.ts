// GET /api/admin/statistics?from=&to= (admins).
import { ZAdminStatistics, ZStatisticsQuery } from '../../../../domain/admin';
import type { RoutesPlugin } from '../../../lib/contract';
import { ADMIN_ROUTE } from '../http';
import { getStatistics } from './service';

const statisticsRoutes: RoutesPlugin = async (app) => {
  const schema = {
    summary: 'Counts, revenue and page views over a period (admins).',
    tags: ['admin'],
    querystring: ZStatisticsQuery,
    response: { 200: ZAdminStatistics },
  };
  app.get('/api/admin/statistics', { ...ADMIN_ROUTE, schema }, async (request) =>
    getStatistics(app.ctx, request.query),
  );
};

export default statisticsRoutes;
