// Server-side sessions: an opaque random token in an HttpOnly SameSite=Lax cookie; the table keeps its HMAC.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isPremium } from '../../domain/premium';
import type { AppContext } from '../context';
import { listingVersion, sessions, users } from '../db/schema';
import { coalesced } from '../lib/coalesce';
import { hmac, randomToken } from '../lib/crypto';

export const SESSION_COOKIE = 'yp_session';
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

export interface AuthState {
  sessionId: string | null;
  user: SessionUser | null;
  impersonatorId: string | null;
  premium: boolean;
  /** The search cache's listing version, read in the same round trip as the session (search-cache.ts). */
  listingVersion?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState;
  }
  interface FastifyInstance {
    ctx: AppContext;
    sessions: SessionManager;
    routeList: Array<{ method: string; url: string }>;
  }
}

export interface SessionManager {
  /** Start a new session (a fresh id: rotation at login) and set the cookie. */
  start(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: string,
    opts?: { impersonatorId?: string },
  ): Promise<void>;
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** End every session of a user, optionally keeping one. */
  endAllForUser(userId: string, exceptSessionId?: string | null): Promise<void>;
}

function cookieOptions(ctx: AppContext) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.production,
    maxAge: SESSION_TTL_MS / 1000,
  };
}

export default fp(
  async function sessionsPlugin(app: FastifyInstance) {
    const ctx = app.ctx;
    const idFor = (token: string) => hmac(ctx.config.sessionSecret, token);

    // Every signed-in request runs this: prepared once, so it is neither rebuilt nor re-planned each time, and
    // the requests that arrive together share one execution (lib/coalesce.ts). Expiry is checked per request.
    const lookup = ctx.db
      .select({
        session: sessions,
        user: users,
        listingVersion: sql<number>`(select ${listingVersion.version} from ${listingVersion} where ${listingVersion.id} = 1)`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`)
      .prepare('session_lookup');
    type SessionRow = Awaited<ReturnType<typeof lookup.execute>>[number];
    const sessionById = coalesced(async (ids: string[]) => {
      const rows = await lookup.execute({ ids });
      return new Map<string, SessionRow>(rows.map((row) => [row.session.id, row]));
    });

    app.decorateRequest('auth', null as unknown as AuthState);
    app.addHook('onRequest', async (request) => {
      request.auth = { sessionId: null, user: null, impersonatorId: null, premium: false };
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > 100) return;
      const id = idFor(token);
      const now = ctx.now();
      const row = await sessionById(id);
      if (!row || row.session.expiresAt <= now) return;
      request.auth = {
        sessionId: id,
        user: row.user,
        impersonatorId: row.session.impersonatorId,
        premium: isPremium(row.user, now),
        listingVersion: Number(row.listingVersion ?? 0),
      };
      if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await ctx.db
          .update(sessions)
          .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
          .where(eq(sessions.id, id));
      }
    });

    const manager: SessionManager = {
      async start(request, reply, userId, opts) {
        if (request.auth.sessionId)
          await ctx.db.delete(sessions).where(eq(sessions.id, request.auth.sessionId));
        const token = randomToken();
        const now = ctx.now();
        await ctx.db.insert(sessions).values({
          id: idFor(token),
          userId,
          impersonatorId: opts?.impersonatorId ?? null,
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        });
        reply.setCookie(SESSION_COOKIE, token, cookieOptions(ctx));
        request.auth = { ...request.auth, sessionId: idFor(token) };
      },
      async end(request, reply) {
        if (request.auth.sessionId)
          await ctx.db.delete(sessions).where(eq(sessions.id, request.auth.sessionId));
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        request.auth = { sessionId: null, user: null, impersonatorId: null, premium: false };
      },
      async endAllForUser(userId, exceptSessionId) {
        await ctx.db
          .delete(sessions)
          .where(
            exceptSessionId
              ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
              : eq(sessions.userId, userId),
          );
      },
    };
    app.decorate('sessions', manager);
  },
  { name: 'sessions' },
);
