// The mail layer: every message is written to the outbox table, then sent through nodemailer.
// With SMTP_URL it goes to that server; without, nodemailer's JSON transport renders it and the log prints it.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is for: password_reset, forgot_username, welcome, alert, lead, moderation, ... */
  kind: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ id: string; status: 'sent' | 'failed' }>;
  close(): void;
}

export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });

  return {
    async send(message) {
      const [row] = await opts.db
        .insert(emailOutbox)
        .values({
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
          kind: message.kind,
        })
        .returning({ id: emailOutbox.id });
      try {
        await transport.sendMail({
          from: opts.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        await opts.db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date() })
          .where(eq(emailOutbox.id, row.id));
        if (!opts.smtpUrl) {
          opts.log.info(
            { outboxId: row.id, to: message.to, subject: message.subject, kind: message.kind },
            `mail (outbox): ${message.text}`,
          );
        }
        return { id: row.id, status: 'sent' as const };
      } catch (err) {
        opts.log.error({ err, outboxId: row.id }, 'mail delivery failed');
        await opts.db
          .update(emailOutbox)
          .set({ status: 'failed', error: String((err as Error).message).slice(0, 500) })
          .where(eq(emailOutbox.id, row.id));
        return { id: row.id, status: 'failed' as const };
      }
    },
    close() {
      transport.close();
    },
  };
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
