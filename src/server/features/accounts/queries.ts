// SQL for accounts: users, notification settings, reset tokens and what an account owns.
import { and, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { NotificationKey } from '../../../domain/constants';
import { deletedAccountEmail } from '../../../domain/evidence';
import { DELETED_USER_NAME } from '../../../domain/retention';
import type { Db, Executor, Tx } from '../../db/client';
import {
  alertDeliveries,
  auditLog,
  contactSubmissions,
  contentSubmissions,
  contractorImages,
  contractors,
  emailChangeRequests,
  leads,
  notificationSettings,
  passwordResetTokens,
  properties,
  propertyImages,
  propertyInteractions,
  renterProfiles,
  reviews,
  savedSearches,
  sessions,
  type THeldIdentity,
  userBlocks,
  users,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** A live account by its address: a deleted one has an unusable address, and is refused here all the same. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
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

// ---- account deletion (decision 0051): what was only theirs goes, what they shared is kept anonymised ----

/**
 * What only the person used: sign-in links, settings, saved homes and searches, the renter profile, blocks and the listing changes
 * still waiting for review. Sessions go with deleteSessionsOfUser; their uploads' records stay for the clean-up
 * job, which removes the files nothing refers to.
 */
export async function deleteOwnPrivateData(tx: Tx, userId: string): Promise<void> {
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(emailChangeRequests).where(eq(emailChangeRequests.userId, userId));
  await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
  await tx.delete(alertDeliveries).where(eq(alertDeliveries.userId, userId));
  await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
  await tx.delete(propertyInteractions).where(eq(propertyInteractions.userId, userId));
  // The renter profile: applications keep their own snapshot (anonymised with the account, decision 0064).
  await tx.delete(renterProfiles).where(eq(renterProfiles.userId, userId));
  await tx.delete(userBlocks).where(or(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, userId)));
  await tx
    .delete(contentSubmissions)
    .where(and(eq(contentSubmissions.userId, userId), eq(contentSubmissions.submissionStatus, 'pending')));
}

/**
 * The row stays for what others keep pointing at (threads, viewings, reviews, forum posts, invoices); everything
 * that says who the person was goes: name, address, password, phone, photo, bio, payment provider ids.
 */
export async function anonymiseUserRow(
  tx: Tx,
  userId: string,
  now: Date,
  heldIdentity: THeldIdentity | null,
): Promise<void> {
  await tx
    .update(users)
    .set({
      heldIdentity,
      email: deletedAccountEmail(userId),
      passwordHash: null,
      firstName: DELETED_USER_NAME,
      lastName: '',
      role: 'user',
      phone: null,
      bio: null,
      profileImageUrl: null,
      isPremium: false,
      premiumUntil: null,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      subscriptionPlan: null,
      subscriptionStatus: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      lastLoginAt: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/**
 * The evidence-release job: the identities kept for moderators are cleared once no conversation of theirs is under
 * the evidence hold any more (no report open, none closed at or after `since`). Returns how many were cleared.
 */
export async function releaseHeldIdentities(db: Executor, since: Date): Promise<number> {
  const released = await db
    .update(users)
    .set({ heldIdentity: null })
    .where(
      and(
        isNotNull(users.heldIdentity),
        sql`not exists (
          select 1 from conversations c join conversation_reports r on r.conversation_id = c.id
          where (c.starter_id = ${users.id} or c.owner_id = ${users.id})
            and (r.status = 'open' or r.closed_at >= ${since.toISOString()}::timestamptz))`,
      ),
    )
    .returning({ id: users.id });
  return released.length;
}

/** Their reviews stay for the trades and the ratings built on them, signed "Deleted user". */
export async function anonymiseReviewsBy(tx: Tx, authorId: string, now: Date): Promise<void> {
  await tx
    .update(reviews)
    .set({ customerName: DELETED_USER_NAME, updatedAt: now })
    .where(eq(reviews.authorId, authorId));
}

/** Their quote requests stay with the trades, without the contact details a deleted person no longer answers. */
export async function anonymiseLeadsBy(tx: Tx, requesterId: string, now: Date): Promise<void> {
  await tx
    .update(leads)
    .set({ contactEmail: deletedAccountEmail(requesterId), contactPhone: null, updatedAt: now })
    .where(eq(leads.requesterId, requesterId));
}

/**
 * A trade's profile leaves the directory but stays for its customers' leads, reviews and quote threads (with its
 * business name, which those threads show); the person's own details and the portfolio go.
 */
export async function withdrawContractorProfileOf(tx: Tx, userId: string, now: Date): Promise<void> {
  const rows = await tx
    .update(contractors)
    .set({
      status: 'withdrawn',
      firstName: null,
      lastName: null,
      phone: null,
      email: null,
      website: null,
      profileImageUrl: null,
      liveUntil: null,
      updatedAt: now,
    })
    .where(eq(contractors.userId, userId))
    .returning({ id: contractors.id });
  if (rows.length > 0)
    await tx.delete(contractorImages).where(
      inArray(
        contractorImages.contractorId,
        rows.map((r) => r.id),
      ),
    );
}

export async function insertAuditEntry(db: Executor, entry: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(entry);
}
