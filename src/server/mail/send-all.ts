// A job's batch of mail, sent a few at a time. One by one, a batch of 200 reminders took over a minute on a busy
// 2-core machine (each message is an outbox row, an SMTP exchange and a status update); the pooled SMTP transport
// keeps up to five connections open, so this many messages in flight use them without queueing behind each other.
import type { Mailer, MailMessage } from './mailer';

/** Messages in flight at once: the SMTP pool's connections (nodemailer's default maxConnections). */
export const MAIL_CONCURRENCY = 5;

/** Send every message (each through the outbox, as `send` does), MAIL_CONCURRENCY at a time; resolves when all did. */
export async function sendAll(mailer: Mailer, messages: readonly MailMessage[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < messages.length) {
      const message = messages[next++] as MailMessage;
      await mailer.send(message);
    }
  };
  await Promise.all(Array.from({ length: Math.min(MAIL_CONCURRENCY, messages.length) }, worker));
}
