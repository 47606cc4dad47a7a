// Request and mail helpers for API tests (issue 14: one home in tests/support): JSON calls through app.inject, raw
// bodies, the mail outbox and the .eml files the mailer writes.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
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
