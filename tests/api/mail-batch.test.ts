// A job's batch of mail goes through a pooled SMTP transport a few messages at a time (src/server/mail/send-all.ts):
// every message is delivered and marked sent, over a handful of reused connections rather than one per message.
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/server/db/schema';
import { createMailer, pooled } from '../../src/server/mail/mailer';
import { MAIL_CONCURRENCY, sendAll } from '../../src/server/mail/send-all';
import { createTestApp, type TestApp } from '../support/app';

describe('a batch of mail over SMTP', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  let port: number;
  const received: string[] = [];
  let connections = 0;
  let inFlight = 0;
  let mostInFlight = 0;

  beforeAll(async () => {
    t = await createTestApp();
    smtp = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect(_session, callback) {
        connections += 1;
        callback();
      },
      onData(stream, session, callback) {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        stream.resume();
        stream.on('end', () => {
          // Answer a moment later, as a real server does, so messages overlap when they are sent together.
          setTimeout(() => {
            inFlight -= 1;
            received.push(...session.envelope.rcptTo.map((r) => r.address));
            callback();
          }, 20);
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await t.close();
  });

  it('delivers every message once, marks each sent, and reuses a few connections', async () => {
    const mailer = createMailer({
      db: t.app.ctx.db,
      transport: 'smtp',
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailDir: '/nonexistent',
      from: 'Your Place <no-reply@yourplace.test>',
      log: t.app.log,
    });
    const to = Array.from({ length: 24 }, (_, i) => `batch-${i}-${Date.now()}@example.com`);
    await sendAll(
      mailer,
      to.map((address) => ({
        to: address,
        subject: 'Still available?',
        text: 'Confirm it',
        kind: 'listing_confirm',
      })),
    );
    mailer.close();

    expect([...received].sort()).toEqual([...to].sort());
    const rows = await t.app.ctx.db
      .select({ to: emailOutbox.toAddress, status: emailOutbox.status })
      .from(emailOutbox)
      .where(inArray(emailOutbox.toAddress, to));
    expect(rows).toHaveLength(24);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    // Pooled: no more connections than messages in flight, where one per message would be 24.
    expect(connections).toBeLessThanOrEqual(MAIL_CONCURRENCY);
    expect(mostInFlight).toBeGreaterThan(1);
    expect(mostInFlight).toBeLessThanOrEqual(MAIL_CONCURRENCY);
  });

  it("turns the pool on unless the configured URL says otherwise, keeping the URL's own settings", () => {
    expect(new URL(pooled('smtp://mail.example.com:587')).searchParams.get('pool')).toBe('true');
    expect(new URL(pooled('smtp://mail.example.com:587?pool=false')).searchParams.get('pool')).toBe('false');
    const kept = new URL(pooled('smtps://user:p%40ss@mail.example.com:465/?maxConnections=2'));
    expect(kept.password).toBe('p%40ss');
    expect(kept.searchParams.get('maxConnections')).toBe('2');
    expect(kept.searchParams.get('pool')).toBe('true');
  });
});
