// Request and mail helpers for API tests (issue 14: one home in tests/support): JSON calls through app.inject, raw
// and multipart bodies, hostile bodies, the mail outbox and the .eml files the mailer writes.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema';
import type { TestApp } from './app';
import { type ParsedMail, parseMime } from './mime';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

/** POST a multipart body, optionally signed in. */
export function postMultipart(t: TestApp, url: string, cookie: string | undefined, parts: FormPart[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

/** What a careless or hostile client might send instead of the JSON a route expects. */
export const BAD_BODIES: Array<{ payload: string; type: string }> = [
  { payload: '{"name": ', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '"text"', type: 'application/json' },
  { payload: '{}', type: 'application/json' },
  {
    payload: JSON.stringify({
      name: { a: 1 },
      propertyId: ['x'],
      type: 7,
      emailAlerts: 'yes',
      alertFrequency: null,
      searchCriteria: 'LS1',
      contentType: 'property_listing',
      contentData: { title: 5, images: 'x', monthlyRent: 'lots', amenities: [null] },
      targetId: 12,
    }),
    type: 'application/json',
  },
  {
    payload: JSON.stringify({
      name: 'x'.repeat(10_000),
      searchCriteria: { postcode: '\u0000', bedrooms: '4+', radius: 1e308, q: "'); drop table users; --" },
    }),
    type: 'application/json',
  },
  { payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { payload: 'just text', type: 'text/plain' },
];

/** Every request answered below 500: the failures, as "METHOD url (body) → status". */
export async function serverErrors(
  t: TestApp,
  requests: Array<{ method: Method; url: string }>,
  cookies: string[],
): Promise<string[]> {
  const failures: string[] = [];
  for (const { method, url } of requests) {
    for (const cookie of cookies) {
      for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : BAD_BODIES) {
        const res = await t.app.inject({
          method,
          url,
          headers: { cookie, ...(body ? { 'content-type': body.type } : {}) },
          ...(body ? { payload: body.payload } : {}),
        });
        if (res.statusCode >= 500)
          failures.push(`${method} ${url} (${body?.payload.slice(0, 40)}) → ${res.statusCode} ${res.body}`);
      }
    }
  }
  return failures;
}

/** A page's HTML as the server sends it, before any script runs (a page that does not answer 200 fails the test). */
export async function pageHtml(t: TestApp, url: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
}
