// "Download my data" (issue 29 item 4; decision 0054): the copy of everything Your Place holds about a person,
// under UK GDPR Art. 15 (access) and Art. 20 (portability: structured, commonly used, machine-readable). The
// document's shape, its limits and the words people see. Pure (no I/O).
import { z } from 'zod';
import { BRAND_NAME } from './constants';

/**
 * Copies one person may download in a day (counted per account, not per address). Art. 15(3) gives the first copy
 * free and lets further copies be limited; three a day covers a retry and a second device without letting one
 * account turn the export into load on the database.
 */
export const DATA_EXPORTS_PER_DAY = 3;
/** The window DATA_EXPORTS_PER_DAY is counted over. */
export const DATA_EXPORT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The document's format name and version: a reader can tell what it holds before reading it. */
export const DATA_EXPORT_FORMAT = 'your-place-data-export';
export const DATA_EXPORT_VERSION = 1;

export const DATA_EXPORT_TEXT = {
  button: 'Download my data',
  busy: 'Preparing your data…',
  failed: 'We could not prepare your data. Please try again.',
  emailSubject: `You downloaded a copy of your ${BRAND_NAME} data`,
} as const;

/** The 429's message: when the next copy may be taken, in words. */
export function tooManyExportsMessage(retryAfterSeconds: number): string {
  const hours = Math.ceil(retryAfterSeconds / 3600);
  const wait =
    retryAfterSeconds < 3600
      ? `${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute${retryAfterSeconds <= 60 ? '' : 's'}`
      : `${hours} hour${hours === 1 ? '' : 's'}`;
  return `You can download your data ${DATA_EXPORTS_PER_DAY} times a day. Please try again in ${wait}.`;
}

/** The file's name: the day it was made (London), e.g. your-place-data-2026-11-27.json. */
export function dataExportFilename(londonDay: string): string {
  return `your-place-data-${londonDay}.json`;
}

const ZRow = z.looseObject({});
const rows = (what: string) => z.array(ZRow).describe(what);

/**
 * The document. Every section is a list of plain records (ISO times, pence, absolute photo URLs), so any JSON
 * reader or spreadsheet import can use it; `withheldForSecurity` and `notIncluded` say what exists but is left out,
 * and why.
 */
export const ZDataExport = z
  .object({
    format: z.literal(DATA_EXPORT_FORMAT),
    version: z.literal(DATA_EXPORT_VERSION),
    generatedAt: z.string(),
    about: z.looseObject({ controller: z.string(), rights: z.string(), privacyPolicy: z.string() }),
    account: ZRow.describe('Your account and profile (never the password hash).'),
    withheldForSecurity: z
      .array(z.object({ what: z.string(), held: z.number().int(), why: z.string() }))
      .describe('What we hold about you but do not put in a file: secrets that would open your account.'),
    notIncluded: z
      .array(z.object({ what: z.string(), why: z.string() }))
      .describe('What is about you but left out, and the law that allows it.'),
    notificationSettings: ZRow.nullable(),
    sessions: rows('Signed-in devices: device, IP address, when started, last seen and ending.'),
    passwordResets: rows('Password reset and set-password links asked for (the links themselves withheld).'),
    emailChanges: rows('Changes of sign-in address asked for.'),
    uploads: rows('Photos uploaded in the last day (older ones are in their listing or profile).'),
    savedHomes: rows('Homes you saved.'),
    viewedHomes: rows('Homes whose page you opened while signed in.'),
    savedSearches: rows('Saved searches and their alert settings.'),
    alertDeliveries: rows('Homes an alert told you about.'),
    listings: rows('Your listings with their photos, rent changes and viewing times.'),
    submissions: rows('Listings and profiles you sent for review, and the review.'),
    contractorProfile: ZRow.nullable().describe(
      'Your trade profile with its photos, checks, reviews received and quote requests received.',
    ),
    reviewsWritten: rows('Reviews you wrote of contractors.'),
    quoteRequestsSent: rows('Quote requests you sent to contractors.'),
    conversations: rows('Conversations you are in, with every message as it was sent to you.'),
    blocks: rows('People you blocked.'),
    viewings: rows('Viewings you booked.'),
    reportsFiled: rows('Conversations you reported, and what became of the report.'),
    forumTopics: rows('Forum topics you started.'),
    forumPosts: rows('Forum replies you wrote.'),
    contactMessages: rows('Messages you sent us through the contact form.'),
    subscriptions: rows('Your plans, their consent records and the reminders we sent.'),
    invoices: rows('Invoices.'),
    refunds: rows('Refunds.'),
    pageViews: rows('Pages you viewed while signed in.'),
    auditLog: rows('Entries in our audit log by you or about your account.'),
    emailsSent: rows('Emails we sent to your address, as we keep them (one-time links are never stored).'),
  })
  .meta({ id: 'DataExport' });
export type TDataExport = z.output<typeof ZDataExport>;
export type TDataExportSection = Exclude<
  keyof TDataExport,
  'format' | 'version' | 'generatedAt' | 'about' | 'withheldForSecurity' | 'notIncluded'
>;
