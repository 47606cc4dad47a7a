// SQL for demo access: the demo accounts, made on first use and kept premium.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { notificationSettings, users } from '../../../db/schema';

type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** A demo account with its notification settings (a unique violation means another request made it first). */
export async function insertDemoUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  await db.insert(notificationSettings).values({ userId: row.id }).onConflictDoNothing();
  return row;
}

export async function markPremium(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.update(users).set({ isPremium: true }).where(eq(users.id, id)).returning();
  return row;
}
