// What every admin route shares: the per-route role checks (run on onRequest, before a body is even read),
// the acting admin, and parsing for calls that carry no body.
import type { FastifyRequest } from 'fastify';
import { requireAdmin } from '../../plugins/request-kit';
import type { SessionUser } from '../../plugins/sessions';

/** The admin making the call, and where from (the audit log records both). */
export interface AdminActor {
  user: SessionUser;
  ip: string;
}

export function adminActor(request: FastifyRequest): AdminActor {
  return { user: requireAdmin(request), ip: request.ip };
}

export { ADMIN_ROUTE, allowEmptyJson, SUPER_ADMIN_ROUTE } from '../../plugins/request-kit';
