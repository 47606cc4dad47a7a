// SQL for the admin sign-in: the account by address, and its last sign-in time.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function markSignedIn(db: Db, userId: string, at: Date) {
  const [row] = await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId)).returning();
  return row;
}
