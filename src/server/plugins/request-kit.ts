// The request kit every routes file uses (issue 14): who may call a route (its guard), who is asking (viewer,
// actor), and the one rule for bodiless JSON. Guards live beside it in ./guards.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, Viewer } from '../../domain/identity';
import { requireAdmin, requireSuperAdmin, requireUser } from './guards';
import type { SessionUser } from './sessions';

export { requireAdmin, requirePremium, requireSuperAdmin, requireUser } from './guards';

/** Whoever is asking, signed in or not (src/domain/identity.ts), with their plan paid up now or not. */
export function viewerOf(request: FastifyRequest): Viewer<SessionUser> {
  return { user: request.auth.user, premium: request.auth.premium };
}

/** The signed-in person acting (src/domain/identity.ts); 401 when signed out. */
export function actorOf(request: FastifyRequest): Actor<SessionUser> {
  const { premium, sessionId, impersonatorId } = request.auth;
  return { user: requireUser(request), premium, ip: request.ip, sessionId, impersonatorId };
}

/*
 * Who may call a route, declared in its options (`{ ...SIGNED_IN_ROUTE, schema }`): checked on onRequest, before
 * the body is read or validated, so a signed-out caller gets its 401 (and a member without the plan its 403)
 * whatever it sent (decision 0043). Ownership is the service's to check: it needs the record.
 */

/** 401 when signed out. */
export const SIGNED_IN_ROUTE = { onRequest: async (request: FastifyRequest) => void requireUser(request) };
/** 401 signed out, 403 unless an admin or the super admin. */
export const ADMIN_ROUTE = { onRequest: async (request: FastifyRequest) => void requireAdmin(request) };
/** 401 signed out, 403 unless the super admin. */
export const SUPER_ADMIN_ROUTE = {
  onRequest: async (request: FastifyRequest) => void requireSuperAdmin(request),
};
/** 401 when signed out, then the feature's own check on the actor (a plan, a subscription): its 403. */
export function guardedRoute(check: (actor: Actor<SessionUser>) => void) {
  return { onRequest: async (request: FastifyRequest) => check(actorOf(request)) };
}

/**
 * For routes whose body is optional: fetch clients often send a JSON content type with no body at all, which
 * reads as `{}` in this scope; any other body is parsed as usual.
 */
export async function allowEmptyJson(scope: FastifyInstance) {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, {});
    parseJson(request, text, done);
  });
}
