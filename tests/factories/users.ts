// Factories create data directly; each test owns its data.
import { randomBytes } from 'node:crypto';
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

/** A session row made through code, as the sessions plugin makes it, ending `days` after the later of now and the clock. */
async function insertSession(
  t: TestApp,
  userId: string,
  days: number,
  extra: { impersonatorId?: string; pinned?: boolean },
) {
  const token = randomToken();
  // Begun at the later of now and the clock, so the absolute lifetime (SESSION_MAX_DAYS) counts from there too.
  const start = Math.max(Date.now(), new Date(t.clock.now).getTime());
  const expiresAt = new Date(start + days * 86_400_000);
  await t.db.insert(sessions).values({
    id: hmac(t.config.sessionSecret, token),
    userId,
    createdAt: new Date(start),
    impersonatorId: extra.impersonatorId ?? null,
    // A pinned session was "seen" at its end, so no request slides it back to a normal session's length.
    ...(extra.pinned ? { lastSeenAt: expiresAt } : {}),
    expiresAt,
  });
  return `yp_session=${token}`;
}

/** A day's session, optionally begun by an admin impersonating the user. */
export const signIn = (t: TestApp, userId: string, impersonatorId?: string) =>
  insertSession(t, userId, 1, { impersonatorId });

/** A session valid for 400 days past the test's clock that requests never shorten: for tests that move the clock by weeks. */
export const longSession = (t: TestApp, userId: string) => insertSession(t, userId, 400, { pinned: true });

let emailCounter = 0;
/** A fresh address per call: each test owns its data. */
export function uniqueEmail(label = 'person'): string {
  emailCounter += 1;
  return `${label}.${emailCounter}.${randomBytes(4).toString('hex')}@example.test`;
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
