// SQL for admin premium grants: the account locked by address, and its premium fields.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** The account with this address, locked to the end of the transaction (two grants at once add up). */
export async function lockUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.email, email)).for('update');
  return row;
}

export async function updateUserPremium(
  tx: Tx,
  id: string,
  values: Pick<Partial<UserRow>, 'isPremium' | 'premiumUntil' | 'updatedAt'>,
): Promise<UserRow> {
  const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}
