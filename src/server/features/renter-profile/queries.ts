// SQL for the renter profile: one row per tenant, read and written by its owner only.
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { renterProfiles } from '../../db/schema';

export type RenterProfileRow = typeof renterProfiles.$inferSelect;
export type RenterProfileValues = Omit<
  typeof renterProfiles.$inferInsert,
  'userId' | 'createdAt' | 'updatedAt'
>;

export async function findRenterProfile(db: Executor, userId: string): Promise<RenterProfileRow | undefined> {
  const [row] = await db.select().from(renterProfiles).where(eq(renterProfiles.userId, userId)).limit(1);
  return row;
}

/** One statement: the first save creates the row, later ones replace every field (a PUT says them all). */
export async function saveRenterProfile(
  db: Executor,
  userId: string,
  values: RenterProfileValues,
  now: Date,
): Promise<RenterProfileRow> {
  const [row] = await db
    .insert(renterProfiles)
    .values({ ...values, userId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: renterProfiles.userId, set: { ...values, updatedAt: now } })
    .returning();
  return row;
}
