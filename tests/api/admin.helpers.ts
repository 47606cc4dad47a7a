// Shared by the admin API tests: the cast of users, fresh sessions, and the audit log as the admins see it.
import { and, desc, eq, like } from 'drizzle-orm';
import { auditLog } from '../../src/server/db/schema';
import {
  type CreatedUser,
  createAdmin,
  createContractorUser,
  createLandlord,
  createPremiumTenant,
  createSuperAdmin,
  createTenant,
  signIn,
} from '../factories/users';
import type { TestApp } from '../support/app';

export interface Cast {
  freeTenant: CreatedUser;
  premiumTenant: CreatedUser;
  landlord: CreatedUser;
  contractor: CreatedUser;
  admin: CreatedUser;
  superAdmin: CreatedUser;
}

export async function createCast(t: TestApp): Promise<Cast> {
  return {
    freeTenant: await createTenant(t),
    premiumTenant: await createPremiumTenant(t),
    landlord: await createLandlord(t, { premium: true }),
    contractor: await createContractorUser(t, { premium: true }),
    admin: await createAdmin(t),
    superAdmin: await createSuperAdmin(t),
  };
}

/** A new session for the user: calls that end or rotate sessions (logout, impersonate) do not spoil the next. */
export function freshCookie(t: TestApp, user: CreatedUser): Promise<string> {
  return signIn(t, user.id);
}

/** Audit entries whose action starts with the given text, newest first. */
export function auditEntries(t: TestApp, actionPrefix: string, targetId?: string) {
  const conditions = [like(auditLog.action, `${actionPrefix}%`)];
  if (targetId) conditions.push(eq(auditLog.targetId, targetId));
  return t.db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id));
}

/** A small real picture as a data URL, as the Live Content form sends it. */
export async function imageDataUrl(width = 640, height = 480): Promise<string> {
  const sharp = (await import('sharp')).default;
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}
