// Server-side sessions: an opaque random token in an HttpOnly SameSite=Lax cookie; the table keeps its HMAC.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { deviceName, type TSignedInDevice } from '../../domain/devices';
import { isPremium } from '../../domain/premium';
import type { AppContext } from '../context';
import type { notificationSettings, users } from '../db/schema';
import { coalesced } from '../lib/coalesce';
import type { DeclaredRoute } from '../lib/contract';
import { hmac, randomToken } from '../lib/crypto';
import {
  deleteOtherSessions,
  deleteSession,
  findReturnSession,
  insertSessionRow,
  listUserSessions,
  prepareSessionLookup,
  touchSession,
} from './session-queries';

export const SESSION_COOKIE = 'yp_session';
/**
 * While a demo runs, the admin's own session token waits here, sent only to the call that ends the demo: the demo
 * cookie alone can never become an admin session again.
 */
export const RETURN_COOKIE = 'yp_admin_return';
export const RETURN_COOKIE_PATH = '/api/admin/stop-impersonation';
/** A demo (impersonation) session lasts one hour from its start and is never renewed. */
export const DEMO_SESSION_TTL_MS = 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

export interface AuthState {
  sessionId: string | null;
  user: SessionUser | null;
  impersonatorId: string | null;
  /** A demo session's way back: the admin's own session id (sessions.return_session_id). */
  returnSessionId: string | null;
  premium: boolean;
  /** The search cache's listing version, read in the same round trip as the session (search-cache.ts). */
  listingVersion?: number;
  /** The directory's version, read in the same round trip (kept pages: plugins/page-cache.ts). */
  directoryVersion?: number;
  /** The user's email settings as read with the session (null: none saved, the defaults); absent when not read. */
  notificationSettings?: typeof notificationSettings.$inferSelect | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState;
  }
  interface FastifyInstance {
    ctx: AppContext;
    sessions: SessionManager;
    routeList: DeclaredRoute[];
  }
}

export interface SessionManager {
  /** Start a new session (a fresh id: rotation at login; the request's old session ends) and set the cookie. */
  start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void>;
  /**
   * Start a demo session as `demoUserId` for the signed-in admin: one hour, never renewed. The admin's own session
   * is kept, its token moved to the return cookie that only the end-of-demo call receives.
   */
  startDemo(request: FastifyRequest, reply: FastifyReply, demoUserId: string): Promise<void>;
  /**
   * End the request's demo session and give the browser back the admin session it came from, if the return cookie
   * names that very session and it is still valid. Returns that admin's user id, or null (then only the demo ends).
   * `restore: false` only ends the demo.
   */
  endDemo(request: FastifyRequest, reply: FastifyReply, opts?: { restore: boolean }): Promise<string | null>;
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** The signed-in person's own sessions still in force, this one marked current. */
  devices(request: FastifyRequest): Promise<TSignedInDevice[]>;
  /** Ends every other session of the signed-in person ("sign out everywhere else"); returns how many. */
  endOthers(request: FastifyRequest): Promise<number>;
}

function cookieOptions(
  ctx: AppContext,
  maxAgeMs = Math.min(ctx.config.sessionIdleMs, ctx.config.sessionMaxMs),
) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.production,
    maxAge: Math.max(1, Math.floor(maxAgeMs / 1000)),
  };
}

/** The header an in-process call of a page render names the session it was lent by (`lendPageSession`). */
export const LENT_SESSION_HEADER = 'x-yp-lent-session';

/** Sessions lent to in-process calls now in flight, by a random id that lives as long as the call. */
const lentSessions = new Map<string, { cookie: string; auth: AuthState }>();

/** How often a session was read from the database and how often a page's call was lent one (tests, the bench). */
export interface SessionStats {
  lookups: number;
  lent: number;
}
const statsByCtx = new WeakMap<AppContext, SessionStats>();
export function sessionStatsFor(ctx: AppContext): SessionStats {
  let stats = statsByCtx.get(ctx);
  if (!stats) {
    stats = { lookups: 0, lent: 0 };
    statsByCtx.set(ctx, stats);
  }
  return stats;
}

/**
 * Runs a page render's in-process API call (plugins/site.ts) with the page request's own cookie header and the
 * session it was found to be: the call names it by a random id in a header, and a call with that id and that same
 * cookie header reuses it instead of reading the session again (issue 33: a member's page asked for it once per
 * call). An id is known only inside this process and only while its call runs; a request from the network naming
 * another is read as usual. (An AsyncLocalStorage store did this before, but Fastify's inject does not carry the
 * caller's async context into the request it makes, so every call read the session again.)
 */
export async function lendPageSession<T>(
  cookie: string,
  auth: AuthState,
  call: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const id = randomUUID();
  lentSessions.set(id, { cookie, auth });
  try {
    return await call({ [LENT_SESSION_HEADER]: id });
  } finally {
    lentSessions.delete(id);
  }
}

const SIGNED_OUT: AuthState = {
  sessionId: null,
  user: null,
  impersonatorId: null,
  returnSessionId: null,
  premium: false,
};

export default fp(
  async function sessionsPlugin(app: FastifyInstance) {
    const ctx = app.ctx;
    const idFor = (token: string) => hmac(ctx.config.sessionSecret, token);

    // Every signed-in request runs this: prepared once, so it is neither rebuilt nor re-planned each time, and
    // the requests that arrive together share one execution (lib/coalesce.ts). Expiry is checked per request.
    const lookup = prepareSessionLookup(ctx.db);
    type SessionRow = Awaited<ReturnType<typeof lookup.execute>>[number];
    const stats = sessionStatsFor(ctx);
    const sessionById = coalesced(async (ids: string[]) => {
      stats.lookups += ids.length;
      const rows = await lookup.execute({ ids });
      return new Map<string, SessionRow>(rows.map((row) => [row.session.id, row]));
    });

    app.decorateRequest('auth', null as unknown as AuthState);
    app.addHook('onRequest', async (request) => {
      request.auth = SIGNED_OUT;
      const lentId = request.headers[LENT_SESSION_HEADER];
      const lent = typeof lentId === 'string' ? lentSessions.get(lentId) : undefined;
      if (lent && lent.cookie === request.headers.cookie) {
        stats.lent += 1;
        request.auth = lent.auth;
        return;
      }
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 100) return;
      const id = idFor(token);
      const now = ctx.now();
      const row = await sessionById(id);
      if (!row || row.session.expiresAt <= now) return;
      // The absolute lifetime, whatever the sliding end says (it may have been set under a longer SESSION_MAX_DAYS).
      const signedInFor = now.getTime() - row.session.createdAt.getTime();
      if (!row.session.impersonatorId && signedInFor >= ctx.config.sessionMaxMs) return;
      request.auth = {
        sessionId: id,
        user: row.user,
        impersonatorId: row.session.impersonatorId,
        returnSessionId: row.session.returnSessionId,
        premium: isPremium(row.user, now),
        listingVersion: Number(row.listingVersion ?? 0),
        directoryVersion: Number(row.directoryVersion ?? 0),
        notificationSettings: row.settings,
      };
      if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        // A demo session keeps the end it was given at its start; every other session slides by the idle timeout,
        // never past its absolute end.
        const renewed = row.session.impersonatorId
          ? {}
          : {
              expiresAt: new Date(
                Math.min(
                  now.getTime() + ctx.config.sessionIdleMs,
                  row.session.createdAt.getTime() + ctx.config.sessionMaxMs,
                ),
              ),
            };
        await touchSession(ctx.db, id, { lastSeenAt: now, ...renewed });
      }
    });

    const insertSession = async (
      request: FastifyRequest,
      values: { userId: string; ttlMs: number; impersonatorId?: string; returnSessionId?: string },
    ) => {
      const token = randomToken();
      const now = ctx.now();
      await insertSessionRow(ctx.db, {
        id: idFor(token),
        userId: values.userId,
        impersonatorId: values.impersonatorId ?? null,
        returnSessionId: values.returnSessionId ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + values.ttlMs),
      });
      return token;
    };
    const returnCookieOptions = (maxAgeMs: number) => ({
      ...cookieOptions(ctx, maxAgeMs),
      path: RETURN_COOKIE_PATH,
      sameSite: 'strict' as const,
    });

    const manager: SessionManager = {
      async start(request, reply, userId) {
        if (request.auth.sessionId) await deleteSession(ctx.db, request.auth.sessionId);
        const ttlMs = Math.min(ctx.config.sessionIdleMs, ctx.config.sessionMaxMs);
        const token = await insertSession(request, { userId, ttlMs });
        reply.setCookie(SESSION_COOKIE, token, cookieOptions(ctx));
        request.auth = { ...request.auth, sessionId: idFor(token) };
      },
      async startDemo(request, reply, demoUserId) {
        const admin = request.auth;
        const adminToken = request.cookies[SESSION_COOKIE];
        if (!admin.user || !admin.sessionId || !adminToken || admin.impersonatorId)
          throw new Error('startDemo needs a signed-in admin session');
        const token = await insertSession(request, {
          userId: demoUserId,
          ttlMs: DEMO_SESSION_TTL_MS,
          impersonatorId: admin.user.id,
          returnSessionId: admin.sessionId,
        });
        reply.setCookie(SESSION_COOKIE, token, cookieOptions(ctx, DEMO_SESSION_TTL_MS));
        reply.setCookie(RETURN_COOKIE, adminToken, returnCookieOptions(DEMO_SESSION_TTL_MS));
      },
      async endDemo(request, reply, opts = { restore: true }) {
        const demo = request.auth;
        const returnToken = request.cookies[RETURN_COOKIE];
        await manager.end(request, reply);
        reply.clearCookie(RETURN_COOKIE, { path: RETURN_COOKIE_PATH });
        if (!opts.restore) return null;
        if (!demo.impersonatorId || !demo.returnSessionId || !returnToken || returnToken.length > 100)
          return null;
        // Only the very session the demo was started from, still alive, still the impersonating admin's.
        if (idFor(returnToken) !== demo.returnSessionId) return null;
        const back = await findReturnSession(ctx.db, demo.returnSessionId, demo.impersonatorId);
        const now = ctx.now();
        if (!back || back.expiresAt <= now) return null;
        reply.setCookie(
          SESSION_COOKIE,
          returnToken,
          cookieOptions(ctx, back.expiresAt.getTime() - now.getTime()),
        );
        return back.userId;
      },
      async devices(request) {
        const { user, sessionId } = request.auth;
        if (!user || !sessionId) return [];
        const rows = await listUserSessions(ctx.db, user.id, ctx.now());
        return rows.map((row) => ({
          current: row.id === sessionId,
          device: deviceName(row.userAgent),
          ip: row.ip,
          signedInAt: row.createdAt.toISOString(),
          lastActiveAt: row.lastSeenAt.toISOString(),
        }));
      },
      async endOthers(request) {
        const { user, sessionId } = request.auth;
        if (!user || !sessionId) return 0;
        return deleteOtherSessions(ctx.db, user.id, sessionId);
      },
      async end(request, reply) {
        if (request.auth.sessionId) await deleteSession(ctx.db, request.auth.sessionId);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        request.auth = SIGNED_OUT;
      },
    };
    app.decorate('sessions', manager);
  },
  { name: 'sessions' },
);
