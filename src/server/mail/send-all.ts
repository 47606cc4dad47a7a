// A job's batch of mail, sent a few at a time. One by one, a batch of 200 reminders took over a minute on a busy
// 2-core machine (each message is an outbox row, an SMTP exchange and a status update); the pooled SMTP transport
// keeps up to five connections open, so this many messages in flight use them without queueing behind each other.
import type { Db } from '../db/client';
import type { Mailer, MailMessage } from './mailer';
import { findStaleQueuedMail } from './outbox-queries';

/** A message of a job's kind still queued this long after it was stored was left by a process that stopped. */
export const STALE_QUEUED_MINUTES = 10;

/** Messages in flight at once: the SMTP pool's connections (nodemailer's default maxConnections). */
export const MAIL_CONCURRENCY = 5;

/** Runs `deliver` on every item, MAIL_CONCURRENCY at a time; resolves when all did. */
async function inFlight<T>(items: readonly T[], deliver: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await deliver(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(MAIL_CONCURRENCY, items.length) }, worker));
}

/** Send every message (each through the outbox, as `send` does), MAIL_CONCURRENCY at a time; resolves when all did. */
export function sendAll(mailer: Mailer, messages: readonly MailMessage[]): Promise<void> {
  return inFlight(messages, (message) => mailer.send(message));
}

/**
 * After the commit: deliver the messages `queueMail` stored in the job's transaction, and any of the job's `kind` a
 * stopped process left queued, the same few at a time. Each is claimed as it goes, so none goes twice.
 */
export async function sendQueuedAll(
  db: Db,
  mailer: Mailer,
  kind: string,
  outboxIds: readonly string[],
): Promise<void> {
  const stale = await findStaleQueuedMail(db, [kind], STALE_QUEUED_MINUTES);
  await inFlight([...new Set([...stale, ...outboxIds])], (id) => mailer.sendQueued(id));
}
