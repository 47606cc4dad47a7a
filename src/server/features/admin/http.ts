// What every admin route shares: the per-route role checks (run on onRequest, before a body is even read),
// the acting admin, and parsing for calls that carry no body.
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../../domain/identity';
import { actorOf, requireAdmin } from '../../plugins/request-kit';
import type { SessionUser } from '../../plugins/sessions';

/** The admin making the call, and where from (the audit log records both): 401 or 403 otherwise. */
export function adminActor(request: FastifyRequest): Actor<SessionUser> {
  requireAdmin(request);
  return actorOf(request);
}

export { ADMIN_ROUTE, allowEmptyJson, SUPER_ADMIN_ROUTE } from '../../plugins/request-kit';
