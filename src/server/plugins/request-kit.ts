// The request kit every routes file uses (issue 14): who is asking (viewer, actor), the path's id, and the one
// rule for bodiless JSON. Guards live beside it in ./guards.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { isUuid } from '../../domain/ids';
import { requireUser } from './guards';
import type { SessionUser } from './sessions';

export { requireAdmin, requirePremium, requireSuperAdmin, requireUser } from './guards';

/** Whoever is asking, signed in or not, and whether their plan is paid up. */
export interface Viewer {
  user: SessionUser | null;
  premium: boolean;
}

/** A signed-in person acting, and where from (rate limits and the audit log use the address). */
export interface Actor {
  user: SessionUser;
  premium: boolean;
  ip: string;
}

export function viewerOf(request: FastifyRequest): Viewer {
  return { user: request.auth.user, premium: request.auth.premium };
}

/** 401 when signed out. */
export function actorOf(request: FastifyRequest): Actor {
  return { user: requireUser(request), premium: request.auth.premium, ip: request.ip };
}

/** A path parameter as text ('' when absent). */
export function paramOf(request: FastifyRequest, name = 'id'): string {
  return String((request.params as Record<string, unknown>)[name] ?? '');
}

/** A path id: anything that is not a UUID is not found (404 with `message`). */
export function idParam(request: FastifyRequest, name = 'id', message = 'Not found'): string {
  const value = paramOf(request, name);
  if (!isUuid(value)) throw new AppError('NOT_FOUND', message);
  return value;
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
