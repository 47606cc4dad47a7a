// The retention job (decision 0054) deletes what the privacy page says is no longer kept, and nothing else.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_COPY_DAYS } from '../../src/domain/retention';
import { emailChangeRequests, emailOutbox, passwordResetTokens, sessions } from '../../src/server/db/schema';
import { runRetention } from '../../src/server/jobs/retention';
import { createTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';

const DAY = 24 * 60 * 60 * 1000;

describe('the data retention job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('deletes ended sessions, dead links and old email copies, and keeps what is still in use', async () => {
    const now = new Date(t.clock.now);
    const person = await createTenant(t);
    const past = new Date(now.getTime() - 1000);
    const future = new Date(now.getTime() + DAY);
    await t.db.insert(sessions).values([
      { id: 'ended-session-hash', userId: person.id, expiresAt: past },
      { id: 'live-session-hash', userId: person.id, expiresAt: future },
    ]);
    await t.db.insert(passwordResetTokens).values([
      { userId: person.id, tokenHash: 'expired-reset', expiresAt: past },
      { userId: person.id, tokenHash: 'usable-reset', expiresAt: future },
    ]);
    await t.db.insert(emailChangeRequests).values([
      { userId: person.id, newEmail: 'a@example.test', tokenHash: 'expired-change', expiresAt: past },
      { userId: person.id, newEmail: 'b@example.test', tokenHash: 'usable-change', expiresAt: future },
    ]);
    const copy = (subject: string, createdAt: Date) => ({
      toAddress: person.email,
      subject,
      textBody: 'Hello',
      kind: 'test',
      createdAt,
    });
    await t.db
      .insert(emailOutbox)
      .values([
        copy('old copy', new Date(now.getTime() - (EMAIL_COPY_DAYS + 1) * DAY)),
        copy('recent copy', new Date(now.getTime() - (EMAIL_COPY_DAYS - 1) * DAY)),
      ]);

    const result = await runRetention(t.app.ctx);
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    expect(result.links).toBeGreaterThanOrEqual(2);
    expect(result.emails).toBeGreaterThanOrEqual(1);

    const left = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, ['ended-session-hash', 'live-session-hash']));
    expect(left.map((s) => s.id)).toEqual(['live-session-hash']);
    const resets = await t.db
      .select({ hash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, person.id));
    expect(resets.map((r) => r.hash)).toEqual(['usable-reset']);
    const changes = await t.db
      .select({ hash: emailChangeRequests.tokenHash })
      .from(emailChangeRequests)
      .where(eq(emailChangeRequests.userId, person.id));
    expect(changes.map((r) => r.hash)).toEqual(['usable-change']);
    const copies = await t.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, person.email));
    expect(copies.map((c) => c.subject)).toEqual(['recent copy']);
    // The person's own signed-in session (made by the factory) still works.
    expect((await call(t, 'GET', '/api/auth/user', { cookie: person.cookie })).statusCode).toBe(200);
  });
});
