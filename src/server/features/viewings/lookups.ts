// What other features may ask about viewings (a thread's summary). Depends only on viewings' queries, so the
// conversations service can import it although the viewings service imports conversations.
import type { Executor } from '../../db/client';
import { findActiveBooking } from './queries';

/** Whether the conversation has a booking that is not cancelled. */
export async function hasActiveBooking(db: Executor, conversationId: string): Promise<boolean> {
  return !!(await findActiveBooking(db, conversationId));
}
