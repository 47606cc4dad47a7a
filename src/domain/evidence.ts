// The evidence hold (issue 29, decision 0051): a reported conversation, and everything it points to, stays while a
// report on it is open and for REPORT_EVIDENCE_HOLD_DAYS after the last one closed. Pure (no I/O): the server asks
// the database with the instant `evidenceHeldSince` gives, and this file says what the answer means.
import { REPORT_EVIDENCE_HOLD_DAYS } from './retention';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A report closed at or after this instant still holds its conversation at `now`. */
export function evidenceHeldSince(now: Date): Date {
  return new Date(now.getTime() - REPORT_EVIDENCE_HOLD_DAYS * DAY_MS);
}

/** Whether these reports (of one conversation) hold it at `now`: one open, or one closed within the hold. */
export function isEvidenceHeld(
  reports: ReadonlyArray<{ status: 'open' | 'closed'; closedAt: Date | null }>,
  now: Date,
): boolean {
  const since = evidenceHeldSince(now).getTime();
  return reports.some((r) => r.status === 'open' || !r.closedAt || r.closedAt.getTime() >= since);
}

/**
 * The unusable address a deleted account keeps: unique (the column is), never deliverable (RFC 6761 reserves
 * `.invalid`), and never one a person can register or sign in with.
 */
export function deletedAccountEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

/** What a conversation shows for a listing that was deleted (or whose landlord deleted their account). */
export const REMOVED_LISTING_NOTE = 'This listing was removed';
