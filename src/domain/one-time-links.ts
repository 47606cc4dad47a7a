// Every emailed one-time link, its lifetime and what a second click reads (issue 29 item 3, decision 0053). A link
// works once: the click that uses it wins, and any later click (a mail scanner's, a forwarded copy, a second tab)
// is told plainly that the link has been used, with 410 Gone, rather than "invalid". Past its lifetime it is
// expired (400). The lifetimes are listed here once; the README and the decision repeat them.
import { EMAIL_CHANGE_TTL_MS, PASSWORD_RESET_TTL_MS } from './constants';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long each kind of link works after it is sent. */
export const ONE_TIME_LINK_LIFETIMES_MS = {
  /** /reset-password: an hour, as the email says. */
  passwordReset: PASSWORD_RESET_TTL_MS,
  /** /confirm-email (a new sign-in address): a day. */
  emailChange: EMAIL_CHANGE_TTL_MS,
  /** /confirm-listing: past the pause at day 21, so a late click still brings the listing back. */
  listingConfirm: 30 * DAY_MS,
  /** /references/{token}: a previous landlord's reference form (issue 31 item 4), two weeks to answer. */
  reference: 14 * DAY_MS,
} as const;

export const ONE_TIME_LINK_MESSAGES = {
  resetUsed:
    'This reset link has already been used. If you still need to reset your password, request a new link.',
  emailChangeUsed:
    'This confirmation link has already been used. Your sign-in address is the one it confirmed; sign in with it.',
  referenceUsed: (answeredOn: string) =>
    `This reference has already been given: it was sent on ${answeredOn}. Thank you; there is nothing more to do.`,
  referenceExpired:
    'This reference link has expired: links work for 14 days. If you still want to give a reference, ask the landlord who wrote to you to send a new one.',
  referenceUnknown:
    'We could not find this reference link. Check that the whole address from the email was copied, or ask the landlord who wrote to you to send a new one.',
  listingUsed: (confirmedOn: string) =>
    `This confirmation link has already been used: the listing was confirmed on ${confirmedOn}. Your dashboard shows when we will ask again.`,
} as const;

export type OneTimeLinkState = 'usable' | 'used' | 'expired' | 'unknown';

/** What a stored link's row says about a click now: used beats expired (it says more). */
export function oneTimeLinkState(
  row: { usedAt: Date | null; expiresAt: Date } | undefined,
  now: Date,
): OneTimeLinkState {
  if (!row) return 'unknown';
  if (row.usedAt) return 'used';
  return row.expiresAt > now ? 'usable' : 'expired';
}
