// SQL for the admin statistics: totals from users with the premium rule, and per-day series in London days.
import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { ADMIN_TIME_ZONE } from '../../../../domain/admin';
import type { Db } from '../../../db/client';
import { premiumSql } from '../../../db/premium-sql';
import { contractors, pageViews, properties, users } from '../../../db/schema';

// A literal, not a parameter: GROUP BY must see the same expression as the SELECT list.
const TZ = sql.raw(`'${ADMIN_TIME_ZONE}'`);

/** The first instant of a London day, and of the day after another: the range is [start, end). */
export function rangeBounds(from: string, to: string): { start: SQL; end: SQL } {
  return {
    start: sql`((${from})::date)::timestamp at time zone ${TZ}`,
    end: sql`((${to})::date + 1)::timestamp at time zone ${TZ}`,
  };
}

export async function countUsers(db: Db, now: Date) {
  const premium = premiumSql(now);
  const at = sql`${now.toISOString()}::timestamptz`;
  const monthStart = sql`date_trunc('month', ${at} at time zone ${TZ}) at time zone ${TZ}`;
  const [row] = await db
    .select({
      totalUsers: sql<number>`count(*) filter (where ${users.role} = 'user')::int`,
      premiumTenants: sql<number>`count(*) filter (where ${users.userType} = 'tenant' and ${premium})::int`,
      subscribedLandlords: sql<number>`count(*) filter (where ${users.userType} = 'landlord' and ${premium})::int`,
      subscribedContractors: sql<number>`count(*) filter (where ${users.userType} = 'contractor' and ${premium})::int`,
      newUsersThisMonth: sql<number>`count(*) filter (where ${users.role} = 'user' and ${users.createdAt} >= ${monthStart} and ${users.createdAt} <= ${at})::int`,
    })
    .from(users);
  return row;
}

function londonDay(column: SQL | typeof users.createdAt | typeof pageViews.createdAt) {
  return sql<string>`to_char(${column} at time zone ${TZ}, 'YYYY-MM-DD')`;
}

export async function signupsByDay(db: Db, from: string, to: string) {
  const { start, end } = rangeBounds(from, to);
  const day = londonDay(users.createdAt);
  return db
    .select({ date: day, count: count() })
    .from(users)
    .where(and(eq(users.role, 'user'), gte(users.createdAt, start), lt(users.createdAt, end)))
    .groupBy(sql`1`);
}

export async function pageViewsByDay(db: Db, from: string, to: string) {
  const { start, end } = rangeBounds(from, to);
  const day = londonDay(pageViews.createdAt);
  return db
    .select({ date: day, count: count() })
    .from(pageViews)
    .where(and(gte(pageViews.createdAt, start), lt(pageViews.createdAt, end)))
    .groupBy(sql`1`);
}

export async function topPages(db: Db, from: string, to: string, limit = 10) {
  const { start, end } = rangeBounds(from, to);
  return db
    .select({ path: pageViews.path, count: count() })
    .from(pageViews)
    .where(and(gte(pageViews.createdAt, start), lt(pageViews.createdAt, end)))
    .groupBy(pageViews.path)
    .orderBy(sql`count(*) desc`, pageViews.path)
    .limit(limit);
}

/** Listings created in the range by where they are now; live content past its time counts as expired, not live. */
export async function listingsByStatus(db: Db, from: string, to: string, now: Date) {
  const { start, end } = rangeBounds(from, to);
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${properties.status} = 'pending')::int`,
      live: sql<number>`count(*) filter (where ${properties.status} = 'live' and (${properties.liveUntil} is null or ${properties.liveUntil} > ${at}))::int`,
      rejected: sql<number>`count(*) filter (where ${properties.status} = 'rejected')::int`,
    })
    .from(properties)
    .where(and(gte(properties.createdAt, start), lt(properties.createdAt, end)));
  return row;
}

export async function contractorsByStatus(db: Db, from: string, to: string, now: Date) {
  const { start, end } = rangeBounds(from, to);
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${contractors.status} = 'pending')::int`,
      live: sql<number>`count(*) filter (where ${contractors.status} = 'live' and (${contractors.liveUntil} is null or ${contractors.liveUntil} > ${at}))::int`,
    })
    .from(contractors)
    .where(and(gte(contractors.createdAt, start), lt(contractors.createdAt, end)));
  return row;
}
