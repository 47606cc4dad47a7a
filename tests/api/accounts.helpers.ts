// Shared by the accounts API tests: JSON calls, the mail outbox, and hand-built multipart bodies.
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { emailOutbox } from '../../src/server/db/schema';
import type { TestApp } from '../support/app';

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

/** The token of the newest reset-style link sent to an address, read from the outbox as a user would. */
export async function resetTokenFromEmail(t: TestApp, to: string, kind = 'password_reset'): Promise<string> {
  const [mail] = await emailsTo(t, to, kind);
  if (!mail) throw new Error(`no ${kind} email to ${to}`);
  const match = mail.textBody.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no reset link in: ${mail.textBody}`);
  return match[1];
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
