// Tenant forum (doc 2 "Tenant forum", §6: premium tenants only). Text is stored and returned as plain text;
// the client renders it as text, so markup in a post is shown, never run.

import { parseSaneInstant } from '../../../domain/dates';
import { AppError } from '../../../domain/errors';
import {
  forumAuthorName,
  type TCreateMessageRequest,
  type TCreateTopicRequest,
  type TForumMessage,
  type TForumTopic,
  type TMessagesPage,
  type TTopicsPage,
} from '../../../domain/forum';
import { type Actor, isAdmin } from '../../../domain/identity';
import { isUuid } from '../../../domain/ids';
import { mayUse } from '../../../domain/plans';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../plugins/sessions';
import {
  countTopics,
  deleteMessageRow,
  deleteTopicRow,
  findMessage,
  findMessagePosition,
  findTopic,
  hasMessagesBefore,
  insertAudit,
  insertMessage,
  insertTopic,
  listMessages,
  listTopics,
  type MessageRow,
  type Position,
  recountTopic,
  type TopicRow,
} from './queries';

export const FORUM_MEMBERS_ONLY =
  'The forum is for Tenant Premium members. Upgrade to Premium (£1/month) to join in.';

/** Premium tenants only (userType tenant and premium by the one rule, checked on this request). */
export function assertForumMember(user: SessionUser, premium: boolean): void {
  if (!mayUse({ user, premium }, 'forum'))
    throw new AppError('PREMIUM_REQUIRED', FORUM_MEMBERS_ONLY).withFeature('forum');
}

export function assertModerator(user: SessionUser): void {
  if (!isAdmin(user)) throw new AppError('ADMIN_REQUIRED');
}

function toTopic(row: TopicRow): TForumTopic {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    author: { id: row.authorId, name: forumAuthorName(row.authorFirstName, row.authorLastName) },
    messageCount: row.messageCount,
    lastActivityAt: row.lastActivityAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

function toMessage(row: MessageRow): TForumMessage {
  return {
    id: row.id,
    topicId: row.topicId,
    content: row.content,
    author: { id: row.authorId, name: forumAuthorName(row.authorFirstName, row.authorLastName) },
    createdAt: row.createdAt.toISOString(),
  };
}

function encodeCursor(p: Position): string {
  return Buffer.from(JSON.stringify([p.at.toISOString(), p.id])).toString('base64url');
}

/** `after` as a time; the schema admits only sane instants (domain/dates.ts), this says so again. */
function sinceTime(text: string): Date {
  const at = parseSaneInstant(text);
  if (!at)
    throw new AppError('VALIDATION_FAILED', 'Must be a message id or an ISO date', {
      after: ['Invalid date'],
    });
  return at;
}

function decodeCursor(cursor: string): Position {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const date = typeof at === 'string' ? parseSaneInstant(at) : null;
    if (typeof id === 'string' && isUuid(id) && date) return { at: date, id };
  } catch {
    // fall through
  }
  throw new AppError('VALIDATION_FAILED', 'This list has changed. Please reload it.', {
    cursor: ['Invalid cursor'],
  });
}

export async function listTopicsPage(
  ctx: AppContext,
  query: { cursor?: string; limit: number },
): Promise<TTopicsPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const [rows, total] = await Promise.all([listTopics(ctx.db, query.limit + 1, before), countTopics(ctx.db)]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    topics: page.map(toTopic),
    total,
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ at: last.lastActivityAt, id: last.id }) : null,
  };
}

export async function createTopic(
  ctx: AppContext,
  user: SessionUser,
  input: TCreateTopicRequest,
): Promise<TForumTopic> {
  const now = ctx.now();
  const id = await insertTopic(ctx.db, {
    userId: user.id,
    title: input.title,
    description: input.description,
    messageCount: 0,
    lastActivityAt: now,
    createdAt: now,
  });
  const topic = await findTopic(ctx.db, id);
  if (!topic) throw new AppError('INTERNAL');
  return toTopic(topic);
}

const TOPIC_NOT_FOUND = 'This topic no longer exists.';

export async function getMessagesPage(
  ctx: AppContext,
  topicId: string,
  query: { after?: string; before?: string; limit: number },
): Promise<TMessagesPage> {
  const topic = await findTopic(ctx.db, topicId);
  if (!topic) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
  const messageAt = async (messageId: string) => {
    const found = await findMessagePosition(ctx.db, topicId, messageId);
    if (!found) throw new AppError('NOT_FOUND', 'That message is no longer in this topic.');
    return found;
  };
  let page: Parameters<typeof listMessages>[3] = {};
  if (query.before) page = { before: await messageAt(query.before) };
  else if (query.after)
    page = isUuid(query.after)
      ? { after: await messageAt(query.after) }
      : { afterTime: sinceTime(query.after) };
  const rows = await listMessages(ctx.db, topicId, query.limit, page);
  const first = rows[0];
  const hasEarlier =
    page.after || page.afterTime
      ? true
      : first
        ? await hasMessagesBefore(ctx.db, topicId, { at: first.createdAt, id: first.id })
        : false;
  return { topic: toTopic(topic), messages: rows.map(toMessage), hasEarlier };
}

export async function postMessage(
  ctx: AppContext,
  user: SessionUser,
  topicId: string,
  input: TCreateMessageRequest,
): Promise<TForumMessage> {
  const now = ctx.now();
  const id = await ctx.db.transaction((tx) =>
    insertMessage(tx, { topicId, userId: user.id, content: input.content, createdAt: now }),
  );
  if (!id) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
  return {
    id,
    topicId,
    content: input.content,
    author: { id: user.id, name: forumAuthorName(user.firstName, user.lastName) },
    createdAt: now.toISOString(),
  };
}

/** An admin removes a topic and its messages; the audit log keeps who, when and what. */
export async function deleteTopic(
  ctx: AppContext,
  moderator: Actor<SessionUser>,
  topicId: string,
): Promise<void> {
  assertModerator(moderator.user);
  await ctx.db.transaction(async (tx) => {
    const topic = await deleteTopicRow(tx, topicId);
    if (!topic) throw new AppError('NOT_FOUND', TOPIC_NOT_FOUND);
    await insertAudit(tx, {
      actorId: moderator.user.id,
      actorEmail: moderator.user.email,
      action: 'forum.topic.delete',
      targetType: 'forum_topic',
      targetId: topic.id,
      before: { title: topic.title, authorId: topic.userId, messageCount: topic.messageCount },
      ip: moderator.ip,
      createdAt: ctx.now(),
    });
  });
}

/** An admin removes one message; the topic's count and last activity follow. */
export async function deleteMessage(
  ctx: AppContext,
  moderator: Actor<SessionUser>,
  messageId: string,
): Promise<void> {
  assertModerator(moderator.user);
  await ctx.db.transaction(async (tx) => {
    const message = await findMessage(tx, messageId);
    if (!message) throw new AppError('NOT_FOUND', 'This message no longer exists.');
    await deleteMessageRow(tx, messageId);
    await recountTopic(tx, message.topicId);
    await insertAudit(tx, {
      actorId: moderator.user.id,
      actorEmail: moderator.user.email,
      action: 'forum.message.delete',
      targetType: 'forum_message',
      targetId: message.id,
      before: { topicId: message.topicId, authorId: message.userId, content: message.content.slice(0, 500) },
      ip: moderator.ip,
      createdAt: ctx.now(),
    });
  });
}
