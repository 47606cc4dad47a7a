// Enquiries and conversations (issue 13): the request shapes, limits and the rules both sides of the app share:
// the scam shield's warnings and the landlord's response-time label. Issue 28: the first enquiry asks only what a
// landlord may use before a viewing (docs/decisions/0048-what-an-enquiry-may-ask.md), and the shield also warns both
// sides about wording the law forbids (./conversation-law.ts).
import { z } from 'zod';
import { ZLawWarning } from './conversation-law';
import { ZCalendarDay } from './date-schemas';
import { LIMITS } from './limits';

export const MESSAGE_MIN = 1;
export const MESSAGE_MAX = 2000;
export const ENQUIRY_MIN = 10;
/** A tenant opens at most this many new conversations in 24 hours. */
export const NEW_CONVERSATIONS_PER_DAY = LIMITS.newConversationsPerUser.max;
/** At most one new-message email per conversation and recipient in this window. */
export const MESSAGE_EMAIL_WINDOW_MS = 15 * 60 * 1000;
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 50;
export const REPORT_REASON_MAX = 1000;
/** The response time shows once a landlord has this many enquiries to judge by. */
export const RESPONSE_TIME_MIN_ENQUIRIES = 3;

export const CONVERSATION_MESSAGES = {
  messageRequired: 'Please write a message',
  enquiryTooShort: `Please write at least ${ENQUIRY_MIN} characters so the landlord knows what you are asking`,
  messageTooLong: `Messages can be at most ${MESSAGE_MAX.toLocaleString('en-GB')} characters`,
  notFound: 'Conversation not found',
  ownListing: 'This is your own listing: tenants enquire here, and you reply from your inbox.',
  notLive: 'This home is no longer taking enquiries.',
  tenantsOnly: 'Enquiries are for tenant accounts.',
  tooManyNew: `You can start up to ${NEW_CONVERSATIONS_PER_DAY} new conversations a day. Please try again tomorrow.`,
  blocked: 'You cannot message this person.',
  readOnly: 'Admins can read a reported conversation but not write in it.',
  otherPartyDeleted:
    'This person deleted their account. The conversation is kept for you to read (and report), but no one will receive a new message.',
  reasonRequired: 'Please say what is wrong',
  cannotBlockSelf: 'You cannot block yourself.',
} as const;

const messageBody = (min: number, minMessage: string) =>
  z
    .string({ error: CONVERSATION_MESSAGES.messageRequired })
    .trim()
    .min(1, CONVERSATION_MESSAGES.messageRequired)
    .min(min, minMessage)
    .max(MESSAGE_MAX, CONVERSATION_MESSAGES.messageTooLong);

const optionalCount = (max: number, label: string, min = 0) =>
  z
    .union([
      z
        .number({ error: `${label} must be a whole number` })
        .int(`${label} must be a whole number`)
        .min(min, min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}`)
        .max(max, `${label} can be at most ${max}`),
      z.null(),
    ])
    .optional()
    .transform((v) => v ?? null);

/** The most people an enquiry can say would live in the home. */
export const OCCUPANTS_MAX = 20;

/**
 * Fields the first enquiry no longer asks (issue 28): a landlord may not refuse a tenant because they have children
 * or receive benefits, and needs neither (nor an employment status) before a viewing. A request naming one is
 * refused with a 400 that names it, so no older client sends them silently into a landlord's view.
 */
export const RETIRED_ENQUIRY_FIELDS = {
  children:
    'We no longer ask how many children will live in the home: a landlord may not use it. Give the number of people instead.',
  adults: 'Give the number of people who would live in the home (occupants) instead of adults and children.',
  employmentStatus:
    'We no longer ask for an employment status in an enquiry: affordability is checked only when you apply, and only if you choose to share it.',
} as const;
const retired = (message: string) => z.never({ error: message }).optional();

/** Set to send a message the law's wording rules warned about, once the sender has read the warning. */
const confirmLawWarnings = z
  .boolean({ error: 'Confirm must be true or false' })
  .optional()
  .transform((v) => v ?? false)
  .describe('The sender read the law warnings for this text and sends it anyway');

export const ZEnquiryRequest = z.strictObject({
  message: messageBody(ENQUIRY_MIN, CONVERSATION_MESSAGES.enquiryTooShort),
  moveInDate: z
    .union([ZCalendarDay('Please choose a valid move-in date'), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  occupants: optionalCount(OCCUPANTS_MAX, 'The number of people', 1),
  pets: z
    .boolean({ error: 'Pets must be yes or no' })
    .nullish()
    .transform((v) => v ?? null),
  confirmLawWarnings,
  adults: retired(RETIRED_ENQUIRY_FIELDS.adults),
  children: retired(RETIRED_ENQUIRY_FIELDS.children),
  employmentStatus: retired(RETIRED_ENQUIRY_FIELDS.employmentStatus),
});
export type TEnquiryRequest = z.output<typeof ZEnquiryRequest>;
/** What an enquiry tells the landlord besides its message: nothing else is stored or shown. */
export interface TEnquiryDetails {
  moveInDate: string | null;
  occupants: number | null;
  pets: boolean | null;
}
/** Only the keys a landlord may see, whatever an older row holds (the migration 0012 strips the rest). */
export function enquiryDetailsOf(stored: unknown): TEnquiryDetails | null {
  if (!stored || typeof stored !== 'object') return null;
  const row = stored as Record<string, unknown>;
  return {
    moveInDate: typeof row.moveInDate === 'string' ? row.moveInDate : null,
    occupants: typeof row.occupants === 'number' ? row.occupants : null,
    pets: typeof row.pets === 'boolean' ? row.pets : null,
  };
}

export const ZMessageRequest = z.strictObject({
  body: messageBody(MESSAGE_MIN, CONVERSATION_MESSAGES.messageRequired),
  confirmLawWarnings,
});
export type TMessageRequest = z.output<typeof ZMessageRequest>;

export const ZReportRequest = z.strictObject({
  reason: z
    .string({ error: CONVERSATION_MESSAGES.reasonRequired })
    .trim()
    .min(1, CONVERSATION_MESSAGES.reasonRequired)
    .max(REPORT_REASON_MAX, `Must be at most ${REPORT_REASON_MAX} characters`),
});

const pageNumber = z.coerce.number().int().min(1).max(10_000).catch(1);
export const ZConversationListQuery = z.object({ page: pageNumber.optional() });
export const ZMessageListQuery = z.object({
  /** Messages after this one (its id), for polling; else the latest page. */
  after: z.uuid().optional().catch(undefined),
  page: pageNumber.optional(),
});

// ---- replies (response schemas of the OpenAPI document; the types are read from them) ----

const isoInstant = z.string().describe('ISO 8601 instant');
export type ConversationKind = 'enquiry' | 'quote';

export const ZConversationSummary = z
  .object({
    id: z.uuid(),
    kind: z.enum(['enquiry', 'quote']),
    subject: z
      .object({
        title: z.string(),
        href: z.string().nullable(),
        removed: z
          .boolean()
          .describe('The listing was deleted: the title is as it was, with no link (decision 0051)'),
      })
      .describe("What it is about: the listing's or the job's title, with a link"),
    otherParty: z.object({
      id: z.uuid(),
      name: z.string(),
      deleted: z
        .boolean()
        .describe('They deleted their account: named "Deleted user", and no longer written to'),
    }),
    role: z
      .enum(['starter', 'owner'])
      .describe("The reader's side: they asked (starter) or they own the listing or business (owner)"),
    lastMessage: z
      .object({ body: z.string(), at: isoInstant, fromMe: z.boolean(), system: z.boolean() })
      .nullable(),
    unread: z.number().int(),
    blocked: z.boolean(),
  })
  .meta({ id: 'ConversationSummary' });
export type TConversationSummary = z.output<typeof ZConversationSummary>;

/** GET /api/conversations: a page of the inbox, most recent first. */
export const ZConversationPage = z
  .object({ conversations: z.array(ZConversationSummary), page: z.number().int(), hasMore: z.boolean() })
  .meta({ id: 'ConversationPage' });
export type TConversationPage = z.output<typeof ZConversationPage>;

const SCAM_WARNINGS = ['payment', 'bank', 'offsite'] as const;
export type ScamWarning = (typeof SCAM_WARNINGS)[number];

export const SCAM_WARNING_TEXT: Record<ScamWarning, string> = {
  payment:
    'This message asks for money before a viewing. Never pay a deposit or holding fee for a home you have not seen.',
  bank: 'This message contains bank details. Be wary of paying anyone you have not met at a viewing.',
  offsite:
    'This message tries to move the conversation off Your Place. Keep talking here until a viewing is booked: it protects you if something goes wrong.',
};

/** The enquiry's details, on the message that carried them. */
const ZEnquiryDetails = z.object({
  moveInDate: z.string().nullable().describe('A calendar day, YYYY-MM-DD'),
  occupants: z.number().int().nullable().describe('How many people would live in the home'),
  pets: z.boolean().nullable(),
});

export const ZMessage = z
  .object({
    id: z.uuid(),
    body: z.string(),
    at: isoInstant,
    system: z.boolean(),
    fromMe: z.boolean(),
    senderName: z.string().nullable(),
    details: ZEnquiryDetails.nullable().describe('Enquiry details, on the message that carried them'),
    warnings: z
      .array(z.enum(SCAM_WARNINGS))
      .describe('Shown to the reader beside a message from the other side (the scam shield)'),
    lawWarnings: z
      .array(ZLawWarning)
      .describe(
        'Wording the law forbids in a tenancy (bidding, rent in advance, discrimination): shown to both sides, with what the law allows',
      ),
  })
  .meta({ id: 'Message' });
export type TMessage = z.output<typeof ZMessage>;

/** GET /api/conversations/{id}/messages: the conversation and a page of its messages. */
export const ZMessagePage = z.object({
  conversation: ZConversationSummary.extend({
    readOnly: z.boolean(),
    heldIdentities: z
      .array(
        z.object({
          userId: z.uuid(),
          name: z.string(),
          email: z.string(),
          phone: z.string().nullable(),
        }),
      )
      .describe(
        'Admins only (empty for anyone else): who a side that deleted their account was, kept while a report holds the conversation (decision 0051)',
      ),
    leadId: z.uuid().nullable(),
    propertyId: z.uuid().nullable(),
  }),
  messages: z.array(ZMessage),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type TMessagePage = z.output<typeof ZMessagePage>;

export const ZUnread = z.object({ unread: z.number().int() });
export const ZBlocked = z.object({ blocked: z.boolean() });
export const ZReported = z.object({ id: z.uuid(), message: z.string() });
/** GET /api/conversations/summary: the reader's enquiries, unread count and (as a landlord) response time. */
export const ZEnquirySummary = z.object({
  enquiries: z.number().int(),
  unread: z.number().int(),
  responseTime: z.string().nullable(),
});
/** GET /api/admin/reports: the newest 100 reports of a status. */
export const ZReportList = z.object({
  reports: z.array(
    z.object({
      id: z.uuid(),
      conversationId: z.uuid(),
      reason: z.string(),
      status: z.enum(['open', 'closed']),
      createdAt: isoInstant,
      reporter: z.string().describe('Their name, else their email, else "A deleted account"'),
      subject: z.string(),
    }),
  ),
});

const PAYMENT_WORDS =
  /\b(deposit|holding fee|advance|upfront|up front|first month'?s? rent|pay(ment)?|transfer|wire|western union|moneygram|gift card|bitcoin|crypto)\b/i;
const PAYMENT_ASK =
  /\b(send|pay|transfer|wire|deposit|secure|reserve|hold)\b[^.?!]{0,60}\b(money|deposit|fee|rent|£\s?\d|\d+\s?(pounds|gbp))/i;
const SORT_CODE = /\b\d{2}[- ]\d{2}[- ]\d{2}\b/;
const ACCOUNT_NUMBER = /\b(account( number| no\.?)?|acc(ount)? no\.?)\s*[:#]?\s*\d{8}\b/i;
const IBAN = /\b[A-Z]{2}\d{2}\s?(?:[A-Z0-9]{4}\s?){2,7}[A-Z0-9]{1,4}\b/;
const EMAIL = /[^\s@<>]+@[^\s@<>]+\.[a-z]{2,}/i;
/** UK phone numbers as people type them: 07700 900123, +44 7700 900123, 020 7946 0000, (0113) 496 0000. */
const PHONE = /(?:\+44\s?\(?0?\)?\s?|\(?0)\d{2,4}\)?[\s-]?\d{3,4}[\s-]?\d{3,4}\b/;
const OFFSITE_WORDS = /\b(whats ?app|telegram|signal app|text me|call me on|email me at)\b/i;

/**
 * The scam shield (issue 13): what a reader should be warned about in a message from the other side. Asking for
 * payment and bank details are always flagged; contact details and "message me elsewhere" only until a viewing
 * is booked, when swapping numbers becomes normal.
 */
export function scamWarnings(body: string, context: { viewingBooked: boolean }): ScamWarning[] {
  const warnings: ScamWarning[] = [];
  if (!context.viewingBooked && PAYMENT_WORDS.test(body) && PAYMENT_ASK.test(body)) warnings.push('payment');
  if (SORT_CODE.test(body) || ACCOUNT_NUMBER.test(body) || IBAN.test(body)) warnings.push('bank');
  if (!context.viewingBooked && (EMAIL.test(body) || PHONE.test(body) || OFFSITE_WORDS.test(body)))
    warnings.push('offsite');
  return warnings;
}

/**
 * "Usually replies within a day", from the landlord's real first replies: the median of their reply delays over
 * enquiries, once there are RESPONSE_TIME_MIN_ENQUIRIES to judge by. An enquiry never answered counts as slower
 * than any answered one. Null when there are too few to say.
 */
export function responseTimeLabel(delaysMs: Array<number | null>): string | null {
  if (delaysMs.length < RESPONSE_TIME_MIN_ENQUIRIES) return null;
  const sorted = [...delaysMs].sort(
    (a, b) => (a ?? Number.POSITIVE_INFINITY) - (b ?? Number.POSITIVE_INFINITY),
  );
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const HOUR = 3_600_000;
  if (median === null) return 'Usually slow to reply';
  if (median <= HOUR) return 'Usually replies within an hour';
  if (median <= 4 * HOUR) return 'Usually replies within a few hours';
  if (median <= 24 * HOUR) return 'Usually replies within a day';
  if (median <= 72 * HOUR) return 'Usually replies within a few days';
  return 'Usually slow to reply';
}
