// SQL for sessions: the per-request lookup (prepared once), and starting, touching and ending a session.
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { directoryVersion, listingVersion, notificationSettings, sessions, users } from '../db/schema';

/**
 * Every signed-in request runs this: prepared once, so it is neither rebuilt nor re-planned each time. It reads
 * the sessions asked for, their users and their email settings (the current user every page embeds: a member's page
 * asked for them in a round trip of their own), the search cache's listing version and the directory's version (what
 * kept pages are drawn under: decision 0075) in one round trip.
 */
export function prepareSessionLookup(db: Db) {
  return db
    .select({
      session: sessions,
      user: users,
      settings: notificationSettings,
      listingVersion: sql<number>`(select ${listingVersion.version} from ${listingVersion} where ${listingVersion.id} = 1)`,
      directoryVersion: sql<number>`(select ${directoryVersion.version} from ${directoryVersion} where ${directoryVersion.id} = 1)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, sessions.userId))
    .where(sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('session_lookup');
}

export async function touchSession(db: Db, id: string, values: { lastSeenAt: Date; expiresAt?: Date }) {
  await db.update(sessions).set(values).where(eq(sessions.id, id));
}

export async function insertSessionRow(db: Db, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: Db, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** The admin session a demo was started from: only if it is still that admin's own, not another demo. */
export async function findReturnSession(db: Db, sessionId: string, adminId: string) {
  const [row] = await db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, adminId), isNull(sessions.impersonatorId)))
    .limit(1);
  return row;
}

/** A person's own sessions still in force (not demo sessions an admin runs as them), the most recent first. */
export async function listUserSessions(db: Db, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.impersonatorId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Ends every session of the user but `keepId`; returns how many ended. */
export async function deleteOtherSessions(db: Db, userId: string, keepId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return ended.length;
}
