// What every admin route shares: the per-route role checks (run on onRequest, before a body is even read),
// the acting admin, and parsing for calls that carry no body.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAdmin, requireSuperAdmin } from '../../plugins/guards';
import type { SessionUser } from '../../plugins/sessions';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

export function paramOf(request: FastifyRequest, name: string): string {
  return String((request.params as Record<string, unknown>)[name] ?? '');
}

/** For bodiless POSTs: fetch clients often send a JSON content type with no body at all. */
export async function allowEmptyJson(scope: FastifyInstance) {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, {});
    parseJson(request, text, done);
  });
}
