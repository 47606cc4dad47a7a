// Every table of src/server/db/schema.ts, and where the data export puts what it holds about a person, or why it
// does not (decision 0054). tests/unit/data-export-coverage.test.ts fails when a table is added to the schema
// without an entry here, so a new kind of personal data cannot be left out of "Download my data" by accident.
import type { TDataExportSection } from '../../../domain/data-export-schema';

export type Coverage =
  /** Rows about the person go in this section of the document. */
  | { section: TDataExportSection }
  /** Nothing in it is about one person, or what is has a reason to stay out (said in the document too). */
  | { excluded: string };

export const EXPORT_COVERAGE: Record<string, Coverage> = {
  users: { section: 'account' },
  sessions: { section: 'sessions' },
  notification_settings: { section: 'notificationSettings' },
  password_reset_tokens: { section: 'passwordResets' },
  email_change_requests: { section: 'emailChanges' },
  media_uploads: { section: 'uploads' },
  properties: { section: 'listings' },
  property_rent_changes: { section: 'listings' },
  property_images: { section: 'listings' },
  property_interactions: { section: 'savedHomes' },
  saved_searches: { section: 'savedSearches' },
  alert_deliveries: { section: 'alertDeliveries' },
  content_submissions: { section: 'submissions' },
  renter_profiles: { section: 'renterProfile' },
  contractors: { section: 'contractorProfile' },
  contractor_images: { section: 'contractorProfile' },
  reviews: { section: 'reviewsWritten' },
  leads: { section: 'quoteRequestsSent' },
  trade_checks: { section: 'contractorProfile' },
  conversations: { section: 'conversations' },
  messages: { section: 'conversations' },
  user_blocks: { section: 'blocks' },
  conversation_reports: { section: 'reportsFiled' },
  viewing_slots: { section: 'listings' },
  viewing_bookings: { section: 'viewings' },
  applications: { section: 'applications' },
  tenancies: { section: 'tenancies' },
  tenancy_tenants: { section: 'tenancies' },
  // About the tenant the application is theirs (and to the landlord who asked): decision 0065.
  reference_requests: { section: 'references' },
  repairs: { section: 'repairs' },
  repair_events: { section: 'repairs' },
  repair_photos: { section: 'repairs' },
  // What the person wrote in a repair's conversation, and their read mark (decision 0072).
  repair_messages: { section: 'repairs' },
  repair_reads: { section: 'repairs' },
  // A trade's quotes for repairs, with its profile (decision 0071).
  repair_quotes: { section: 'contractorProfile' },
  forum_topics: { section: 'forumTopics' },
  forum_messages: { section: 'forumPosts' },
  contact_submissions: { section: 'contactMessages' },
  email_outbox: { section: 'emailsSent' },
  audit_log: { section: 'auditLog' },
  page_views: { section: 'pageViews' },
  subscriptions: { section: 'subscriptions' },
  invoices: { section: 'invoices' },
  refunds: { section: 'refunds' },
  subscription_reminders: { section: 'subscriptions' },
  compliance_records: { section: 'compliance' },
  compliance_reminders: { section: 'compliance' },
  viewing_notices: {
    excluded:
      'When the next grouped email about a viewing is due and its calendar sequence: the emails themselves are under emailsSent and the viewings under viewings.',
  },
  featured_pins: {
    excluded:
      'Which live listings an admin put first on the landing page and when: it names no one (who pinned is in the audit log).',
  },
  listing_version: { excluded: 'One counter for the search cache: it holds nothing about anyone.' },
  directory_version: {
    excluded: 'One counter for the kept pages that show trades: it holds nothing about anyone.',
  },
  payment_events: {
    excluded:
      "The payment provider's event ids and types, kept so a webhook is not processed twice: no person is named in it, and the payments they record are in subscriptions, invoices and refunds.",
  },
};
