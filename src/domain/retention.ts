// How long Your Place keeps what it holds, stated once: the account deletion and the evidence hold read these
// periods, and the privacy page states them (UK GDPR Art. 5(1)(e), storage limitation; Art. 13(2)(a) asks that a
// person is told the period). Pure (no I/O). Decision 0051 says why each period is what it is.
import { ONE_TIME_LINK_LIFETIMES_MS } from './one-time-links';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A reported conversation, its messages, viewings and listing are kept while a report on it is open and for this
 * many days after the last report on it was closed: long enough for an appeal, a police request or a repeat
 * report about the same person, and no longer.
 */
export const REPORT_EVIDENCE_HOLD_DAYS = 365;

/**
 * Invoices, refunds and payment records are kept this many years after the payment, without the payer's name once
 * their account is deleted: HMRC asks a company to keep its records for 6 years from the end of the accounting
 * period they cover.
 */
export const PAYMENT_RECORDS_YEARS = 6;

/** How a person who deleted their account appears to the people they dealt with. */
export const DELETED_USER_NAME = 'Deleted user';

/**
 * How long a device stays signed in: the defaults of SESSION_IDLE_DAYS and SESSION_MAX_DAYS (src/server/config.ts),
 * stated here for the privacy page; tests/unit/retention.test.ts fails when the two disagree.
 */
export const SESSION_IDLE_DAYS = 30;
export const SESSION_MAX_DAYS = 90;
/** How long a password reset (or set-password) link and a new-address confirmation link work, in hours. */
export const PASSWORD_RESET_LINK_HOURS = ONE_TIME_LINK_LIFETIMES_MS.passwordReset / HOUR_MS;
export const EMAIL_CHANGE_LINK_HOURS = ONE_TIME_LINK_LIFETIMES_MS.emailChange / HOUR_MS;
/** A photo uploaded but never attached to a listing or profile is deleted after this many hours. */
export const UNATTACHED_UPLOAD_HOURS = 24;
/** Copies of the emails we send (their one-time links removed when stored) are deleted after this many days. */
export const EMAIL_COPY_DAYS = 90;
/** Server logs are kept this many days by the host (README, "Logs"). */
export const SERVER_LOG_DAYS = 30;
/** Backups are kept this many days (README, "Backups"): a deleted account leaves them within this time. */
export const BACKUP_DAYS = 30;

/** One kind of data: what it is, how long it is kept, and why (UK GDPR Art. 13(1)(c) and 13(2)(a)). */
export interface RetentionRule {
  id: string;
  what: string;
  kept: string;
  why: string;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** The privacy page's "How long we keep it", in this order. */
export const RETENTION: readonly RetentionRule[] = [
  {
    id: 'account',
    what: 'Your account and profile: name, email address, phone number, biography, photo and settings',
    kept: 'While your account is open. Deleting your account removes your name, email address, phone number and photo at once.',
    why: 'We need them to run the account you signed up for.',
  },
  {
    id: 'shared',
    what: 'Your side of what you shared with another person: conversations, viewings, reviews and repair requests',
    kept: `After you delete your account, kept for the other person with your name replaced by "${DELETED_USER_NAME}".`,
    why: 'The other person keeps their own record of what was said and agreed; your deletion never erases their history.',
  },
  {
    id: 'applications',
    what: 'Applications to rent a home and the tenancies recorded on Your Place',
    kept: `While your account is open. After you delete it, an application still open is withdrawn and every one is kept for the landlord without the profile or message you sent; a tenancy is kept for the other party, with your name replaced by "${DELETED_USER_NAME}".`,
    why: "An application and its decision are the landlord's record of a fair choice, and a tenancy is both parties' record of what was agreed, such as where the deposit is protected.",
  },
  {
    id: 'reported',
    what: 'A conversation someone reported, with its messages, viewings and listing',
    kept: `While any report on it is open, and ${plural(REPORT_EVIDENCE_HOLD_DAYS, 'day')} after the last report on it is closed, even if an account or listing in it is deleted.`,
    why: 'So a report can be investigated, appealed or passed to the police, and a repeat report about the same person can be checked.',
  },
  {
    id: 'payments',
    what: 'Invoices, refunds and payment records',
    kept: `${plural(PAYMENT_RECORDS_YEARS, 'year')} after the payment, without your name once your account is deleted.`,
    why: 'HMRC requires a company to keep its accounting records for 6 years.',
  },
  {
    id: 'sessions',
    what: 'Signed-in devices: the device, IP address and when it signed in and was last used',
    kept: `A device is signed out after ${plural(SESSION_IDLE_DAYS, 'day')} unused and ${plural(SESSION_MAX_DAYS, 'day')} after signing in in any case; its record is deleted within an hour of signing out or expiring.`,
    why: 'To keep you signed in, and to let you see and sign out your devices in Settings.',
  },
  {
    id: 'links',
    what: 'Password reset and email confirmation links',
    kept: `A password reset link works once and for ${plural(PASSWORD_RESET_LINK_HOURS, 'hour')}; a link confirming a new email address works once and for ${plural(EMAIL_CHANGE_LINK_HOURS, 'hour')}. We keep only a one-way hash of each link, and delete it within an hour of its expiry.`,
    why: 'So that only you, from your inbox, can reset your password or change your email address.',
  },
  {
    id: 'uploads',
    what: 'Photos you upload but never use in a listing or profile',
    kept: `Deleted after ${plural(UNATTACHED_UPLOAD_HOURS, 'hour')}.`,
    why: 'A photo is uploaded before its listing is saved; one that is never used has no purpose.',
  },
  {
    id: 'activity',
    what: 'Saved homes, saved searches, the alerts sent about them, and pages viewed while signed in',
    kept: 'While your account is open. When you delete it, your saved homes, searches and alerts are deleted and page views are no longer linked to you.',
    why: 'To run your saved searches and alerts, show you what you saved, and count which pages are used.',
  },
  {
    id: 'emails',
    what: 'Copies of the emails we send you, with any sign-in, reset or confirmation link removed',
    kept: `${plural(EMAIL_COPY_DAYS, 'day')}.`,
    why: 'To check that an email went out and answer questions about it.',
  },
  {
    id: 'contact',
    what: 'Messages you send us through the contact form',
    kept: 'Until we have answered and any follow-up is done; your name and email address are removed from them when you delete your account.',
    why: 'To answer you and keep a record of what we said.',
  },
  {
    id: 'logs',
    what: 'Server logs: for each request, its method, path, status, time and IP address',
    kept: `${plural(SERVER_LOG_DAYS, 'day')}. Logs never hold your password, cookies, or the secret part of a reset or confirmation link.`,
    why: 'To keep the service secure and working, and to investigate attacks.',
  },
  {
    id: 'backups',
    what: 'Backups of the database and photos',
    kept: `${plural(BACKUP_DAYS, 'day')}, so a deleted account is gone from every backup within ${plural(BACKUP_DAYS, 'day')}.`,
    why: 'To restore the service after a failure.',
  },
];
