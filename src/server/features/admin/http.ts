// What every admin route shares: the per-route role checks (run on onRequest, before a body is even read),
// the acting admin, and parsing for calls that carry no body.
import type { FastifyRequest } from 'fastify';
import { requireAdmin, requireSuperAdmin } from '../../plugins/request-kit';
import type { SessionUser } from '../../plugins/sessions';

/** The admin making the call, and where from (the audit log records both). */
export interface AdminActor {
  user: SessionUser;
  ip: string;
}

/** onRequest hook: 401 signed out, 403 unless an admin or the super admin. */
export async function adminOnly(request: FastifyRequest) {
  requireAdmin(request);
}

/** onRequest hook: 401 signed out, 403 unless the super admin. */
export async function superAdminOnly(request: FastifyRequest) {
  requireSuperAdmin(request);
}

export const ADMIN_ROUTE = { onRequest: adminOnly } as const;
export const SUPER_ADMIN_ROUTE = { onRequest: superAdminOnly } as const;

export function adminActor(request: FastifyRequest): AdminActor {
  return { user: requireAdmin(request), ip: request.ip };
}

export { allowEmptyJson, paramOf } from '../../plugins/request-kit';
