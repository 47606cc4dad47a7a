// ADMIN_EMAIL / ADMIN_PASSWORD: make sure that account exists as a super admin at every start-up.
import { eq, sql } from 'drizzle-orm';
import { deleteSessionsOfUser } from '../../features/accounts/queries';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Db } from '../client';
import { notificationSettings, users } from '../schema';

/**
 * Creates the super admin, or promotes and re-keys an existing account with that email. Idempotent: with
 * an unchanged password nothing but the role is touched, so restarts do not sign the admin out; a changed
 * password ends the account's existing sessions (rotating the env password is how an operator recovers it).
 */
export async function ensureSuperAdmin(
  db: Db,
  email: string,
  password: string,
): Promise<{ id: string; created: boolean }> {
  const normalised = email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, normalised))
    .limit(1);

  if (existing) {
    const samePassword = await verifyPassword(existing.passwordHash, password);
    await db
      .update(users)
      .set({
        role: 'super_admin',
        userType: null,
        updatedAt: new Date(),
        ...(samePassword ? {} : { passwordHash: await hashPassword(password) }),
      })
      .where(eq(users.id, existing.id));
    if (!samePassword) await deleteSessionsOfUser(db, existing.id);
    await db.insert(notificationSettings).values({ userId: existing.id }).onConflictDoNothing();
    return { id: existing.id, created: false };
  }

  const passwordHash = await hashPassword(password);
  // Upsert: two instances starting together on one database still end with one account.
  const [row] = await db
    .insert(users)
    .values({
      email: normalised,
      passwordHash,
      firstName: 'Site',
      lastName: 'Admin',
      userType: null,
      role: 'super_admin',
    })
    .onConflictDoUpdate({
      target: users.email,
      set: { role: 'super_admin', userType: null, passwordHash, updatedAt: new Date() },
    })
    .returning({ id: users.id, created: sql<boolean>`(xmax = 0)` });
  await db.insert(notificationSettings).values({ userId: row.id }).onConflictDoNothing();
  return { id: row.id, created: row.created };
}
