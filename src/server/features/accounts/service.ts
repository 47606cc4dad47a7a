// Account rules (doc 2 "Registration, login and recovery", "Profile", "Settings"): who may do what, and what it changes.
import type { z } from 'zod';
import type {
  TCurrentUser,
  TProfileUpdateRequest,
  TQuickRegisterRequest,
  TRegisterRequest,
  ZChangePasswordRequest,
  ZLoginRequest,
  ZNotificationSettingsRequest,
  ZResetPasswordRequest,
} from '../../../domain/accounts';
import { NOTIFICATION_KEYS, type NotificationKey, PASSWORD_RESET_TTL_MS } from '../../../domain/constants';
import { AppError } from '../../../domain/errors';
import { isPremium } from '../../../domain/premium';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { randomToken, sha256 } from '../../lib/crypto';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { deleteReviewsByAuthor } from '../contractors/reviews';
import { cancelSubscriptionsForAccountDeletion } from '../payments/service';
import {
  emailChangedEmail,
  passwordChangedEmail,
  passwordResetEmail,
  setPasswordEmail,
  usernameReminderEmail,
  welcomeEmail,
} from './emails';
import { removeUnusedMedia } from './media';
import { type TNotificationSettings, toCurrentUser, toNotificationSettings } from './presenter';
import {
  anonymiseContactSubmissions,
  consumeResetToken,
  deleteSessionsOfUser,
  deleteUserRow,
  findNotificationSettings,
  findOwnedMediaRefs,
  findUsableResetToken,
  findUserByEmail,
  findUserById,
  insertAuditEntry,
  insertResetToken,
  insertUser,
  isUniqueViolation,
  type NewUser,
  retireResetTokens,
  type UserRow,
  updateUser,
  upsertNotificationSettings,
} from './queries';

export const DEMO_TENANT_EMAIL = 'premium@demo.yourplace.test';
export const INVALID_RESET_LINK = 'Invalid or expired reset link. Please request a new one.';

/** What the session says about the person making the request. */
export interface Actor {
  user: UserRow;
  sessionId: string | null;
  premium: boolean;
  impersonating: boolean;
}

/** The current-user body: `state` comes from the request's session; a fresh sign-in computes it. */
export async function presentUser(
  ctx: AppContext,
  user: UserRow,
  state?: { premium: boolean; impersonating: boolean },
): Promise<TCurrentUser> {
  const settings = await findNotificationSettings(ctx.db, user.id);
  return toCurrentUser(
    user,
    settings,
    state ?? { premium: isPremium(user, ctx.now()), impersonating: false },
  );
}

// ---- registration ----------------------------------------------------------------------------

/** The unique index is the final guard: two racing sign-ups with one address get one account and one 409. */
async function createAccount(ctx: AppContext, values: NewUser): Promise<UserRow> {
  try {
    return await ctx.db.transaction((tx) => insertUser(tx, values));
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw new AppError('EMAIL_TAKEN');
    throw err;
  }
}

async function refuseTakenEmail(ctx: AppContext, email: string) {
  // Checked first so a duplicate costs no password hash; registration reveals a taken address anyway (409).
  if (await findUserByEmail(ctx.db, email)) throw new AppError('EMAIL_TAKEN');
}

/** POST /api/register. The `premium` flag is only the client's hint to go to /subscribe next: it grants nothing. */
export async function registerUser(ctx: AppContext, input: TRegisterRequest): Promise<UserRow> {
  await refuseTakenEmail(ctx, input.email);
  const now = ctx.now();
  const user = await createAccount(ctx, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    userType: input.userType,
    lastLoginAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await ctx.mailer.send(welcomeEmail(user, ctx.config.publicUrl));
  return user;
}

/** POST /api/auth/register: no password yet; a single-use "set your password" link is emailed instead. */
export async function quickRegisterUser(ctx: AppContext, input: TQuickRegisterRequest): Promise<UserRow> {
  await refuseTakenEmail(ctx, input.email);
  const now = ctx.now();
  const user = await createAccount(ctx, {
    email: input.email,
    passwordHash: null,
    firstName: input.firstName,
    lastName: input.lastName,
    userType: input.userType,
    lastLoginAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const link = await issueResetLink(ctx, user.id);
  await ctx.mailer.send(setPasswordEmail(user, link, ctx.config.publicUrl));
  return user;
}

// ---- sign-in ---------------------------------------------------------------------------------

/** Unknown address, passwordless account and wrong password all take one argon2 verify and give one answer. */
export async function authenticate(ctx: AppContext, input: z.infer<typeof ZLoginRequest>): Promise<UserRow> {
  const user = await findUserByEmail(ctx.db, input.email);
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user?.passwordHash || !matches) throw new AppError('INVALID_CREDENTIALS');
  return updateUser(ctx.db, user.id, { lastLoginAt: ctx.now() });
}

/** POST /api/auth/demo-login: the premium demo tenant, created on first use when the demo data was not seeded. */
export async function demoTenantForLogin(ctx: AppContext): Promise<UserRow> {
  if (!ctx.config.demoLogin) throw new AppError('DEMO_LOGIN_DISABLED');
  const now = ctx.now();
  let user = await findUserByEmail(ctx.db, DEMO_TENANT_EMAIL);
  if (!user) {
    try {
      user = await createAccount(ctx, {
        email: DEMO_TENANT_EMAIL,
        passwordHash: null,
        firstName: 'Demo',
        lastName: 'Tenant',
        userType: 'tenant',
        isPremium: true,
        isDemo: true,
      });
    } catch (err) {
      // Two first demo logins at once: the other request created it.
      if (!(err instanceof AppError && err.code === 'EMAIL_TAKEN')) throw err;
      user = await findUserByEmail(ctx.db, DEMO_TENANT_EMAIL);
      if (!user) throw err;
    }
  }
  // The demo button must never become a way into an administrator's account.
  if (user.role !== 'user') throw new AppError('FORBIDDEN', 'The demo account is not available.');
  return updateUser(ctx.db, user.id, { lastLoginAt: now });
}

// ---- recovery --------------------------------------------------------------------------------

/** Only the token's SHA-256 is stored: a leaked table cannot be turned into working links. */
async function issueResetLink(ctx: AppContext, userId: string): Promise<string> {
  const token = randomToken();
  await insertResetToken(
    ctx.db,
    userId,
    sha256(token),
    new Date(ctx.now().getTime() + PASSWORD_RESET_TTL_MS),
  );
  return `${ctx.config.publicUrl}/reset-password?token=${token}`;
}

/** The caller replies the same whether or not the address has an account. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const link = await issueResetLink(ctx, user.id);
  await ctx.mailer.send(passwordResetEmail(user, link, ctx.config.publicUrl));
}

export async function requestUsernameReminder(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  await ctx.mailer.send(usernameReminderEmail(user, ctx.config.publicUrl));
}

/** Single use: the token is claimed inside the transaction, so a replayed or racing link fails. Signs out everywhere. */
export async function resetPassword(
  ctx: AppContext,
  input: z.infer<typeof ZResetPasswordRequest>,
): Promise<string> {
  const tokenHash = sha256(input.token);
  if (!(await findUsableResetToken(ctx.db, tokenHash, ctx.now())))
    throw new AppError('INVALID_TOKEN', INVALID_RESET_LINK);
  const passwordHash = await hashPassword(input.newPassword);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const userId = await consumeResetToken(tx, tokenHash, now);
    if (!userId) throw new AppError('INVALID_TOKEN', INVALID_RESET_LINK);
    await updateUser(tx, userId, { passwordHash, updatedAt: now });
    await deleteSessionsOfUser(tx, userId);
    return userId;
  });
}

// ---- profile and settings --------------------------------------------------------------------

export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  input: TProfileUpdateRequest,
): Promise<UserRow> {
  const now = ctx.now();
  const changes: Partial<NewUser> = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    updatedAt: now,
  };
  // Absent keeps the stored value; null or an empty string clears it.
  if (input.phone !== undefined) changes.phone = input.phone || null;
  if (input.bio !== undefined) changes.bio = input.bio || null;

  const emailChanged = input.email !== user.email;
  if (emailChanged) {
    const holder = await findUserByEmail(ctx.db, input.email);
    if (holder && holder.id !== user.id)
      throw new AppError('EMAIL_TAKEN', 'Another account already uses this email address.');
  }
  let updated: UserRow;
  try {
    updated = await updateUser(ctx.db, user.id, changes);
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key'))
      throw new AppError('EMAIL_TAKEN', 'Another account already uses this email address.');
    throw err;
  }
  if (emailChanged && (await securityAlertsOn(ctx, user.id))) {
    // Told at the old address: if the account was taken over, its owner still hears about it.
    await ctx.mailer.send(emailChangedEmail(user, updated.email, ctx.config.publicUrl));
  }
  return updated;
}

async function securityAlertsOn(ctx: AppContext, userId: string): Promise<boolean> {
  return toNotificationSettings(await findNotificationSettings(ctx.db, userId)).securityAlerts;
}

export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  input: z.infer<typeof ZChangePasswordRequest>,
) {
  const { user } = actor;
  if (actor.impersonating)
    throw new AppError('FORBIDDEN', 'Demo mode cannot change the password. End the demo session first.');
  if (!user.passwordHash) {
    throw new AppError(
      'BAD_REQUEST',
      'Your account has no password yet. Use the link we emailed you, or request a new one at /forgot-password.',
    );
  }
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw new AppError('WRONG_PASSWORD');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    await updateUser(tx, user.id, { passwordHash, updatedAt: now });
    await retireResetTokens(tx, user.id, now);
    // The device that changed the password stays signed in; every other one is signed out.
    await deleteSessionsOfUser(tx, user.id, actor.sessionId);
  });
  if (await securityAlertsOn(ctx, user.id))
    await ctx.mailer.send(passwordChangedEmail(user, ctx.config.publicUrl));
}

export async function getNotificationSettings(
  ctx: AppContext,
  userId: string,
): Promise<TNotificationSettings> {
  return toNotificationSettings(await findNotificationSettings(ctx.db, userId));
}

export async function updateNotificationSettings(
  ctx: AppContext,
  userId: string,
  input: z.infer<typeof ZNotificationSettingsRequest>,
): Promise<TNotificationSettings> {
  const changes: Partial<Record<NotificationKey, boolean>> = {};
  for (const key of NOTIFICATION_KEYS) if (input[key] !== undefined) changes[key] = input[key];
  return toNotificationSettings(await upsertNotificationSettings(ctx.db, userId, changes, ctx.now()));
}

// ---- deletion --------------------------------------------------------------------------------

/**
 * The erasure itself, in the caller's transaction (DELETE /api/account, and an admin deleting users): the user row
 * goes and the foreign keys cascade to what it owns. Returns the media to remove after the commit (removeUnusedMedia).
 */
export async function eraseAccount(tx: Tx, user: UserRow, now: Date): Promise<string[]> {
  const refs = await findOwnedMediaRefs(tx, user);
  await anonymiseContactSubmissions(tx, user.id, now);
  // The reviews' cascade would leave the contractors' rating totals counting them: removed and recounted here.
  await deleteReviewsByAuthor(tx, user.id);
  await deleteUserRow(tx, user.id);
  return refs;
}

/**
 * DELETE /api/account: the user row goes and the foreign keys cascade to everything the account owns.
 * Contact messages stay for the admins without the sender's name and address. Files go after the commit.
 */
export async function deleteAccount(ctx: AppContext, actor: Actor): Promise<void> {
  if (actor.user.role === 'super_admin') {
    throw new AppError(
      'FORBIDDEN',
      'A super admin cannot delete their own account here: the site must keep an administrator.',
    );
  }
  if (actor.impersonating)
    throw new AppError('FORBIDDEN', 'Demo mode cannot delete an account. End the demo session first.');
  // No card is charged again once the account has gone: the provider subscription ends first.
  await cancelSubscriptionsForAccountDeletion(ctx, actor.user.id);
  const mediaRefs = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const user = await findUserById(tx, actor.user.id);
    if (!user) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    const refs = await eraseAccount(tx, user, now);
    // No personal data in the log: the id alone says which account went.
    await insertAuditEntry(tx, {
      action: 'account.delete',
      actorId: null,
      targetType: 'user',
      targetId: user.id,
      createdAt: now,
    });
    return refs;
  });
  await removeUnusedMedia(ctx, mediaRefs);
}
