// POST /api/admin/login, GET /api/admin/auth, POST /api/admin/logout (doc 2 §7).
import { z } from 'zod';
import { ZEmptyRequest } from '../../../../domain/accounts';
import { type TAdminLoginReply, ZAdminAuth, ZAdminLoginRequest } from '../../../../domain/admin';
import { AppError } from '../../../../domain/errors';
import type { RouteScope, RoutesPlugin } from '../../../lib/contract';
import { authRateLimit } from '../../../plugins/rate-limits';
import { requireAdmin } from '../../../plugins/request-kit';
import { ADMIN_ROUTE, allowEmptyJson } from '../http';
import { adminAuthOf, authenticateAdmin, recordLoginFailure, recordLogout } from './service';

const tags = ['admin'];
const ZAdminReply = z.object({ success: z.boolean(), message: z.string() });

const adminAuthRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  app.post(
    '/api/admin/login',
    {
      // Counted after the body is read, so a refused attempt is logged with the address it tried.
      config: { rateLimit: { ...authRateLimit(ctx), hook: 'preHandler' } },
      // A body that fails validation reaches the handler, which logs the attempt before refusing it.
      attachValidation: true,
      schema: {
        summary: 'Sign in to the admin area with username and password.',
        tags,
        body: ZAdminLoginRequest,
        response: { 200: ZAdminReply },
      },
      onSend: async (request, reply, payload) => {
        if (reply.statusCode === 429)
          await recordLoginFailure(
            ctx,
            (request.body as unknown as { username?: unknown })?.username,
            request.ip,
            'rate_limited',
          );
        return payload;
      },
    },
    async (request, reply): Promise<TAdminLoginReply> => {
      if (request.validationError) {
        await recordLoginFailure(
          ctx,
          (request.body as unknown as { username?: unknown })?.username,
          request.ip,
          'invalid_request',
        );
        throw request.validationError;
      }
      const input = request.body;
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

  const auth = {
    summary: 'Whether the caller is an admin, and the configuration warnings for the super admin.',
    tags,
    response: { 200: ZAdminAuth },
  };
  app.get('/api/admin/auth', { schema: auth }, async (request) =>
    adminAuthOf(request.auth.user, ctx.config.warnings),
  );

  await app.register(async (scope: RouteScope) => {
    await allowEmptyJson(scope);
    const schema = {
      summary: 'Sign out of the admin area.',
      tags,
      body: ZEmptyRequest,
      response: { 200: ZAdminReply },
    };
    scope.post('/api/admin/logout', { ...ADMIN_ROUTE, schema }, async (request, reply) => {
      const admin = requireAdmin(request);
      await recordLogout(ctx, admin, request.ip);
      await app.sessions.end(request, reply);
      return { success: true, message: 'Signed out' };
    });
  });
};

export default adminAuthRoutes;
