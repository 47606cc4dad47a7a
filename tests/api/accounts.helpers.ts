// Shared by the accounts API tests: JSON calls, the mail outbox, delivered mail, and hand-built multipart bodies.
import { randomBytes } from 'node:crypto';
import type { TestApp } from '../support/app';

export { call, deliveredTo, emailsTo, rawJson } from '../support/http';

import { deliveredTo } from '../support/http';

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
