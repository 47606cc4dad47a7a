// Shared by the accounts API tests: JSON calls, the mail outbox, delivered mail, and hand-built multipart bodies.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { emailOutbox } from '../../src/server/db/schema';
import type { TestApp } from '../support/app';
import { type ParsedMail, parseMime } from '../support/mime';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON request, optionally signed in with a Cookie header value. */
export function call(
  t: TestApp,
  method: Method,
  url: string,
  opts: { body?: unknown; cookie?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  return t.app.inject({
    method,
    url,
    headers,
    remoteAddress: opts.ip,
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
}

/** Raw text with a JSON content type: malformed bodies, oversize bodies. */
export function rawJson(t: TestApp, method: Method, url: string, payload: string, cookie?: string) {
  return t.app.inject({
    method,
    url,
    payload,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });
}

export async function emailsTo(t: TestApp, to: string, kind?: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(
      kind ? and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)) : eq(emailOutbox.toAddress, to),
    )
    .orderBy(desc(emailOutbox.createdAt));
}

/**
 * What was delivered to an address, newest first: without SMTP_URL the mailer writes each message as an .eml file
 * under DATA_DIR/mail, which is what a person (a developer) opens. The outbox keeps copies with links removed.
 */
export async function deliveredTo(t: TestApp, to: string, kind?: string): Promise<ParsedMail[]> {
  const dir = path.join(t.config.dataDir, 'mail');
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails: ParsedMail[] = [];
  for (const name of names
    .filter((n) => n.endsWith('.eml'))
    .sort()
    .reverse()) {
    const mail = parseMime(await readFile(path.join(dir, name), 'utf8'));
    if (mail.headers.get('to')?.toLowerCase() !== to.toLowerCase()) continue;
    if (kind && mail.headers.get('x-your-place-kind') !== kind) continue;
    mails.push(mail);
  }
  return mails;
}

/** The token of the newest link of a kind (reset, set-password, confirm) delivered to an address. */
export async function linkTokenFromEmail(
  t: TestApp,
  to: string,
  kind: string,
  pathname: string,
): Promise<string> {
  const [mail] = await deliveredTo(t, to, kind);
  if (!mail) throw new Error(`no ${kind} email delivered to ${to}`);
  const match = mail.text.match(new RegExp(`${pathname}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${pathname} link in: ${mail.text}`);
  return match[1];
}

/** The token of the newest reset-style link sent to an address, read from the delivered mail as a user would. */
export function resetTokenFromEmail(t: TestApp, to: string, kind = 'password_reset'): Promise<string> {
  return linkTokenFromEmail(t, to, kind, '/reset-password');
}

export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand (no form-data dependency). */
export function multipart(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----yourplace${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function uploadPhoto(t: TestApp, cookie: string | undefined, parts: FormPart[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/photo',
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

let emailCounter = 0;
/** A fresh address per call: each test owns its data. */
export function uniqueEmail(label = 'person'): string {
  emailCounter += 1;
  return `${label}.${emailCounter}.${randomBytes(4).toString('hex')}@example.test`;
}
