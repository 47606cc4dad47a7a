// "Download my data" (issue 29 item 4; decision 0054): GET /api/account/export, the signed-in person's data as a
// JSON file, at most DATA_EXPORTS_PER_DAY times a day per account.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DATA_EXPORT_WINDOW_MS,
  DATA_EXPORTS_PER_DAY,
  tooManyExportsMessage,
} from '../../../domain/data-export';
import { ZDataExport } from '../../../domain/data-export-schema';
import { AppError } from '../../../domain/errors';
import type { RoutesPlugin } from '../../lib/contract';
import { actorOf, SIGNED_IN_ROUTE } from '../../plugins/request-kit';
import { exportAccountData } from './service';

const dataExportRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  // Counted per account (the shared rate-limit store: memory, or Redis with REDIS_URL), whatever the IP.
  const exportLimit = app.createRateLimit({
    max: DATA_EXPORTS_PER_DAY,
    timeWindow: DATA_EXPORT_WINDOW_MS,
    keyGenerator: (request) => `data-export:${request.auth.user?.id}`,
  });
  const enforce = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await exportLimit(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, Math.ceil(result.ttl / 1000));
      reply.header('retry-after', String(seconds));
      throw new AppError('RATE_LIMITED', tooManyExportsMessage(seconds));
    }
  };

  const schema = {
    summary: `Download a copy of everything held about you, as a JSON file (${DATA_EXPORTS_PER_DAY} a day).`,
    tags: ['accounts'],
    response: { 200: ZDataExport },
  };
  app.get('/api/account/export', { ...SIGNED_IN_ROUTE, schema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await enforce(request, reply);
    const file = await exportAccountData(ctx, actorOf(request), request.headers['user-agent']);
    // JSON through the route's serializer: outside production the document is checked against ZDataExport.
    reply.header('content-disposition', `attachment; filename="${file.filename}"`);
    return file.document;
  });
};

export default dataExportRoutes;
