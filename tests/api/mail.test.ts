// The mail layer after the security review (findings 2, 3 and 7): secrets never rest in the outbox or the log, mail a
// stranger can trigger is limited per recipient and carries none of their words, and a production site that would
// take test cards or keep mail undelivered says so in the admin area.
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletedAccountEmail } from '../../src/domain/evidence';
import { contactSubmissions, emailOutbox } from '../../src/server/db/schema';
import { createMailer, MAIL_PER_RECIPIENT_PER_HOUR, REDACTED } from '../../src/server/mail/mailer';
import { createAdmin, createTenant, uniqueEmail } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, deliveredTo, emailsTo } from '../support/http';

describe('mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores a secret-bearing mail without its secret and never logs a body', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const logger = Fastify({ logger: { level: 'trace', stream } }).log;
    const mailer = createMailer({
      db: t.db,
      transport: 'files',
      mailDir: `${t.config.dataDir}/mail-log-test`,
      from: 'Your Place <no-reply@yourplace.example>',
      log: logger,
    });
    const secret = 'http://127.0.0.1:5000/reset-password?token=very-secret-token';
    const to = uniqueEmail('logged');
    const result = await mailer.send({
      to,
      kind: 'password_reset',
      subject: 'Reset your password',
      text: `Hello,\n\nReset your password: ${secret}\n\nA body line only the recipient reads.`,
      html: `<p><a href="${secret}">Reset</a></p>`,
      secret,
    });
    mailer.close();
    expect(result.status).toBe('sent');
    const [stored] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, result.id!));
    expect(stored.textBody).toBe(
      `Hello,\n\nReset your password: ${REDACTED}\n\nA body line only the recipient reads.`,
    );
    expect(stored.htmlBody).toBe(`<p><a href="${REDACTED}">Reset</a></p>`);
    const log = lines.join('');
    expect(log).toContain(result.id!);
    expect(log).not.toContain('very-secret-token');
    expect(log).not.toContain('A body line only the recipient reads');
  });

  it('delivers at most five recovery mails an hour to one address, whichever IPs ask', async () => {
    const tenant = await createTenant(t);
    for (let i = 0; i < MAIL_PER_RECIPIENT_PER_HOUR + 3; i += 1) {
      const res = await call(t, 'POST', '/api/auth/forgot-password', {
        body: { email: tenant.email },
        ip: `198.51.100.${i + 1}`,
      });
      // The answer never changes: it must not tell whether the address has an account, or hit a limit.
      expect(res.statusCode).toBe(200);
    }
    expect(await deliveredTo(t, tenant.email, 'password_reset')).toHaveLength(MAIL_PER_RECIPIENT_PER_HOUR);
    expect(await emailsTo(t, tenant.email)).toHaveLength(MAIL_PER_RECIPIENT_PER_HOUR);
    // Another address is untouched by that limit.
    const other = await createTenant(t);
    await call(t, 'POST', '/api/auth/forgot-username', { body: { email: other.email } });
    expect(await deliveredTo(t, other.email, 'forgot_username')).toHaveLength(1);
  });

  it('keeps every contact message but sends one address at most five receipts an hour, with none of the sender text', async () => {
    const victim = uniqueEmail('victim');
    for (let i = 0; i < MAIL_PER_RECIPIENT_PER_HOUR + 2; i += 1) {
      const res = await call(t, 'POST', '/api/contact', {
        body: {
          name: 'WIN A PRIZE at prize.example',
          email: victim,
          subject: 'Click prize.example now',
          message: 'Your account is locked, visit prize.example to unlock it.',
        },
        ip: `192.0.2.${i + 1}`,
      });
      expect(res.statusCode).toBe(201);
    }
    expect(
      await t.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, victim)),
    ).toHaveLength(MAIL_PER_RECIPIENT_PER_HOUR + 2);
    const receipts = await deliveredTo(t, victim, 'contact_receipt');
    expect(receipts).toHaveLength(MAIL_PER_RECIPIENT_PER_HOUR);
    expect(receipts[0].subject).toBe('We received your message to Your Place');
    expect(receipts[0].text.startsWith('Hello,\n')).toBe(true);
    expect(`${receipts[0].subject} ${receipts[0].text}`).not.toContain('prize.example');
  });
});

describe('a production site on test payments and undelivered mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      SESSION_SECRET: 'q'.repeat(40),
      PAYMENTS_PROVIDER: 'test',
      MAIL_TRANSPORT: 'files',
    });
  });
  afterAll(() => t.close());

  it('tells every admin in the admin area, and nobody else', async () => {
    const admin = await createAdmin(t);
    const auth = (await call(t, 'GET', '/api/admin/auth', { cookie: admin.cookie })).json();
    expect(auth.isAuthenticated).toBe(true);
    expect(auth.warnings).toEqual([
      expect.stringMatching(/test provider.*nothing is charged/),
      expect.stringMatching(/not delivered/),
    ]);
    const tenant = await createTenant(t);
    const notStaff = (await call(t, 'GET', '/api/admin/auth', { cookie: tenant.cookie })).json();
    expect(notStaff).toEqual({ isAuthenticated: false, role: null, email: null });
    expect((await call(t, 'GET', '/api/config')).json().payments).toBe('test');
  });

  it("drops mail to a deleted account's unusable address: nothing stored, nothing sent", async () => {
    const to = deletedAccountEmail('00000000-0000-4000-8000-000000000000');
    const result = await t.app.ctx.mailer.send({
      to,
      kind: 'lead_update',
      subject: 'Your quote',
      text: 'Hello',
    });
    expect(result).toEqual({ id: null, status: 'undeliverable' });
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))).toEqual([]);
  });
});
