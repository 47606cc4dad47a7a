// SQL for accounts: users, notification settings, reset tokens and what an account owns.
import { and, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { NotificationKey } from '../../../domain/constants';
import type { Db, Executor } from '../../db/client';
import {
  auditLog,
  contactSubmissions,
  contractorImages,
  contractors,
  emailChangeRequests,
  notificationSettings,
  passwordResetTokens,
  properties,
  propertyImages,
  sessions,
  users,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  await db.insert(notificationSettings).values({ userId: user.id }).onConflictDoNothing();
  return user;
}

export async function updateUser(db: Executor, id: string, values: Partial<NewUser>): Promise<UserRow> {
  const [user] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return user;
}

export async function findNotificationSettings(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .limit(1);
  return row;
}

export async function upsertNotificationSettings(
  db: Executor,
  userId: string,
  changes: Partial<Record<NotificationKey, boolean>>,
  now: Date,
) {
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...changes, updatedAt: now })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...changes, updatedAt: now } })
    .returning();
  return row;
}

export async function insertResetToken(db: Executor, userId: string, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
}

export async function findUsableResetToken(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Claims a token and retires the user's other outstanding ones in one statement; returns the user id,
 * or nothing when the token was already used or has expired (two racing resets: one wins).
 */
export async function consumeResetToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const [claimed] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  if (!claimed) return undefined;
  await retireResetTokens(db, claimed.userId, now);
  return claimed.userId;
}

/**
 * Expires every outstanding reset link of the user: a new password makes old links worthless. They read as expired,
 * not used (usedAt means that link itself was clicked through; decision 0053).
 */
export async function retireResetTokens(db: Executor, userId: string, now: Date) {
  await db
    .update(passwordResetTokens)
    .set({ expiresAt: now })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
}

/** A reset link's row by its hash, whatever its state: to tell a second click it was used. */
export async function findResetToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ usedAt: passwordResetTokens.usedAt, expiresAt: passwordResetTokens.expiresAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** An email-change link's row by its hash, whatever its state. */
export async function findEmailChange(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ usedAt: emailChangeRequests.usedAt, expiresAt: emailChangeRequests.expiresAt })
    .from(emailChangeRequests)
    .where(eq(emailChangeRequests.tokenHash, tokenHash))
    .limit(1);
  return row;
}

// ---- email change requests ----

/** A new request replaces any the user had waiting: only the newest link works. */
export async function replaceEmailChangeRequest(
  db: Executor,
  values: { userId: string; newEmail: string; tokenHash: string; expiresAt: Date },
) {
  await db
    .delete(emailChangeRequests)
    .where(and(eq(emailChangeRequests.userId, values.userId), isNull(emailChangeRequests.usedAt)));
  await db.insert(emailChangeRequests).values(values);
}

export async function findPendingEmailChange(db: Executor, userId: string, now: Date) {
  const [row] = await db
    .select({ newEmail: emailChangeRequests.newEmail, expiresAt: emailChangeRequests.expiresAt })
    .from(emailChangeRequests)
    .where(
      and(
        eq(emailChangeRequests.userId, userId),
        isNull(emailChangeRequests.usedAt),
        gt(emailChangeRequests.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

export async function deletePendingEmailChanges(db: Executor, userId: string) {
  await db
    .delete(emailChangeRequests)
    .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt)));
}

/** Claims a usable link (single use, inside the caller's transaction): the request, or undefined. */
export async function consumeEmailChange(db: Executor, tokenHash: string, now: Date) {
  const [claimed] = await db
    .update(emailChangeRequests)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailChangeRequests.tokenHash, tokenHash),
        isNull(emailChangeRequests.usedAt),
        gt(emailChangeRequests.expiresAt, now),
      ),
    )
    .returning({ userId: emailChangeRequests.userId, newEmail: emailChangeRequests.newEmail });
  return claimed;
}

/** Sets the avatar URL and returns the one it replaced (row locked, so two uploads cannot both keep the old file). */
export async function swapProfileImage(
  db: Db,
  userId: string,
  url: string | null,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ url: users.profileImageUrl })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    await tx.update(users).set({ profileImageUrl: url, updatedAt: now }).where(eq(users.id, userId));
    return row?.url ?? null;
  });
}

/**
 * Ends a user's sessions (optionally but one) and every demo session they impersonate through: a password change
 * or reset of an admin ends the demos that admin started, wherever they run.
 */
export async function deleteSessionsOfUser(db: Executor, userId: string, exceptSessionId?: string | null) {
  const ofUser = or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId));
  await db.delete(sessions).where(exceptSessionId ? and(ofUser, ne(sessions.id, exceptSessionId)) : ofUser);
}

/** Every stored media reference the account owns (avatar, listing photos, contractor portfolio), read before deletion. */
export async function findOwnedMediaRefs(db: Executor, user: UserRow): Promise<string[]> {
  const refs: (string | null)[] = [user.profileImageUrl];
  const listingImages = await db
    .select({
      url: propertyImages.url,
      thumbUrl: propertyImages.thumbUrl,
      storageKey: propertyImages.storageKey,
    })
    .from(propertyImages)
    .innerJoin(properties, eq(properties.id, propertyImages.propertyId))
    .where(eq(properties.landlordId, user.id));
  const contractorProfile = await db
    .select({ profileImageUrl: contractors.profileImageUrl, id: contractors.id })
    .from(contractors)
    .where(eq(contractors.userId, user.id));
  const portfolio = contractorProfile.length
    ? await db
        .select({
          url: contractorImages.url,
          thumbUrl: contractorImages.thumbUrl,
          storageKey: contractorImages.storageKey,
        })
        .from(contractorImages)
        .where(
          inArray(
            contractorImages.contractorId,
            contractorProfile.map((c) => c.id),
          ),
        )
    : [];
  for (const image of [...listingImages, ...portfolio])
    refs.push(image.url, image.thumbUrl, image.storageKey);
  for (const profile of contractorProfile) refs.push(profile.profileImageUrl);
  return [...new Set(refs.filter((r): r is string => !!r))];
}

/** Media references some remaining row still uses (demo data may share one file between listings). */
export async function findReferencedMedia(db: Executor, refs: string[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const used = new Set<string>();
  const imageRows = await db
    .select({
      url: propertyImages.url,
      thumbUrl: propertyImages.thumbUrl,
      storageKey: propertyImages.storageKey,
    })
    .from(propertyImages)
    .where(
      or(
        inArray(propertyImages.url, refs),
        inArray(propertyImages.thumbUrl, refs),
        inArray(propertyImages.storageKey, refs),
      ),
    );
  const portfolioRows = await db
    .select({
      url: contractorImages.url,
      thumbUrl: contractorImages.thumbUrl,
      storageKey: contractorImages.storageKey,
    })
    .from(contractorImages)
    .where(
      or(
        inArray(contractorImages.url, refs),
        inArray(contractorImages.thumbUrl, refs),
        inArray(contractorImages.storageKey, refs),
      ),
    );
  const avatarRows = await db
    .select({ url: users.profileImageUrl })
    .from(users)
    .where(inArray(users.profileImageUrl, refs));
  const contractorRows = await db
    .select({ url: contractors.profileImageUrl })
    .from(contractors)
    .where(inArray(contractors.profileImageUrl, refs));
  for (const row of [...imageRows, ...portfolioRows])
    for (const ref of [row.url, row.thumbUrl, row.storageKey]) if (ref) used.add(ref);
  for (const row of [...avatarRows, ...contractorRows]) if (row.url) used.add(row.url);
  return used;
}

/** The contact form keeps the message for the admins, without who sent it (UK GDPR erasure). */
export async function anonymiseContactSubmissions(db: Executor, userId: string, now: Date) {
  await db
    .update(contactSubmissions)
    .set({ name: 'Deleted user', email: 'deleted@invalid', userId: null, updatedAt: now })
    .where(eq(contactSubmissions.userId, userId));
}

export async function deleteUserRow(db: Executor, userId: string) {
  await db.delete(users).where(eq(users.id, userId));
}

export async function insertAuditEntry(db: Executor, entry: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(entry);
}
