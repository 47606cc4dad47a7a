// POST /api/admin/login, GET /api/admin/auth, POST /api/admin/logout (doc 2 §7).
import type { FastifyPluginAsync } from 'fastify';
import { ZEmptyRequest } from '../../../../domain/accounts';
import { type TAdminLoginReply, ZAdminLoginRequest } from '../../../../domain/admin';
import { AppError } from '../../../../domain/errors';
import { parse } from '../../../lib/validation';
import { authRateLimit } from '../../../plugins/rate-limits';
import { requireAdmin } from '../../../plugins/request-kit';
import { ADMIN_ROUTE, allowEmptyJson } from '../http';
import { adminAuthOf, authenticateAdmin, recordLoginFailure, recordLogout } from './service';

const adminAuthRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.post(
    '/api/admin/login',
    {
      // Counted after the body is read, so a refused attempt is logged with the address it tried.
      config: { rateLimit: { ...authRateLimit(ctx), hook: 'preHandler' } },
      onSend: async (request, reply, payload) => {
        if (reply.statusCode === 429)
          await recordLoginFailure(
            ctx,
            (request.body as { username?: unknown })?.username,
            request.ip,
            'rate_limited',
          );
        return payload;
      },
    },
    async (request, reply): Promise<TAdminLoginReply> => {
      let input: ReturnType<typeof ZAdminLoginRequest.parse>;
      try {
        input = parse(ZAdminLoginRequest, request.body);
      } catch (err) {
        if (err instanceof AppError)
          await recordLoginFailure(
            ctx,
            (request.body as { username?: unknown })?.username,
            request.ip,
            'invalid_request',
          );
        throw err;
      }
      await app.accountThrottle.assertAllowed(request, input.username);
      const admin = await authenticateAdmin(ctx, input, request.ip).catch(async (err) => {
        if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS')
          await app.accountThrottle.recordFailure(request, input.username);
        throw err;
      });
      // A fresh session id at sign-in (rotation): a planted cookie never becomes an admin session.
      await app.sessions.start(request, reply, admin.id);
      return { success: true, message: 'Login successful' };
    },
  );

  app.get('/api/admin/auth', async (request) => adminAuthOf(request.auth.user, ctx.config.warnings));

  await app.register(async (scope) => {
    await allowEmptyJson(scope);
    scope.post('/api/admin/logout', ADMIN_ROUTE, async (request, reply) => {
      parse(ZEmptyRequest, request.body);
      const admin = requireAdmin(request);
      await recordLogout(ctx, admin, request.ip);
      await app.sessions.end(request, reply);
      return { success: true, message: 'Signed out' };
    });
  });
};

export default adminAuthRoutes;
