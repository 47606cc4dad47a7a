// SQL for the payment layer's own lookups (provider events keep theirs in events.ts until moved, issue 14).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { subscriptions } from '../db/schema';

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
