// What other features may ask about viewings (a thread's summary). Depends only on viewings' queries, so the
// conversations service can import it although the viewings service imports conversations.
import type { Executor, Tx } from '../../db/client';
import { cancelFutureViewings, findActiveBooking } from './queries';

/** Why a viewing still to come was called off when its listing or an account in it was deleted. */
export const VIEWING_CALLED_OFF = {
  listingDeleted: 'Cancelled: the listing was removed.',
  accountDeleted: 'Cancelled: an account in this viewing was deleted.',
} as const;

/** A deleted listing's viewings still to come are called off and its slots closed, in the caller's transaction. */
export function callOffListingViewings(tx: Tx, propertyId: string, now: Date): Promise<void> {
  return cancelFutureViewings(tx, { propertyId }, now, VIEWING_CALLED_OFF.listingDeleted);
}

/** A deleted tenant's viewings still to come are called off, in the caller's transaction. */
export function callOffTenantViewings(tx: Tx, tenantId: string, now: Date): Promise<void> {
  return cancelFutureViewings(tx, { tenantId }, now, VIEWING_CALLED_OFF.accountDeleted);
}

/** Whether the conversation has a booking that is not cancelled. */
export async function hasActiveBooking(db: Executor, conversationId: string): Promise<boolean> {
  return !!(await findActiveBooking(db, conversationId));
}
