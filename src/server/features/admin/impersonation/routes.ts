// POST /api/admin/impersonate (super admin), POST /api/admin/stop-impersonation (an impersonation session).
import { ZEmptyRequest } from '../../../../domain/accounts';
import {
  type TImpersonateReply,
  type TStopImpersonationReply,
  ZImpersonateReply,
  ZImpersonateRequest,
  ZStopImpersonationReply,
} from '../../../../domain/admin';
import { AppError } from '../../../../domain/errors';
import type { RouteScope, RoutesPlugin } from '../../../lib/contract';
import { actorOf, SIGNED_IN_ROUTE } from '../../../plugins/request-kit';
import { adminActor, allowEmptyJson, SUPER_ADMIN_ROUTE } from '../http';
import { startImpersonation, stopImpersonation } from './service';

const tags = ['admin'];

const impersonationRoutes: RoutesPlugin = async (app) => {
  const ctx = app.ctx;

  app.post(
    '/api/admin/impersonate',
    {
      ...SUPER_ADMIN_ROUTE,
      schema: {
        summary: 'Start a one-hour demo session as a tenant, landlord or contractor (super admin).',
        tags,
        body: ZImpersonateRequest,
        response: { 200: ZImpersonateReply },
      },
    },
    async (request, reply): Promise<TImpersonateReply> => {
      const input = request.body;
      const actor = adminActor(request);
      const { demo, redirectTo } = await startImpersonation(ctx, actor, input.userType);
      // A one-hour session for the demo account that remembers who the admin is. The admin's own session is
      // kept for the way back, but only the end-of-demo call ever receives its token (sessions.ts).
      await app.sessions.startDemo(request, reply, demo.id);
      return { success: true, message: `Demo session as ${input.userType} started.`, redirectTo };
    },
  );

  await app.register(async (scope: RouteScope) => {
    await allowEmptyJson(scope);
    // The caller is the demo account, not an admin: the session's impersonator is what is checked.
    scope.post(
      '/api/admin/stop-impersonation',
      {
        ...SIGNED_IN_ROUTE,
        schema: {
          summary: 'End a demo session and return to the admin session it started from.',
          tags,
          body: ZEmptyRequest,
          response: { 200: ZStopImpersonationReply },
        },
      },
      async (request, reply): Promise<TStopImpersonationReply> => {
        const admin = await stopImpersonation(ctx, actorOf(request));
        if (!admin) {
          await app.sessions.endDemo(request, reply, { restore: false });
          throw new AppError('FORBIDDEN', 'Only an administrator can return from a demo session.');
        }
        // Back to the admin session this demo started from, or (that session ended, or this browser does not
        // hold it) to the admin sign-in: the demo cookie alone never makes an admin session.
        const restored = await app.sessions.endDemo(request, reply);
        if (restored === admin.id) return { success: true, redirectTo: '/admin/super' };
        return {
          success: true,
          redirectTo: '/admin/login',
          message: 'The demo session has ended. Sign in again to return to the admin area.',
        };
      },
    );
  });
};

export default impersonationRoutes;
