// The mail layer: every message is recorded in the outbox table, then sent through nodemailer: to the SMTP server
// at SMTP_URL, or (development, or MAIL_TRANSPORT=files) written as an .eml file under DATA_DIR/mail.
//
// Secrets never rest in the outbox and never reach the log: a message's `secret` (a reset or confirmation link) is
// replaced in the stored copy, which is written before sending, and the log names a message (id, kind, recipient),
// never its body. Mail that anyone can make us send to any address (sign-up, recovery, contact receipts) is limited
// per recipient, so the site cannot be used to flood a mailbox from many IP addresses.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { LIMITS } from '../../domain/limits';
import type { Db, Executor } from '../db/client';
import {
  claimQueuedMessage,
  countRecentMail,
  countUnsentMail,
  insertOutboxMessage,
  markOutboxMessage,
} from './outbox-queries';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is for: password_reset, forgot_username, welcome, alert, lead, moderation, ... */
  kind: string;
  /** A value only the recipient may see (a one-time link): delivered, but replaced in the stored copy. */
  secret?: string;
  /** Files sent with it (a viewing's .ics); the outbox keeps their names and types. */
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
}

export type SendStatus = 'sent' | 'failed' | 'limited' | 'undeliverable';

export interface Mailer {
  /**
   * `limited`: an unsolicited kind over its per-recipient limit; `undeliverable`: an address under RFC 6761's
   * `.invalid` (a deleted account's). Either way nothing was stored or sent.
   */
  send(message: MailMessage): Promise<{ id: string | null; status: SendStatus }>;
  /**
   * Delivers a message `queueMail` stored in a transaction that has since committed. Null when it was not waiting
   * (another instance took it, or it went already): nobody gets it twice.
   */
  sendQueued(id: string): Promise<{ id: string; status: 'sent' | 'failed' } | null>;
  /** The outbox's backlog for /metrics: messages of the last week not sent yet, or failed. */
  unsent(): Promise<{ queued: number; failed: number }>;
  close(): void;
}

/**
 * A message decided inside a transaction and stored there (`queueMail`): what is stored is what is sent, so it
 * carries no secret and no file.
 */
export type QueuedMessage = Omit<MailMessage, 'secret' | 'attachments'>;

/** What a stored copy says where a secret link was. */
export const REDACTED = '[link removed once sent]';

/**
 * Kinds a stranger can make us send to an address they choose (sign-up, quick sign-up, recovery, contact receipt,
 * a new sign-in address): at most MAIL_PER_RECIPIENT_PER_HOUR of them to one address in an hour, whatever the IP.
 */
export const UNSOLICITED_KINDS = [
  'welcome',
  'set_password',
  'password_reset',
  'forgot_username',
  'contact_receipt',
  'email_change_confirm',
] as const;
export const MAIL_PER_RECIPIENT_PER_HOUR = LIMITS.unsolicitedMailPerRecipient.max;

export interface MailerOptions {
  db: Db;
  transport: 'smtp' | 'files';
  smtpUrl?: string;
  /** Where `files` writes messages (DATA_DIR/mail). */
  mailDir: string;
  from: string;
  log: FastifyBaseLogger;
}

/** RFC 6761 §6.4: no name under `.invalid` resolves, so no mail to one can be delivered. */
export function isUndeliverable(address: string): boolean {
  return /\.invalid$/i.test(address.trim());
}

function redact(value: string, secret: string | undefined): string {
  return secret ? value.replaceAll(secret, REDACTED) : value;
}

/**
 * The SMTP URL with nodemailer's pool on unless the URL says otherwise: connections are kept open and reused (up to
 * five), so a job's batch of mail does not open and greet the server once per message.
 */
export function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

export function createMailer(opts: MailerOptions): Mailer {
  const transport: Transporter =
    opts.transport === 'smtp' && opts.smtpUrl
      ? nodemailer.createTransport(pooled(opts.smtpUrl))
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const unsolicited = new Set<string>(UNSOLICITED_KINDS);

  /** Has this address had its hour's share of unsolicited mail? Counted in the outbox, so every instance agrees. */
  async function overLimit(to: string): Promise<boolean> {
    const sent = await countRecentMail(opts.db, to, UNSOLICITED_KINDS);
    return sent >= MAIL_PER_RECIPIENT_PER_HOUR;
  }

  async function deliver(message: MailMessage, outboxId: string): Promise<string | null> {
    const info = await transport.sendMail({
      from: opts.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.map((file) => ({ ...file })),
      headers: { 'X-Your-Place-Kind': message.kind, 'X-Your-Place-Outbox-Id': outboxId },
    });
    if (opts.transport === 'smtp') return null;
    // Owner-only files: a development machine's mail holds working links until they expire.
    await mkdir(opts.mailDir, { recursive: true, mode: 0o700 });
    const file = path.join(opts.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${outboxId}.eml`);
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    return file;
  }

  /** Hands a stored message to the transport and records the outcome. */
  async function attempt(message: MailMessage, outboxId: string) {
    try {
      const file = await deliver(message, outboxId);
      await markOutboxMessage(opts.db, outboxId, { status: 'sent', sentAt: new Date() });
      // The message is named, never shown: its body may hold a link that signs someone in.
      opts.log.info({ outboxId, kind: message.kind, ...(file ? { file } : {}) }, 'mail sent');
      return { id: outboxId, status: 'sent' as const };
    } catch (err) {
      opts.log.error({ err, outboxId, kind: message.kind }, 'mail delivery failed');
      await markOutboxMessage(opts.db, outboxId, {
        status: 'failed',
        error: String((err as Error).message).slice(0, 500),
      });
      return { id: outboxId, status: 'failed' as const };
    }
  }

  return {
    unsent: () => countUnsentMail(opts.db),
    async send(message) {
      const to = message.to.trim().toLowerCase();
      // A deleted account keeps an address no mail can reach (decision 0051): a lead update or a reply to that
      // person is dropped here rather than left failing in the outbox.
      if (isUndeliverable(to)) return { id: null, status: 'undeliverable' as const };
      if (unsolicited.has(message.kind) && (await overLimit(to))) {
        opts.log.warn({ kind: message.kind }, 'mail not sent: this address had its hourly limit');
        return { id: null, status: 'limited' as const };
      }
      const row = await insertOutboxMessage(opts.db, {
        toAddress: to,
        subject: message.subject,
        textBody: redact(message.text, message.secret),
        htmlBody: message.html === undefined ? undefined : redact(message.html, message.secret),
        kind: message.kind,
        attachments: message.attachments?.map(({ filename, contentType }) => ({ filename, contentType })),
      });
      return attempt({ ...message, to }, row.id);
    },
    async sendQueued(id) {
      const row = await claimQueuedMessage(opts.db, id);
      if (!row) return null;
      return attempt(
        {
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          kind: row.kind,
        },
        row.id,
      );
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

/**
 * Stores a message as queued in the caller's transaction, for `Mailer.sendQueued` after the commit: a job that
 * claims work and queues its email in one transaction either does both or neither, and a process that stops
 * before delivering leaves the message in the outbox for the next run (`findStaleQueuedMail`). Null for an
 * address no mail can reach (a deleted account's).
 */
export async function queueMail(tx: Executor, message: QueuedMessage): Promise<string | null> {
  const to = message.to.trim().toLowerCase();
  if (isUndeliverable(to)) return null;
  const row = await insertOutboxMessage(tx, {
    toAddress: to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    kind: message.kind,
  });
  return row.id;
}
