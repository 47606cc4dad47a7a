// Authorization guards used by services and routes. The API is the gate; the UI only mirrors it.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { isAdmin, isSuperAdmin } from '../../domain/identity';
import type { SessionUser } from './sessions';

export function requireUser(request: FastifyRequest): SessionUser {
  const user = request.auth.user;
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

export function requirePremium(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!request.auth.premium) throw new AppError('PREMIUM_REQUIRED');
  return user;
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!isAdmin(user)) throw new AppError('ADMIN_REQUIRED');
  return user;
}

export function requireSuperAdmin(request: FastifyRequest): SessionUser {
  const user = requireAdmin(request);
  if (!isSuperAdmin(user)) throw new AppError('SUPER_ADMIN_REQUIRED');
  return user;
}
