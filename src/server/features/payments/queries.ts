import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { invoices, refunds, subscriptions, users } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** Statuses in which a subscription may still charge the card. */
export const LIVE_STATUSES = ['incomplete', 'active', 'trialing', 'past_due'] as const;

/** The user's row, locked until the transaction ends: one subscription start per user at a time. */
export async function lockUser(tx: Tx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function findUserById(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function findLiveSubscriptions(db: Executor, userId: string, plan?: SubscriptionRow['plan']) {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, [...LIVE_STATUSES]),
        plan ? eq(subscriptions.plan, plan) : undefined,
      ),
    )
    .orderBy(desc(subscriptions.createdAt));
}

export async function findSubscriptionOfUser(
  db: Executor,
  userId: string,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)),
    );
  return row;
}

export async function insertSubscription(tx: Tx, values: typeof subscriptions.$inferInsert) {
  const [row] = await tx.insert(subscriptions).values(values).returning();
  return row;
}

export async function setSubscriptionStatus(db: Executor, id: string, status: string, now: Date) {
  await db.update(subscriptions).set({ status, updatedAt: now }).where(eq(subscriptions.id, id));
}

export async function setCustomerId(tx: Tx, userId: string, customerId: string) {
  await tx.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, userId));
}

/** For subscriptions known only from the user's columns (seeded or imported): no provider holds them. */
export async function setUserCancelAtPeriodEnd(db: Executor, userId: string, value: boolean, now: Date) {
  await db.update(users).set({ cancelAtPeriodEnd: value, updatedAt: now }).where(eq(users.id, userId));
}

export async function listInvoices(db: Executor, userId: string, limit = 24) {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(limit);
}

/** The latest request to start at once, on a pending subscription the person is about to pay for. */
export async function recordConsent(tx: Tx, id: string, at: Date, version: string) {
  await tx
    .update(subscriptions)
    .set({ startNowConsentAt: at, consentVersion: version, updatedAt: at })
    .where(eq(subscriptions.id, id));
}

export async function listRefunds(db: Executor, userId: string, limit = 12) {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.userId, userId))
    .orderBy(desc(refunds.createdAt))
    .limit(limit);
}
