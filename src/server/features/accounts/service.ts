// Account rules (doc 2 "Registration, login and recovery", "Profile", "Settings"): who may do what, and what it changes.
import type { z } from 'zod';
import type {
  TCurrentUser,
  TPendingEmailChange,
  TProfileUpdateRequest,
  TQuickRegisterRequest,
  TRegisterRequest,
  ZChangePasswordRequest,
  ZConfirmEmailRequest,
  ZDeleteAccountRequest,
  ZLoginRequest,
  ZNotificationSettingsRequest,
  ZResetPasswordRequest,
} from '../../../domain/accounts';
import {
  EMAIL_CHANGE_TTL_MS,
  NOTIFICATION_KEYS,
  type NotificationKey,
  PASSWORD_RESET_TTL_MS,
} from '../../../domain/constants';
import { AppError, ERROR_CODES } from '../../../domain/errors';
import { evidenceHeldSince, ACCOUNT_DELETION_TERMS as TERMS } from '../../../domain/evidence';
import { type Actor, isAdmin, isSuperAdmin } from '../../../domain/identity';
import { ONE_TIME_LINK_MESSAGES, oneTimeLinkState } from '../../../domain/one-time-links';
import { isPremium } from '../../../domain/premium';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/locks';
import type { notificationSettings, THeldIdentity } from '../../db/schema';
import { assertUncommonPassword } from '../../lib/common-passwords';
import { randomToken, sha256 } from '../../lib/crypto';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { recordLoginFailure, recordLoginSuccess } from '../admin/auth/service';
import { type ApplicationNotices, tellApplicants, withdrawApplicationsOf } from '../applications/lookups';
import { partyToHeldConversation } from '../conversations/lookups';
import { deleteListingsOf } from '../listings/service';
import { cancelSubscriptionsForAccountDeletion } from '../payments/service';
import { anonymiseRepairsOf } from '../repairs/lookups';
import { type CalledOff, callOffViewings, tellCalledOff } from '../viewings/lookups';
import { wantsEmail } from './email-preferences';
import {
  accountDeletedEmail,
  emailChangeConfirmEmail,
  emailChangedEmail,
  emailChangeRequestedEmail,
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
  anonymiseLeadsBy,
  anonymiseReviewsBy,
  anonymiseUserRow,
  consumeEmailChange,
  consumeResetToken,
  deleteOwnPrivateData,
  deletePendingEmailChanges,
  deleteSessionsOfUser,
  findEmailChange,
  findNotificationSettings,
  findOwnedMediaRefs,
  findPendingEmailChange,
  findResetToken,
  findUsableResetToken,
  findUserByEmail,
  findUserById,
  insertAuditEntry,
  insertResetToken,
  insertUser,
  type NewUser,
  releaseHeldIdentities,
  replaceEmailChangeRequest,
  retireResetTokens,
  type UserRow,
  updateUser,
  upsertNotificationSettings,
  withdrawContractorProfileOf,
} from './queries';

export const DEMO_TENANT_EMAIL = 'premium@demo.yourplace.test';
export const INVALID_RESET_LINK = 'Invalid or expired reset link. Please request a new one.';
export const INVALID_EMAIL_LINK =
  'This confirmation link is invalid or has expired. Change your email again from your profile to get a new one.';
export const DEMO_ACCOUNT_LOCKED =
  'This is a shared demo account: its email, password and existence stay as they are for everyone.';

/**
 * The current-user body: `state` comes from the request's session (with the email settings read in the same round
 * trip, when they were); a fresh sign-in computes it.
 */
export async function presentUser(
  ctx: AppContext,
  user: UserRow,
  state?: {
    premium: boolean;
    impersonating: boolean;
    settings?: typeof notificationSettings.$inferSelect | null;
  },
): Promise<TCurrentUser> {
  const settings =
    state?.settings !== undefined ? state.settings : await findNotificationSettings(ctx.db, user.id);
  return toCurrentUser(
    { ...user, profileImageUrl: ctx.mediaUrls.publicUrl(user.profileImageUrl) },
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
    if (isUniqueViolation(err, 'users_email_key')) throw emailTaken();
    throw err;
  }
}

async function refuseTakenEmail(ctx: AppContext, email: string) {
  // Checked first so a duplicate costs no password hash; registration reveals a taken address anyway (409).
  if (await findUserByEmail(ctx.db, email)) throw emailTaken();
}

/** The 409, named on the email field so the form shows it there (issue 30: specific sign-up errors). */
function emailTaken(): AppError {
  const { message } = ERROR_CODES.EMAIL_TAKEN;
  return new AppError('EMAIL_TAKEN', message, { email: [message] });
}

/** POST /api/register. The `premium` flag is only the client's hint to go to /subscribe next: it grants nothing. */
export async function registerUser(ctx: AppContext, input: TRegisterRequest): Promise<UserRow> {
  assertUncommonPassword(input.password, 'password');
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

/**
 * Unknown address, passwordless account and wrong password all take one argon2 verify and give one answer. Staff
 * accounts may sign in here too (doc 2: the login form tries an admin sign-in first), and are then audited exactly
 * as the admin sign-in audits them.
 */
export async function authenticate(
  ctx: AppContext,
  input: z.infer<typeof ZLoginRequest>,
  ip: string,
): Promise<UserRow> {
  const user = await findUserByEmail(ctx.db, input.email);
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user?.passwordHash || !matches) {
    if (isAdmin(user)) await recordLoginFailure(ctx, input.email, ip, 'wrong_password');
    throw new AppError('INVALID_CREDENTIALS');
  }
  const signedIn = await updateUser(ctx.db, user.id, { lastLoginAt: ctx.now() });
  if (isAdmin(user)) await recordLoginSuccess(ctx, user, ip, 'site sign-in');
  return signedIn;
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
  if (isAdmin(user)) throw new AppError('FORBIDDEN', 'The demo account is not available.');
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

/** Why a reset link cannot be used: 410 when it was used already, else the one "invalid or expired" 400. */
async function unusableResetLink(ctx: AppContext, tokenHash: string): Promise<AppError> {
  const state = oneTimeLinkState(await findResetToken(ctx.db, tokenHash), ctx.now());
  return state === 'used'
    ? new AppError('LINK_USED', ONE_TIME_LINK_MESSAGES.resetUsed)
    : new AppError('INVALID_TOKEN', INVALID_RESET_LINK);
}

/** Single use: the token is claimed inside the transaction, so a replayed or racing link fails. Signs out everywhere. */
export async function resetPassword(
  ctx: AppContext,
  input: z.infer<typeof ZResetPasswordRequest>,
): Promise<string> {
  const tokenHash = sha256(input.token);
  if (!(await findUsableResetToken(ctx.db, tokenHash, ctx.now())))
    throw await unusableResetLink(ctx, tokenHash);
  // After the link is known good: a dead link is told first, whatever password came with it.
  assertUncommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const userId = await consumeResetToken(tx, tokenHash, now);
    // Lost a race with another click of the same link: that one used it.
    if (!userId) throw new AppError('LINK_USED', ONE_TIME_LINK_MESSAGES.resetUsed);
    await updateUser(tx, userId, { passwordHash, updatedAt: now });
    await deleteSessionsOfUser(tx, userId);
    return userId;
  });
}

// ---- profile and settings --------------------------------------------------------------------

/** What PUT /api/profile did: the saved account, and the new address waiting for its link, if one was asked for. */
export interface ProfileUpdate {
  user: UserRow;
  pendingEmail: string | null;
}

/**
 * PUT /api/profile. Name, phone and bio change at once. A new email does not: it needs the current password, and
 * takes effect only when the link sent to the new address is opened (confirmEmailChange); the old address hears of
 * it at once. A stolen session alone can neither move the account to another address nor then reset its password.
 */
export async function updateProfile(
  ctx: AppContext,
  actor: Actor<UserRow>,
  input: TProfileUpdateRequest,
): Promise<ProfileUpdate> {
  const { user } = actor;
  const now = ctx.now();
  const changes: Partial<NewUser> = { firstName: input.firstName, lastName: input.lastName, updatedAt: now };
  // Absent keeps the stored value; null or an empty string clears it.
  if (input.phone !== undefined) changes.phone = input.phone || null;
  if (input.bio !== undefined) changes.bio = input.bio || null;

  const newEmail = input.email !== user.email ? input.email : null;
  if (newEmail) await assertMayChangeEmail(ctx, actor, newEmail, input.currentPassword);
  const token = newEmail ? randomToken() : null;
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updateUser(tx, user.id, changes);
    if (newEmail && token)
      await replaceEmailChangeRequest(tx, {
        userId: user.id,
        newEmail,
        tokenHash: sha256(token),
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
      });
    return row;
  });
  if (newEmail && token) {
    const link = `${ctx.config.publicUrl}/confirm-email?token=${token}`;
    await ctx.mailer.send(emailChangeConfirmEmail(newEmail, link, ctx.config.publicUrl));
    // Always, whatever the security-alert switch: this is how the owner of a taken-over session finds out.
    await ctx.mailer.send(emailChangeRequestedEmail(user, newEmail, ctx.config.publicUrl));
  }
  return { user: updated, pendingEmail: newEmail };
}

async function assertMayChangeEmail(
  ctx: AppContext,
  actor: Actor<UserRow>,
  newEmail: string,
  currentPassword: string | undefined,
) {
  const { user } = actor;
  if (actor.impersonatorId || user.isDemo) throw new AppError('FORBIDDEN', DEMO_ACCOUNT_LOCKED);
  if (!user.passwordHash)
    throw new AppError(
      'BAD_REQUEST',
      'Set a password first (use the link we emailed you, or request one at /forgot-password), then change your email.',
    );
  const required = 'Enter your current password to change your email address.';
  if (!currentPassword) throw new AppError('VALIDATION_FAILED', required, { currentPassword: [required] });
  if (!(await verifyPassword(user.passwordHash, currentPassword)))
    throw new AppError('WRONG_PASSWORD', undefined, { currentPassword: ['Current password is incorrect'] });
  const holder = await findUserByEmail(ctx.db, newEmail);
  if (holder && holder.id !== user.id)
    throw new AppError('EMAIL_TAKEN', 'Another account already uses this email address.');
}

/** GET /api/profile/email-change: the address waiting for its link. */
export async function pendingEmailChange(ctx: AppContext, userId: string): Promise<TPendingEmailChange> {
  const row = await findPendingEmailChange(ctx.db, userId, ctx.now());
  return { pendingEmail: row?.newEmail ?? null, expiresAt: row?.expiresAt.toISOString() ?? null };
}

/** DELETE /api/profile/email-change: the waiting link stops working. */
export async function cancelEmailChange(ctx: AppContext, userId: string): Promise<void> {
  await deletePendingEmailChanges(ctx.db, userId);
}

/**
 * POST /api/auth/confirm-email: the link from the new address, single use. The sign-in address changes, every reset
 * link sent to the old address stops working, and the old address is told.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  input: z.infer<typeof ZConfirmEmailRequest>,
): Promise<UserRow> {
  const now = ctx.now();
  let before: UserRow | undefined;
  let updated: UserRow;
  try {
    updated = await ctx.db.transaction(async (tx) => {
      const claimed = await consumeEmailChange(tx, sha256(input.token), now);
      if (!claimed) {
        const state = oneTimeLinkState(await findEmailChange(tx, sha256(input.token)), now);
        throw state === 'used'
          ? new AppError('LINK_USED', ONE_TIME_LINK_MESSAGES.emailChangeUsed)
          : new AppError('INVALID_TOKEN', INVALID_EMAIL_LINK);
      }
      before = await findUserById(tx, claimed.userId);
      if (!before) throw new AppError('INVALID_TOKEN', INVALID_EMAIL_LINK);
      const row = await updateUser(tx, before.id, { email: claimed.newEmail, updatedAt: now });
      await retireResetTokens(tx, before.id, now);
      await deletePendingEmailChanges(tx, before.id);
      return row;
    });
  } catch (err) {
    // Someone registered the address between the request and the click: the link is used up, nothing changed.
    if (isUniqueViolation(err, 'users_email_key'))
      throw new AppError('EMAIL_TAKEN', 'Another account now uses this email address.');
    throw err;
  }
  if (before) await ctx.mailer.send(emailChangedEmail(before, updated.email, ctx.config.publicUrl));
  return updated;
}

const NO_PASSWORD_YET =
  'Your account has no password yet. Use the link we emailed you, or request a new one at /forgot-password.';

export async function changePassword(
  ctx: AppContext,
  actor: Actor<UserRow>,
  input: z.infer<typeof ZChangePasswordRequest>,
) {
  const { user } = actor;
  if (actor.impersonatorId)
    throw new AppError('FORBIDDEN', 'Demo mode cannot change the password. End the demo session first.');
  if (user.isDemo) throw new AppError('FORBIDDEN', DEMO_ACCOUNT_LOCKED);
  if (!user.passwordHash) throw new AppError('BAD_REQUEST', NO_PASSWORD_YET);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw new AppError('WRONG_PASSWORD');
  assertUncommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    await updateUser(tx, user.id, { passwordHash, updatedAt: now });
    await retireResetTokens(tx, user.id, now);
    // The device that changed the password stays signed in; every other one is signed out.
    await deleteSessionsOfUser(tx, user.id, actor.sessionId);
  });
  if (await wantsEmail(ctx.db, user.id, 'securityAlerts'))
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
 * The erasure itself, in the caller's transaction (DELETE /api/account, and an admin deleting users). Decision
 * 0051: the person is anonymised ("Deleted user", an unusable address, no password, phone or photo) and what was
 * only theirs goes (sessions, settings, saved homes and searches, the renter profile); what they shared with others
 * stays for those others: conversations and messages, viewings, leads, reviews, forum posts, reports, payment
 * records, applications (anonymised, open ones withdrawn), tenancies and repairs (without access notes). Their
 * listings are deleted (withdrawn and kept for the threads), their trade profile leaves the directory, and viewings
 * still to come are called off, each thread told (decision 0056). Returns what to do after the commit: the media to
 * remove (removeUnusedMedia keeps any file a kept row still shows) and the cancellations to email (tellCalledOff).
 */
export async function eraseAccount(tx: Tx, ctx: AppContext, user: UserRow): Promise<ErasedAccount> {
  const now = ctx.now();
  const refs = await findOwnedMediaRefs(tx, user);
  await anonymiseContactSubmissions(tx, user.id, now);
  const listings = await deleteListingsOf(tx, ctx, user.id);
  const asTenant = await callOffViewings(tx, ctx, { tenantId: user.id }, 'accountDeleted');
  // Their open applications are withdrawn (each landlord told) and all of theirs kept without their profile;
  // tenancies stay as both parties' record (decision 0063).
  const applications = await withdrawApplicationsOf(tx, ctx, user.id);
  // The repairs they reported stay for the landlord, without their access notes (decision 0070).
  await anonymiseRepairsOf(tx, user.id, now);
  await withdrawContractorProfileOf(tx, user.id, now);
  await anonymiseReviewsBy(tx, user.id, now);
  await anonymiseLeadsBy(tx, user.id, now);
  await deleteSessionsOfUser(tx, user.id);
  await deleteOwnPrivateData(tx, user.id);
  // A reported thread's moderators must still know who they are dealing with (Art. 17(3)(e)): kept, for them
  // only, until the hold ends (runEvidenceRelease).
  const held = await partyToHeldConversation(tx, user.id, now);
  await anonymiseUserRow(tx, user.id, now, held ? identityOf(user) : null);
  return {
    mediaRefs: refs,
    calledOff: [...listings.calledOff, ...asTenant],
    applications: [...listings.applicants, ...applications],
  };
}

/** What an erasure leaves to do after its commit. */
export interface ErasedAccount {
  mediaRefs: string[];
  calledOff: CalledOff;
  applications: ApplicationNotices;
}

/** After the commit of erasures: the other side of each called-off viewing is told, and unused files go. */
export async function afterErasure(ctx: AppContext, erased: ErasedAccount): Promise<void> {
  await tellCalledOff(ctx, erased.calledOff);
  await tellApplicants(ctx, erased.applications);
  await removeUnusedMedia(ctx, erased.mediaRefs);
}

function identityOf(user: UserRow): THeldIdentity {
  return { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone };
}

/**
 * The evidence-release job: forgets who deleted accounts were once no reported conversation of theirs is under
 * the evidence hold any more.
 */
export async function runEvidenceRelease(ctx: AppContext): Promise<{ released: number }> {
  return { released: await releaseHeldIdentities(ctx.db, evidenceHeldSince(ctx.now())) };
}

/**
 * DELETE /api/account: the account is anonymised and closed (eraseAccount); what the person shared with others
 * stays for them. Contact messages stay for the admins without the sender's name and address. Files go after the
 * commit.
 */
export async function deleteAccount(
  ctx: AppContext,
  actor: Actor<UserRow>,
  input: z.infer<typeof ZDeleteAccountRequest>,
): Promise<void> {
  if (isSuperAdmin(actor.user)) {
    throw new AppError(
      'FORBIDDEN',
      'A super admin cannot delete their own account here: the site must keep an administrator.',
    );
  }
  if (actor.impersonatorId)
    throw new AppError('FORBIDDEN', 'Demo mode cannot delete an account. End the demo session first.');
  if (actor.user.isDemo) throw new AppError('FORBIDDEN', DEMO_ACCOUNT_LOCKED);
  // The password, as for changing it: a session alone (an unlocked screen, a stolen cookie) cannot erase an account.
  if (!actor.user.passwordHash) throw new AppError('BAD_REQUEST', NO_PASSWORD_YET);
  if (!(await verifyPassword(actor.user.passwordHash, input.password)))
    throw new AppError('WRONG_PASSWORD', TERMS.wrongPassword, { password: [TERMS.wrongPassword] });
  // No card is charged again once the account has gone: the provider subscription ends first.
  await cancelSubscriptionsForAccountDeletion(ctx, actor.user.id);
  const { erased, before } = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const user = await findUserById(tx, actor.user.id);
    if (!user) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    const erased = await eraseAccount(tx, ctx, user);
    // No personal data in the log: the id alone says which account went.
    await insertAuditEntry(tx, {
      action: 'account.delete',
      actorId: null,
      targetType: 'user',
      targetId: user.id,
      createdAt: now,
    });
    return { erased, before: user };
  });
  // To the address the account had (the row now holds an unusable one), once the erasure has committed.
  await ctx.mailer.send(accountDeletedEmail(before, ctx.config.publicUrl));
  await afterErasure(ctx, erased);
}

/** A user's email address, undefined for no such user: how other features learn it, not through accounts' tables. */
export async function emailOfUser(ctx: AppContext, userId: string): Promise<string | undefined> {
  return (await findUserById(ctx.db, userId))?.email;
}
