import { and, asc, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { auditLog, forumMessages, forumTopics, users } from '../../db/schema';

const topicColumns = {
  id: forumTopics.id,
  title: forumTopics.title,
  description: forumTopics.description,
  messageCount: forumTopics.messageCount,
  lastActivityAt: forumTopics.lastActivityAt,
  createdAt: forumTopics.createdAt,
  authorId: forumTopics.userId,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};
export type TopicRow = {
  id: string;
  title: string;
  description: string;
  messageCount: number;
  lastActivityAt: Date;
  createdAt: Date;
  authorId: string;
  authorFirstName: string;
  authorLastName: string;
};

const messageColumns = {
  id: forumMessages.id,
  topicId: forumMessages.topicId,
  content: forumMessages.content,
  createdAt: forumMessages.createdAt,
  authorId: forumMessages.userId,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};
export type MessageRow = {
  id: string;
  topicId: string;
  content: string;
  createdAt: Date;
  authorId: string;
  authorFirstName: string;
  authorLastName: string;
};

/** A position in an ordering of (time, id): keyset pages never skip or repeat rows. */
export interface Position {
  at: Date;
  id: string;
}

/** Newest activity first; `before` continues after the last topic of the previous page. */
export async function listTopics(db: Executor, limit: number, before?: Position): Promise<TopicRow[]> {
  return db
    .select(topicColumns)
    .from(forumTopics)
    .innerJoin(users, eq(users.id, forumTopics.userId))
    .where(
      before
        ? sql`(${forumTopics.lastActivityAt}, ${forumTopics.id}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(forumTopics.lastActivityAt), desc(forumTopics.id))
    .limit(limit);
}

export async function countTopics(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(forumTopics);
  return row?.n ?? 0;
}

export async function findTopic(db: Executor, id: string): Promise<TopicRow | undefined> {
  const [row] = await db
    .select(topicColumns)
    .from(forumTopics)
    .innerJoin(users, eq(users.id, forumTopics.userId))
    .where(eq(forumTopics.id, id));
  return row;
}

export async function insertTopic(db: Executor, values: typeof forumTopics.$inferInsert) {
  const [row] = await db.insert(forumTopics).values(values).returning({ id: forumTopics.id });
  return row.id;
}

export async function findMessagePosition(
  db: Executor,
  topicId: string,
  messageId: string,
): Promise<Position | undefined> {
  const [row] = await db
    .select({ at: forumMessages.createdAt, id: forumMessages.id })
    .from(forumMessages)
    .where(and(eq(forumMessages.id, messageId), eq(forumMessages.topicId, topicId)));
  return row;
}

const position = (p: Position) => sql`(${p.at.toISOString()}::timestamptz, ${p.id}::uuid)`;
const messageKey = sql`(${forumMessages.createdAt}, ${forumMessages.id})`;

/** Messages of a topic, oldest first: the latest page, the page before a message, or everything after one. */
export async function listMessages(
  db: Executor,
  topicId: string,
  limit: number,
  page: { before?: Position; after?: Position; afterTime?: Date },
): Promise<MessageRow[]> {
  const conditions: SQL[] = [eq(forumMessages.topicId, topicId)];
  if (page.before) conditions.push(sql`${messageKey} < ${position(page.before)}`);
  if (page.after) conditions.push(sql`${messageKey} > ${position(page.after)}`);
  if (page.afterTime) conditions.push(gt(forumMessages.createdAt, page.afterTime));
  const forward = !!(page.after || page.afterTime);
  const rows = await db
    .select(messageColumns)
    .from(forumMessages)
    .innerJoin(users, eq(users.id, forumMessages.userId))
    .where(and(...conditions))
    .orderBy(
      forward ? asc(forumMessages.createdAt) : desc(forumMessages.createdAt),
      forward ? asc(forumMessages.id) : desc(forumMessages.id),
    )
    .limit(limit);
  return forward ? rows : rows.reverse();
}

export async function hasMessagesBefore(db: Executor, topicId: string, first: Position): Promise<boolean> {
  const [row] = await db
    .select({ id: forumMessages.id })
    .from(forumMessages)
    .where(and(eq(forumMessages.topicId, topicId), sql`${messageKey} < ${position(first)}`))
    .limit(1);
  return !!row;
}

/** A new message and its topic's count and activity, together. */
export async function insertMessage(
  tx: Tx,
  values: { topicId: string; userId: string; content: string; createdAt: Date },
): Promise<string | null> {
  const [topic] = await tx
    .update(forumTopics)
    .set({
      messageCount: sql`${forumTopics.messageCount} + 1`,
      lastActivityAt: values.createdAt,
    })
    .where(eq(forumTopics.id, values.topicId))
    .returning({ id: forumTopics.id });
  if (!topic) return null;
  const [row] = await tx.insert(forumMessages).values(values).returning({ id: forumMessages.id });
  return row.id;
}

export async function findMessage(db: Executor, id: string) {
  const [row] = await db.select().from(forumMessages).where(eq(forumMessages.id, id));
  return row;
}

export async function deleteTopicRow(db: Executor, id: string) {
  const [row] = await db.delete(forumTopics).where(eq(forumTopics.id, id)).returning();
  return row;
}

export async function deleteMessageRow(db: Executor, id: string) {
  const [row] = await db.delete(forumMessages).where(eq(forumMessages.id, id)).returning();
  return row;
}

/** Count and last activity recomputed from what is left (after a moderator removes a message). */
export async function recountTopic(db: Executor, topicId: string) {
  await db
    .update(forumTopics)
    .set({
      messageCount: sql`(select count(*)::int from ${forumMessages} where ${forumMessages.topicId} = ${topicId})`,
      lastActivityAt: sql`greatest(${forumTopics.createdAt}, coalesce((select max(${forumMessages.createdAt}) from ${forumMessages} where ${forumMessages.topicId} = ${topicId}), ${forumTopics.createdAt}))`,
    })
    .where(eq(forumTopics.id, topicId));
}

export async function insertAudit(db: Executor, entry: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(entry);
}
