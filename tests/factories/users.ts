// Factories create data directly; each test owns its data.
import type { InferInsertModel } from 'drizzle-orm';
import { notificationSettings, sessions, users } from '../../src/server/db/schema';
import { hmac, randomToken } from '../../src/server/lib/crypto';
import { hashPassword } from '../../src/server/lib/passwords';
import type { TestApp } from '../support/app';

let counter = 0;
export const DEFAULT_PASSWORD = 'correct-horse-battery';

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Cookie header for a signed-in session of this user. */
  cookie: string;
}

export async function createUser(
  t: TestApp,
  overrides: Partial<InferInsertModel<typeof users>> & { password?: string; premium?: boolean } = {},
): Promise<CreatedUser> {
  counter += 1;
  const { password = DEFAULT_PASSWORD, premium, ...rest } = overrides;
  const email = (rest.email ?? `user${counter}.${Date.now()}@example.test`).toLowerCase();
  const [user] = await t.db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: `User${counter}`,
      userType: 'tenant',
      ...rest,
      email,
      passwordHash: await hashPassword(password),
      isPremium: premium ?? rest.isPremium ?? false,
    })
    .returning();
  await t.db.insert(notificationSettings).values({ userId: user.id }).onConflictDoNothing();
  const cookie = await signIn(t, user.id);
  return { id: user.id, email, password, firstName: user.firstName, lastName: user.lastName, cookie };
}

/** A session made through code, as the sessions plugin makes it. */
export async function signIn(t: TestApp, userId: string, impersonatorId?: string): Promise<string> {
  const token = randomToken();
  await t.db.insert(sessions).values({
    id: hmac(t.config.sessionSecret, token),
    userId,
    impersonatorId: impersonatorId ?? null,
    // A day from now, or from the fake clock when a test moved it ahead.
    expiresAt: new Date(Math.max(Date.now(), new Date(t.clock.now).getTime()) + 86_400_000),
  });
  return `yp_session=${token}`;
}

export const createTenant = (t: TestApp, o: Parameters<typeof createUser>[1] = {}) =>
  createUser(t, { userType: 'tenant', ...o });
export const createPremiumTenant = (t: TestApp, o: Parameters<typeof createUser>[1] = {}) =>
  createUser(t, { userType: 'tenant', premium: true, ...o });
export const createLandlord = (t: TestApp, o: Parameters<typeof createUser>[1] = {}) =>
  createUser(t, { userType: 'landlord', ...o });
export const createContractorUser = (t: TestApp, o: Parameters<typeof createUser>[1] = {}) =>
  createUser(t, { userType: 'contractor', ...o });
export const createAdmin = (t: TestApp, o: Parameters<typeof createUser>[1] = {}) =>
  createUser(t, { userType: null, role: 'admin', ...o });
export const createSuperAdmin = (t: TestApp, o: Parameters<typeof createUser>[1] = {}) =>
  createUser(t, { userType: null, role: 'super_admin', ...o });
