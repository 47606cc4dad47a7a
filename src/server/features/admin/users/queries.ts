// SQL for the admin user list and account deletion.
import { and, count, desc, eq, inArray, isNull, not, or, type SQL, sql } from 'drizzle-orm';
import type { USER_TYPES } from '../../../../domain/constants';
import type { Db, Tx } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { premiumSql } from '../../../db/premium-sql';
import { users } from '../../../db/schema';

export interface UserFilter {
  /** Words in the email or the full name. */
  q?: string;
  userType?: (typeof USER_TYPES)[number];
  /** Premium at `now` by the one rule (db/premium-sql.ts), or not. */
  premium?: 'true' | 'false';
}

function whereOf(filter: UserFilter, now: Date): SQL | undefined {
  // A deleted account is kept anonymised for the records others share with it (decision 0051), not as a user.
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(
      or(
        sql`${users.email} ilike ${pattern}`,
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      )!,
    );
  }
  if (filter.userType) conditions.push(eq(users.userType, filter.userType));
  if (filter.premium === 'true') conditions.push(premiumSql(now));
  if (filter.premium === 'false') conditions.push(not(premiumSql(now)));
  return conditions.length ? and(...conditions) : undefined;
}

export async function countUsers(db: Db, filter: UserFilter, now: Date): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(whereOf(filter, now));
  return Number(row?.total ?? 0);
}

export async function findUsers(db: Db, filter: UserFilter, now: Date, limit: number, offset: number) {
  return db
    .select()
    .from(users)
    .where(whereOf(filter, now))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
}

export async function findUsersByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
}

/** The accounts, locked to the end of the transaction (their roles are checked again under the lock). */
export async function lockUsers(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)))
    .for('update');
}
