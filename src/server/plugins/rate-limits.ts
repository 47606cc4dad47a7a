// Rate limits beyond @fastify/rate-limit's per-route, per-IP ones: failed password checks counted per account.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../domain/errors';
import { LIMITS, type LimitName, retryAfterSeconds } from '../../domain/limits';
import type { AppContext } from '../context';

/** Per-IP limit for login, registration, recovery and contact (RATE_LIMIT_MAX per minute). */
export function authRateLimit(ctx: AppContext) {
  return { max: ctx.config.authRateLimit, timeWindow: LIMITS.authPerIp.windowMs };
}

/** Failed password checks on one account are counted over this window (RATE_LIMIT_MAX of them allowed). */
export const ACCOUNT_THROTTLE_WINDOW_MS = LIMITS.failedPasswordsPerAccount.windowMs;

/**
 * Failed password checks counted per account (the address tried), whatever the IP: sign-in, admin sign-in, and the
 * current password asked by a password or email change. The key is the address as typed, whether or not an account
 * has it, so the answer (429 after RATE_LIMIT_MAX failures in 15 minutes) says nothing about which addresses exist.
 * Counters live where the per-IP ones do: in memory, or in Redis with REDIS_URL so every instance shares them.
 */
export interface AccountThrottle {
  /** 429 when this account has had its failures; counts nothing. */
  assertAllowed(request: FastifyRequest, account: string): Promise<void>;
  /** One more failure against this account. */
  recordFailure(request: FastifyRequest, account: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accountThrottle: AccountThrottle;
  }
}

export default fp(
  async function accountThrottlePlugin(app: FastifyInstance) {
    const keys = new WeakMap<FastifyRequest, string>();
    const limiter = app.createRateLimit({
      max: app.ctx.config.authRateLimit,
      timeWindow: ACCOUNT_THROTTLE_WINDOW_MS,
      keyGenerator: (request) => keys.get(request) ?? 'account:',
    });
    const keyFor = (request: FastifyRequest, account: string) =>
      keys.set(request, `account:${account.trim().toLowerCase().slice(0, 254)}`);

    app.decorate('accountThrottle', {
      async assertAllowed(request, account) {
        keyFor(request, account);
        const state = await limiter(request, { increment: false });
        if (!state.isAllowed && state.remaining === 0) {
          const seconds = state.ttlInSeconds ?? 60;
          const minutes = Math.max(1, Math.ceil(seconds / 60));
          throw new AppError(
            'RATE_LIMITED',
            `Too many failed attempts for this account. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          ).withRetryAfter(seconds);
        }
      },
      async recordFailure(request, account) {
        keyFor(request, account);
        await limiter(request);
      },
    } satisfies AccountThrottle);
  },
  { name: 'account-throttle', dependencies: ['@fastify/rate-limit'] },
);

/**
 * A per-user limit from src/domain/limits.ts, counted where the per-IP ones are (memory, or Redis with REDIS_URL):
 * a check to call in a signed-in route's handler, counting this request, and answering 429 with the limit's message
 * and Retry-After once the user has had their share of the window.
 */
export function userRateLimit(
  app: FastifyInstance,
  name: LimitName,
  message: (seconds: number) => string,
): (request: FastifyRequest) => Promise<void> {
  const limit = LIMITS[name];
  const limiter = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${name}:${request.auth.user?.id}`,
  });
  return async (request) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = retryAfterSeconds(result.ttl);
      throw new AppError('RATE_LIMITED', message(seconds)).withRetryAfter(seconds);
    }
  };
}
