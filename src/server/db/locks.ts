// Database-wide helpers every feature uses: PostgreSQL advisory locks held to the end of a transaction, and the
// one way to recognise a unique-index violation from either driver.
import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/** A unique-index violation (SQLSTATE 23505) from either driver; drizzle wraps the driver error in `cause`. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505') return !constraint || !name || name === constraint;
  }
  return false;
}

/**
 * A named lock held to the end of the transaction, for rules about rows that may not exist yet (an hourly limit,
 * one profile per user, one counted view a day). Two names rarely share a hash; if they do, one merely waits.
 */
export async function advisoryLock(tx: Tx, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}

/** True when this transaction now holds the job's lock; it is released at commit or rollback. */
export async function tryTransactionLock(tx: Tx, key: number): Promise<boolean> {
  const result = (await tx.execute(
    sql`select pg_try_advisory_xact_lock(${key}::bigint) as locked`,
  )) as unknown as {
    rows: Array<{ locked: boolean }>;
  };
  return result.rows[0]?.locked === true;
}
