// SQL for the payment layer: provider events recorded once, subscriptions locked and updated, invoices, and the
// subscription's state mirrored onto its user.
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { PaymentProviderName } from '../../domain/payments';
import type { Db, Tx } from '../db/client';
import { invoices, paymentEvents, refunds, subscriptionReminders, subscriptions, users } from '../db/schema';

/** The test provider's subscription with this id, only if it is this user's. */
export async function findTestSubscription(db: Db, providerSubscriptionId: string, userId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'test'),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
        eq(subscriptions.userId, userId),
      ),
    );
  return row;
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Records a provider event; false when it was seen before (a replay does nothing). */
export async function recordPaymentEvent(
  tx: Tx,
  values: typeof paymentEvents.$inferInsert,
): Promise<boolean> {
  const recorded = await tx
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return recorded.length > 0;
}

/** The provider's subscription, locked to the end of the transaction (events for it apply one at a time). */
export async function lockProviderSubscription(
  tx: Tx,
  provider: PaymentProviderName,
  providerSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    )
    .for('update');
  return row;
}

export async function updateSubscriptionRow(
  tx: Tx,
  id: string,
  values: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [row] = await tx.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning();
  return row;
}

/** Copy a subscription's state to its user, when it is the user's current subscription (or `adopt`). */
export async function mirrorSubscriptionToUser(tx: Tx, sub: SubscriptionRow, now: Date, adopt: boolean) {
  const current = adopt
    ? eq(users.id, sub.userId)
    : and(eq(users.id, sub.userId), eq(users.stripeSubscriptionId, sub.providerSubscriptionId));
  await tx
    .update(users)
    .set({
      subscriptionPlan: sub.plan,
      subscriptionStatus: sub.status,
      stripeSubscriptionId: sub.providerSubscriptionId,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      updatedAt: now,
    })
    .where(current);
}

/**
 * A paid invoice, recorded once; a second notice of it marks it paid again. True only when this call is the one
 * that recorded the payment (the invoice was new or not yet paid): its receipt is sent then, and only then. The
 * caller holds the subscription's lock, so two notices of one invoice are read and written one after the other.
 */
export async function upsertPaidInvoice(tx: Tx, values: typeof invoices.$inferInsert): Promise<boolean> {
  const [before] = await tx
    .select({ status: invoices.status })
    .from(invoices)
    .where(eq(invoices.providerInvoiceId, values.providerInvoiceId));
  await tx
    .insert(invoices)
    .values(values)
    .onConflictDoUpdate({ target: invoices.providerInvoiceId, set: { status: 'paid' } });
  return before?.status !== 'paid';
}

export async function insertOpenInvoice(tx: Tx, values: typeof invoices.$inferInsert) {
  await tx.insert(invoices).values(values).onConflictDoNothing();
}

export async function findUserContact(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The subscription, locked to the end of the transaction (one cancellation at a time). */
export async function lockSubscriptionById(tx: Tx, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

/** The subscription's first paid invoice: the payment a cancellation within 14 days refunds. */
export async function findFirstPaidInvoice(tx: Tx, subscriptionId: string) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.status, 'paid')))
    .orderBy(asc(invoices.createdAt))
    .limit(1);
  return row;
}

export async function findRefundOfSubscription(tx: Tx, subscriptionId: string) {
  const [row] = await tx.select().from(refunds).where(eq(refunds.subscriptionId, subscriptionId));
  return row;
}

export async function insertRefund(tx: Tx, values: typeof refunds.$inferInsert) {
  const [row] = await tx.insert(refunds).values(values).returning();
  return row;
}

/** Paid plans that continue (not cancelling) and began before `startedBefore`: candidates for a reminder. */
export async function findContinuingPlans(tx: Tx, startedBefore: Date) {
  return tx
    .select({ subscription: subscriptions, email: users.email, firstName: users.firstName })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        inArray(subscriptions.status, ['active', 'past_due']),
        eq(subscriptions.cancelAtPeriodEnd, false),
        isNotNull(subscriptions.startedAt),
        lte(subscriptions.startedAt, startedBefore),
      ),
    );
}

/** Claims a reminder: true once per subscription, kind and number, however many instances race for it. */
export async function claimSubscriptionReminder(
  tx: Tx,
  values: typeof subscriptionReminders.$inferInsert,
): Promise<boolean> {
  const claimed = await tx
    .insert(subscriptionReminders)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: subscriptionReminders.id });
  return claimed.length > 0;
}
