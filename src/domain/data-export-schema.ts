// The "Download my data" document's shape (decision 0054): the route's response schema and the OpenAPI document.
import { z } from 'zod';
import { DATA_EXPORT_FORMAT, DATA_EXPORT_VERSION } from './data-export';

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
    renterProfile: ZRow.nullable().describe(
      'Your renter profile as you last saved it (what an application sends to the landlord of that home).',
    ),
    contractorProfile: ZRow.nullable().describe(
      'Your trade profile with its photos, checks, reviews received and quote requests received.',
    ),
    reviewsWritten: rows('Reviews you wrote of contractors.'),
    quoteRequestsSent: rows('Quote requests you sent to contractors.'),
    compliance: rows(
      "Compliance checks you recorded for your homes (gas safety, EICR, EPC, alarms, deposit, licence; each certificate's name) and the reminders we sent you about them.",
    ),
    conversations: rows('Conversations you are in, with every message as it was sent to you.'),
    blocks: rows('People you blocked.'),
    viewings: rows('Viewings you booked.'),
    applications: rows(
      'Applications you made (with the profile the landlord was sent), and the decisions you made on applications for your homes.',
    ),
    tenancies: rows('Tenancies recorded on Your Place that you are a party to, as landlord or tenant.'),
    references: rows(
      'References a landlord asked for about you, and references you asked for as a landlord, with the answers.',
    ),
    repairs: rows(
      "Repairs you reported or marked fixed, with their timeline and the photos sent with them, and what you wrote in repairs' conversations.",
    ),
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
