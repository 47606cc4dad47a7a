// What other features may ask of viewings (a thread's summary, the viewings a listing change calls off). Depends only
// on viewings' queries and notices and on conversations' lookups, so the conversations, listings and accounts services
// can import it although the viewings service imports conversations.
import { viewingTime } from '../../../domain/ics';
import type { AppContext } from '../../context';
import type { Executor, Tx } from '../../db/client';
import { postSystemLine } from '../conversations/lookups';
import { emailBoth, noteViewingChange, type ViewingNotice } from './notices';
import { cancelFutureViewings, countUpcomingViewings, findActiveBooking, findSlot } from './queries';

/** Why a viewing still to come was called off. */
const CALLED_OFF_BECAUSE = {
  listingDeleted: 'the listing was removed',
  letAgreed: 'the home is now let agreed',
  accountDeleted: 'an account in this viewing was deleted',
} as const;

type CallOffReason = keyof typeof CALLED_OFF_BECAUSE;

/** The booking's reason, as both sides see it on the viewing and in the email. */
export const VIEWING_CALLED_OFF = Object.fromEntries(
  Object.entries(CALLED_OFF_BECAUSE).map(([key, why]) => [key, `Cancelled: ${why}.`]),
) as Record<CallOffReason, string>;

/** The emails a call-off owes, to send once its transaction has committed (tellCalledOff). */
export type CalledOff = ViewingNotice[];

/**
 * Viewings still to come are called off in the caller's transaction (decision 0056): a listing's (deleted or let
 * agreed; its future slots are withdrawn too) or a deleted tenant's. Each thread gets a line saying so, and the
 * cancellation goes to both sides at once with a cancelling calendar file (notices.ts); the emails are returned, to
 * send after the commit.
 */
export async function callOffViewings(
  tx: Tx,
  ctx: AppContext,
  scope: { propertyId: string } | { tenantId: string },
  why: CallOffReason,
): Promise<CalledOff> {
  const now = ctx.now();
  const reason = VIEWING_CALLED_OFF[why];
  const notices: ViewingNotice[] = [];
  for (const booking of await cancelFutureViewings(tx, scope, now, reason)) {
    const slot = await findSlot(tx, booking.slotId);
    const when = slot ? ` on ${viewingTime(slot.startsAt)}` : '';
    await postSystemLine(
      tx,
      booking.conversationId,
      `The viewing${when} is cancelled: ${CALLED_OFF_BECAUSE[why]}.`,
      now,
    );
    const notice = await noteViewingChange(tx, ctx, booking, 'cancelled');
    if (notice) notices.push(notice);
  }
  return notices;
}

/** After the commit: both sides of each called-off viewing get the cancellation and its calendar file. */
export async function tellCalledOff(ctx: AppContext, calledOff: CalledOff): Promise<void> {
  for (const notice of calledOff) await emailBoth(ctx, notice);
}

/** Per listing, its booked and confirmed viewings still to come: what Let agreed or deleting it would call off. */
export function upcomingViewingsOf(
  db: Executor,
  propertyIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  return countUpcomingViewings(db, propertyIds, now);
}

/** Whether the conversation has a booking that is not cancelled. */
export async function hasActiveBooking(db: Executor, conversationId: string): Promise<boolean> {
  return !!(await findActiveBooking(db, conversationId));
}
