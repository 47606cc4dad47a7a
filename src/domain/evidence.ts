// The evidence hold (issue 29, decision 0051): a reported conversation, and everything it points to, stays while a
// report on it is open and for REPORT_EVIDENCE_HOLD_DAYS after the last one closed. Pure (no I/O): the server asks
// the database with the instant `evidenceHeldSince` gives, and this file says what the answer means.
import { PAYMENT_RECORDS_YEARS, REPORT_EVIDENCE_HOLD_DAYS } from './retention';

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

/** What deleting an account keeps, said before it happens (UK GDPR Art. 12-13: the person is told). */
export const ACCOUNT_DELETION_KEEPS = `Your name, email, phone and photo are erased and your listings withdrawn. Messages, viewings, reviews and forum posts you shared with others stay for them, shown as "Deleted user"; payment records are kept for ${PAYMENT_RECORDS_YEARS} years, as the law requires.`;

/** What happens to money and plans made with others when an account is deleted (decision 0056): said before, and emailed after. */
export const ACCOUNT_DELETION_TERMS = {
  subscription: 'Any subscription is cancelled at once: no further payments are taken.',
  viewings:
    'Viewings still to come are cancelled, and the other person is told in your conversation and by email with a cancelling calendar file.',
  shared: ACCOUNT_DELETION_KEEPS,
  passwordLabel: 'Your password',
  passwordRequired: 'Enter your password to delete your account.',
  wrongPassword: 'Your password is incorrect.',
} as const;

/** The same, for an admin deleting someone else's account. */
export const ADMIN_DELETION_KEEPS =
  'Their name, email, phone and photo are erased and their listings withdrawn; what they shared with others (messages, viewings, reviews, forum posts, payment records) stays for those others, shown as "Deleted user".';
