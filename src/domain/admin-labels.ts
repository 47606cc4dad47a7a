// How the admin pages name what the database stores as codes (issue 30 item 6: "admin shows labels, not raw values",
// decision 0057 did the review panel, decision 0062 the rest). The audit log's actions, targets and changes, account
// types and roles read as words, days as "5 January 2027" and instants as "5 Jan 2027, 10:00" (UK time). A code no
// table knows is shown as it is, so a new action is never hidden.
import { PROPERTY_TYPE_LABELS, type PropertyType, type Role, type UserType } from './constants';

export const USER_TYPE_WORDS: Record<UserType, string> = {
  tenant: 'Tenant',
  landlord: 'Landlord',
  contractor: 'Contractor',
};

export const ROLE_WORDS: Record<Role, string> = {
  user: 'Member',
  admin: 'Admin',
  super_admin: 'Super admin',
};

/** An account's type in words; staff accounts (admins) have none. */
export function userTypeWords(userType: string | null | undefined): string {
  if (!userType) return 'Staff';
  return Object.hasOwn(USER_TYPE_WORDS, userType) ? USER_TYPE_WORDS[userType as UserType] : userType;
}

/** Every action the audit log records (src/server: `audit(…, { action })`), as a sentence's start. */
export const AUDIT_ACTION_WORDS: Record<string, string> = {
  'admin.login.success': 'Admin signed in',
  'admin.login.failure': 'Admin sign-in refused',
  'admin.logout': 'Admin signed out',
  'content.approve': 'Submission approved',
  'content.reject': 'Submission rejected',
  'contact.update': 'Contact message updated',
  'user.delete': 'User deleted',
  'account.delete': 'Account deleted by its owner',
  'account.data_export': 'Data export downloaded',
  'premium.grant': 'Premium granted',
  'premium.grant_trial': 'Trial granted',
  'premium.revoke': 'Premium revoked',
  'impersonation.start': 'Demo session started',
  'impersonation.stop': 'Demo session ended',
  'live_content.create': 'Live content published',
  'property.delete': 'Property deleted',
  'contractor.delete': 'Contractor deleted',
  'conversation.read': 'Reported conversation read',
  'report.close': 'Report closed',
  'forum.topic.delete': 'Forum topic deleted',
  'forum.message.delete': 'Forum message deleted',
  'trade_check.recorded': 'Trade check recorded',
  'trade_check.revoked': 'Trade check revoked',
  'featured.pin': 'Featured home pinned',
  'featured.unpin': 'Featured home unpinned',
};

export const AUDIT_TARGET_WORDS: Record<string, string> = {
  user: 'User',
  property: 'Property',
  contractor: 'Contractor',
  content_submission: 'Submission',
  contact_submission: 'Contact message',
  conversation: 'Conversation',
  conversation_report: 'Report',
  forum_topic: 'Forum topic',
  forum_message: 'Forum message',
  admin_session: 'Admin session',
  trade_check: 'Trade check',
};

const words = (table: Record<string, string>, code: string | null | undefined): string =>
  !code ? '' : Object.hasOwn(table, code) ? table[code] : code;

export const auditActionWords = (action: string) => words(AUDIT_ACTION_WORDS, action);
export const auditTargetWords = (targetType: string | null | undefined) =>
  words(AUDIT_TARGET_WORDS, targetType);

/** The fields audit entries record, named as the pages name them; others are split from camelCase. */
const FIELD_WORDS: Record<string, string> = {
  isPremium: 'Premium',
  premiumUntil: 'Premium until',
  submissionStatus: 'Status',
  adminNotes: 'Notes',
  userType: 'Account type',
  demoEmail: 'Demo account',
  landlordId: 'Landlord',
  authorId: 'Author',
  topicId: 'Topic',
  conversationId: 'Conversation',
  subscriptionPlan: 'Plan',
  firstName: 'First name',
  lastName: 'Last name',
  via: 'Signed in at',
  liveUntil: 'Live until',
  messageCount: 'Messages',
};

export function fieldWords(key: string): string {
  if (Object.hasOwn(FIELD_WORDS, key)) return FIELD_WORDS[key];
  const spaced = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Stored states and choices, in words. */
const CODE_WORDS: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  unread: 'Unread',
  read: 'Read',
  replied: 'Replied',
  live: 'Live',
  paused: 'Paused',
  let: 'Let',
  withdrawn: 'Withdrawn',
  open: 'Open',
  closed: 'Closed',
  part_furnished: 'Part furnished',
  furnished: 'Furnished',
  unfurnished: 'Unfurnished',
  ...USER_TYPE_WORDS,
  ...ROLE_WORDS,
  ...(PROPERTY_TYPE_LABELS satisfies Record<PropertyType, string>),
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const dayWords = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const instantWords = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** One recorded value in words: Yes/No, a day or an instant in UK form with the year, a known code's label. */
export function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-GB');
  if (typeof value === 'string') {
    if (DAY.test(value)) {
      const date = new Date(`${value}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? value : dayWords.format(date);
    }
    if (INSTANT.test(value)) {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? value : instantWords.format(date);
    }
    return Object.hasOwn(CODE_WORDS, value) ? CODE_WORDS[value] : value;
  }
  if (Array.isArray(value)) return value.length ? value.map(valueWords).join(', ') : '—';
  return JSON.stringify(value);
}

export interface TChangeLine {
  label: string;
  before: string | null;
  after: string | null;
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/**
 * An audit entry's before and after as lines in words, field by field in the order recorded: a field only one side
 * has shows just that side. A side that is not an object (an old entry) is one line, "Details".
 */
export function changeLines(before: unknown, after: unknown): TChangeLine[] {
  const b = asRecord(before);
  const a = asRecord(after);
  const lines: TChangeLine[] = [];
  if ((before !== null && before !== undefined && !b) || (after !== null && after !== undefined && !a)) {
    return [
      {
        label: 'Details',
        before: before === null || before === undefined ? null : valueWords(before),
        after: after === null || after === undefined ? null : valueWords(after),
      },
    ];
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  for (const key of keys) {
    lines.push({
      label: fieldWords(key),
      before: b && Object.hasOwn(b, key) ? valueWords(b[key]) : null,
      after: a && Object.hasOwn(a, key) ? valueWords(a[key]) : null,
    });
  }
  return lines;
}
