// GET /api/admin/statistics?from=&to= (admins).
import type { FastifyPluginAsync } from 'fastify';
import { ZStatisticsQuery } from '../../../../domain/admin';
import { parse } from '../../../lib/validation';
import { ADMIN_ROUTE } from '../http';
import { getStatistics } from './service';

const statisticsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/statistics', ADMIN_ROUTE, async (request) =>
    getStatistics(app.ctx, parse(ZStatisticsQuery, request.query)),
  );
};

export default statisticsRoutes;
