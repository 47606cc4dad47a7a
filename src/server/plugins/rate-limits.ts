import type { AppContext } from '../context';

/** Per-IP limit for login, registration, recovery and contact (RATE_LIMIT_MAX per minute). */
export function authRateLimit(ctx: AppContext) {
  return { max: ctx.config.authRateLimit, timeWindow: '1 minute' };
}
