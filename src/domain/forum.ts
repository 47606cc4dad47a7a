// Tenant forum contracts (doc 2 "Tenant forum", §5: non-empty trimmed title, description and content).
// Text is plain text end to end: stored as typed (trimmed), returned as JSON strings, rendered as text.
import { z } from 'zod';
import { MAX_YEAR, MIN_YEAR, parseSaneInstant } from './dates';
import { LIMITS } from './limits';

export const FORUM_LIMITS = {
  titleMax: 120,
  descriptionMax: 2000,
  messageMax: 2000,
  topicsPageSize: 20,
  messagesPageSize: 50,
  pageSizeMax: 100,
  /** Posting limits per user (429 beyond them). */
  topicsPerHour: LIMITS.forumTopicsPerUser.max,
  messagesPerTenMinutes: LIMITS.forumMessagesPerUser.max,
  /** The thread polls for new messages this often. */
  pollMs: 5000,
} as const;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const ZCreateTopicRequest = z.strictObject({
  title: requiredText('Title', FORUM_LIMITS.titleMax),
  description: requiredText('Description', FORUM_LIMITS.descriptionMax),
});
export type TCreateTopicRequest = z.infer<typeof ZCreateTopicRequest>;

export const ZCreateMessageRequest = z.strictObject({
  content: requiredText('Message', FORUM_LIMITS.messageMax),
});
export type TCreateMessageRequest = z.infer<typeof ZCreateMessageRequest>;

const pageSize = (fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(FORUM_LIMITS.pageSizeMax, `limit must be at most ${FORUM_LIMITS.pageSizeMax}`)
    .default(fallback);

/** GET /api/forum/topics: newest activity first, keyset pages (`cursor` from the previous page). */
export const ZTopicsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: pageSize(FORUM_LIMITS.topicsPageSize),
});

const ZMessageRef = z
  .string()
  .max(100)
  .refine(
    (v) => z.uuid().safeParse(v).success || parseSaneInstant(v) !== null,
    `Must be a message id or an ISO date between ${MIN_YEAR} and ${MAX_YEAR}`,
  );

/**
 * GET /api/forum/topics/{id}/messages: the latest page in order (oldest first); `before` pages back,
 * `after` (a message id or an ISO time) returns what arrived since, for polling.
 */
export const ZMessagesQuery = z
  .object({
    after: ZMessageRef.optional(),
    before: z.uuid('before must be a message id').optional(),
    limit: pageSize(FORUM_LIMITS.messagesPageSize),
  })
  .refine((q) => !(q.after && q.before), {
    message: 'Use either after or before, not both',
    path: ['after'],
  });

/** Who wrote a topic or message: an object, where the spec names a bare userId (decision 0025). */
export const ZForumAuthor = z
  .object({ id: z.uuid(), name: z.string().describe('First name and last initial ("Priya S.")') })
  .meta({ id: 'ForumAuthor' });
export type TForumAuthor = z.output<typeof ZForumAuthor>;

export const ZForumTopic = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    author: ZForumAuthor,
    messageCount: z.number().int(),
    lastActivityAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ForumTopic' });
export type TForumTopic = z.output<typeof ZForumTopic>;

export const ZForumMessage = z
  .object({
    id: z.uuid(),
    topicId: z.uuid(),
    content: z.string(),
    author: ZForumAuthor,
    createdAt: z.string(),
  })
  .meta({ id: 'ForumMessage' });
export type TForumMessage = z.output<typeof ZForumMessage>;

/** GET /api/forum/topics (an envelope, not the spec's bare list: decision 0025). */
export const ZTopicsPage = z
  .object({
    topics: z.array(ZForumTopic),
    total: z.number().int(),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'TopicsPage' });
export type TTopicsPage = z.output<typeof ZTopicsPage>;

/** GET /api/forum/topics/{id}/messages: the topic and a page of its messages, oldest first. */
export const ZMessagesPage = z
  .object({
    topic: ZForumTopic,
    messages: z.array(ZForumMessage),
    hasEarlier: z.boolean().describe('Older messages exist before the first one returned'),
  })
  .meta({ id: 'MessagesPage' });
export type TMessagesPage = z.output<typeof ZMessagesPage>;

/** The name the forum shows: first name and last initial ("Priya S."), never the full surname or email. */
export function forumAuthorName(firstName?: string | null, lastName?: string | null): string {
  const first = firstName?.trim() || 'Member';
  const initial = lastName?.trim()?.[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
