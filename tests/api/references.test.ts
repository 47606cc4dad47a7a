// References by email (issue 31 item 4; decision 0065): the landlord of an application asks the previous landlord
// its snapshot names; the emailed one-time link (14 days) opens a form that answers once; the answer shows to the
// landlord and to the tenant and to nobody else; the token is stored only as its hash and never logged.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ONE_TIME_LINK_LIFETIMES_MS, ONE_TIME_LINK_MESSAGES } from '../../src/domain/one-time-links';
import { REFERENCE_MESSAGES, REFERENCE_SHARED_NOTICE } from '../../src/domain/references';
import { pageViews, referenceRequests } from '../../src/server/db/schema';
import { sha256 } from '../../src/server/lib/crypto';
import { type CreatedApplication, createApplication, setApplicationStatus } from '../factories/applications';
import { type CreatedUser, createLandlord, createPremiumTenant, longSession } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, deliveredTo, emailsTo } from '../support/http';

const MINUTE = 60_000;
const GOOD_ANSWER = {
  tenancyFrom: '2023-09-01',
  tenancyTo: '2025-08-31',
  rentOnTime: 'always',
  wouldLetAgain: true,
  comments: 'Kept the flat spotless and always paid on the 1st.',
};

/** The token of the newest reference link emailed to an address, read from the delivered mail as the referee would. */
async function referenceToken(t: TestApp, to: string): Promise<string> {
  const [mail] = await deliveredTo(t, to, 'reference_request');
  if (!mail) throw new Error(`no reference_request email delivered to ${to}`);
  const match = /\/references\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no /references link in: ${mail.text}`);
  return match[1];
}

/** The referee's address: each application's own, so a test reads only its emails. */
const refereeOf = (application: CreatedApplication) => application.previousLandlord?.email ?? '';

describe('references by email', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  // Each test starts at the real time; the expiry tests move the clock on from there.
  beforeEach(() => {
    t.clock.now = new Date();
  });

  const application = (options: Parameters<typeof createApplication>[1] = {}) =>
    createApplication(t, options);
  const ask = (app: CreatedApplication, who: CreatedUser = app.landlord) =>
    call(t, 'POST', `/api/applications/${app.id}/references`, { cookie: who.cookie });
  const list = (app: CreatedApplication, who: CreatedUser) =>
    call(t, 'GET', `/api/applications/${app.id}/references`, { cookie: who.cookie });
  const form = (token: string) => call(t, 'GET', `/api/references/${token}`);
  const answer = (token: string, body: Record<string, unknown> = GOOD_ANSWER) =>
    call(t, 'POST', `/api/references/${token}`, { body });
  /** Asked, and the emailed token. */
  const asked = async (options: Parameters<typeof createApplication>[1] = {}) => {
    const app = await application(options);
    const res = await ask(app);
    expect(res.statusCode, res.body).toBe(201);
    return {
      app,
      token: await referenceToken(t, refereeOf(app)),
      referenceId: res.json().referenceId as string,
    };
  };
  const systemLines = async (who: CreatedUser, conversationId: string) =>
    (await call(t, 'GET', `/api/conversations/${conversationId}/messages`, { cookie: who.cookie }))
      .json()
      .messages.filter((m: { system: boolean }) => m.system)
      .map((m: { body: string }) => m.body);

  it('emails the previous landlord a one-time link that says who asks, about whom, for which street, and who reads it', async () => {
    const { app, token, referenceId } = await asked();
    const [mail] = await deliveredTo(t, refereeOf(app), 'reference_request');
    expect(mail.text).toContain('Hello Pat Previous');
    expect(mail.text).toContain('Tom Tenant');
    expect(mail.text).toContain('Lara Landlord');
    // The street, never the house number or the building (decision 0058).
    expect(mail.text).toContain('Park Road, Leeds');
    expect(mail.text).not.toContain('12a');
    expect(mail.text).not.toContain('Kingsway');
    expect(mail.text).toContain(REFERENCE_SHARED_NOTICE);
    expect(mail.text).toContain(`${t.config.publicUrl}/references/${token}`);
    // Only the token's hash is stored, and the outbox copy has the link removed.
    const [row] = await t.db.select().from(referenceRequests).where(eq(referenceRequests.id, referenceId));
    expect(row.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const [stored] = await emailsTo(t, refereeOf(app), 'reference_request');
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(ONE_TIME_LINK_LIFETIMES_MS.reference);
    // The tenant learns who was asked, in the conversation.
    expect((await systemLines(app.tenant, app.conversationId)).join('\n')).toContain(
      'The landlord asked Pat Previous',
    );
  });

  it("lets only the landlord of the application's home ask (404 for anyone else, 401 signed out)", async () => {
    const app = await application();
    const otherLandlord = await createLandlord(t, { premium: true });
    for (const who of [app.tenant, otherLandlord, await createPremiumTenant(t)]) {
      const res = await ask(app, who);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(REFERENCE_MESSAGES.notFound);
    }
    expect((await call(t, 'POST', `/api/applications/${app.id}/references`)).statusCode).toBe(401);
    const unknown = await call(
      t,
      'POST',
      '/api/applications/00000000-0000-4000-8000-000000000000/references',
      {
        cookie: app.landlord.cookie,
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect(await deliveredTo(t, refereeOf(app))).toEqual([]);
  });

  it('refuses with 409 when the application names no previous landlord, or is withdrawn, declined or accepted', async () => {
    const none = await application({ previousLandlord: null });
    const res = await ask(none);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REFERENCE_MESSAGES.noPreviousLandlord);
    for (const status of ['withdrawn', 'declined', 'accepted'] as const) {
      const closed = await application({ status });
      const refused = await ask(closed);
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json().message).toBe(REFERENCE_MESSAGES.closed);
    }
    // An offered application is still open.
    expect((await ask(await application({ status: 'offered' }))).statusCode).toBe(201);
  });

  it('allows one outstanding request: a second is 409 until the first expires, and none after an answer', async () => {
    const { app, token } = await asked();
    const again = await ask(app);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been asked for and its link works until/);
    // Fifteen days on, the first has expired unanswered: asking again sends a new link.
    t.clock.now = new Date(Date.now() + ONE_TIME_LINK_LIFETIMES_MS.reference + MINUTE);
    const later = await call(t, 'POST', `/api/applications/${app.id}/references`, {
      cookie: await longSession(t, app.landlord.id),
    });
    expect(later.statusCode, later.body).toBe(201);
    const second = await referenceToken(t, refereeOf(app));
    expect(second).not.toBe(token);
    expect((await answer(second)).statusCode).toBe(200);
    const afterAnswer = await call(t, 'POST', `/api/applications/${app.id}/references`, {
      cookie: await longSession(t, app.landlord.id),
    });
    expect(afterAnswer.statusCode).toBe(409);
    expect(afterAnswer.json().message).toBe(REFERENCE_MESSAGES.answered);
  });

  it('two clicks of "Ask for a reference" at once send one request', async () => {
    const app = await application();
    const results = await Promise.all([ask(app), ask(app), ask(app)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.db
      .select()
      .from(referenceRequests)
      .where(eq(referenceRequests.applicationId, app.id));
    expect(rows).toHaveLength(1);
    expect(await deliveredTo(t, refereeOf(app), 'reference_request')).toHaveLength(1);
  });

  it("opens the referee's form without a session: applicant, street and town, referee, who asks, expiry", async () => {
    const { app, token } = await asked();
    const res = await form(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      refereeName: 'Pat Previous',
      applicantName: 'Tom Tenant',
      askedBy: 'Lara Landlord',
      street: 'Park Road, Leeds',
      town: app.listing.location,
      outcode: app.listing.outcode,
      expiresAt: expect.any(String),
    });
  });

  it('answers once: a second answer, or opening the link again, is 410 with the used wording', async () => {
    const { app, token } = await asked();
    const first = await answer(token);
    expect(first.statusCode, first.body).toBe(200);
    // A used link is told first, whatever the form held.
    for (const again of [await answer(token), await form(token), await answer(token, {})]) {
      expect(again.statusCode).toBe(410);
      expect(again.json()).toMatchObject({ code: 'LINK_USED' });
      expect(again.json().message).toMatch(/^This reference has already been given: it was sent on /);
    }
    const [row] = await t.db
      .select()
      .from(referenceRequests)
      .where(eq(referenceRequests.applicationId, app.id));
    expect(row).toMatchObject({ rentOnTime: 'always', wouldLetAgain: true, tenancyFrom: '2023-09-01' });
  });

  it('has expired 14 days after it was sent (400), and an unknown link is 404', async () => {
    const { token } = await asked();
    t.clock.now = new Date(Date.now() + ONE_TIME_LINK_LIFETIMES_MS.reference - MINUTE);
    expect((await form(token)).statusCode).toBe(200);
    t.clock.now = new Date(Date.now() + ONE_TIME_LINK_LIFETIMES_MS.reference + MINUTE);
    for (const res of [await form(token), await answer(token)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_TOKEN',
        message: ONE_TIME_LINK_MESSAGES.referenceExpired,
        requestId: expect.any(String),
      });
    }
    for (const unknown of ['not-a-real-token-at-all', "x'; drop table users; --", '%00']) {
      for (const res of [await form(unknown), await answer(unknown)]) {
        expect(res.statusCode, unknown).toBe(404);
        expect(res.json().message).toBe(ONE_TIME_LINK_MESSAGES.referenceUnknown);
      }
    }
  });

  it('tells a link whose application closed since that it is no longer needed', async () => {
    const { app, token } = await asked();
    await setApplicationStatus(t, app.id, 'withdrawn');
    for (const res of [await form(token), await answer(token)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(REFERENCE_MESSAGES.noLongerNeeded);
    }
  });

  it('checks the answer: a choice for each question, dates in order and in the past', async () => {
    const { token } = await asked();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...GOOD_ANSWER, rentOnTime: 'sometimes' }, 'rentOnTime'],
      [{ ...GOOD_ANSWER, wouldLetAgain: 'yes' }, 'wouldLetAgain'],
      [{ ...GOOD_ANSWER, tenancyFrom: '2024-02-30' }, 'tenancyFrom'],
      [{ ...GOOD_ANSWER, tenancyTo: '2020-01-01' }, 'tenancyTo'],
      [{ ...GOOD_ANSWER, tenancyFrom: '2099-01-01', tenancyTo: null }, 'tenancyFrom'],
      [{ ...GOOD_ANSWER, comments: 'x'.repeat(2001) }, 'comments'],
      [{ ...GOOD_ANSWER, extra: true }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await answer(token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (field) expect(Object.keys(res.json().fieldErrors ?? {}), field).toContain(field);
    }
    // None of them used the link.
    const ok = await answer(token, { tenancyFrom: '2024-01-01', rentOnTime: 'mostly', wouldLetAgain: false });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('gives one answer when the form is sent several times at once', async () => {
    const { app, token } = await asked();
    const results = await Promise.all(
      ['always', 'mostly', 'rarely', 'always'].map((rentOnTime) =>
        answer(token, { ...GOOD_ANSWER, rentOnTime }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410, 410, 410]);
    const rows = await t.db
      .select()
      .from(referenceRequests)
      .where(eq(referenceRequests.applicationId, app.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].answeredAt).not.toBeNull();
    expect(await deliveredTo(t, app.landlord.email, 'reference_answered')).toHaveLength(1);
    expect(await deliveredTo(t, app.tenant.email, 'reference_answered')).toHaveLength(1);
  });

  it('shows the answer to the landlord and to the tenant, and to nobody else (404)', async () => {
    const { app, token, referenceId } = await asked();
    const before = await list(app, app.tenant);
    expect(before.statusCode).toBe(200);
    expect(before.json().references).toEqual([
      expect.objectContaining({
        id: referenceId,
        refereeName: 'Pat Previous',
        status: 'requested',
        answer: null,
      }),
    ]);
    expect((await answer(token)).statusCode).toBe(200);
    for (const who of [app.landlord, app.tenant]) {
      const res = await list(app, who);
      expect(res.statusCode).toBe(200);
      expect(res.json().references[0]).toMatchObject({
        status: 'answered',
        answer: {
          tenancyFrom: '2023-09-01',
          tenancyTo: '2025-08-31',
          rentOnTime: 'always',
          wouldLetAgain: true,
          comments: GOOD_ANSWER.comments,
          answeredAt: expect.any(String),
        },
      });
    }
    for (const who of [await createLandlord(t, { premium: true }), await createPremiumTenant(t)]) {
      const res = await list(app, who);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('spotless');
    }
    expect((await call(t, 'GET', `/api/applications/${app.id}/references`)).statusCode).toBe(401);
  });

  it('tells both sides when the reference is given: a line in the conversation and an email each', async () => {
    const { app, token } = await asked();
    expect((await answer(token)).statusCode).toBe(200);
    const [toLandlord] = await deliveredTo(t, app.landlord.email, 'reference_answered');
    const [toTenant] = await deliveredTo(t, app.tenant.email, 'reference_answered');
    expect(toLandlord.text).toContain('Pat Previous has answered your reference request about Tom Tenant');
    expect(toTenant.text).toContain('Pat Previous has given the reference');
    for (const mail of [toLandlord, toTenant]) {
      expect(mail.text).toContain(`/inbox?c=${app.conversationId}`);
      expect(mail.text).not.toContain('12a');
    }
    expect((await systemLines(app.landlord, app.conversationId)).join('\n')).toContain(
      'Pat Previous has given a reference',
    );
  });

  it('lists an unanswered request past its 14 days as expired', async () => {
    const { app } = await asked();
    t.clock.now = new Date(Date.now() + ONE_TIME_LINK_LIFETIMES_MS.reference + MINUTE);
    const res = await call(t, 'GET', `/api/applications/${app.id}/references`, {
      cookie: await longSession(t, app.tenant.id),
    });
    expect(res.json().references).toEqual([expect.objectContaining({ status: 'expired', answer: null })]);
  });

  it("puts references in both parties' data exports, without the referee's address", async () => {
    const { app, token } = await asked();
    expect((await answer(token)).statusCode).toBe(200);
    for (const [who, aboutYou] of [
      [app.tenant, true],
      [app.landlord, false],
    ] as const) {
      const res = await call(t, 'GET', '/api/account/export', { cookie: who.cookie });
      expect(res.statusCode, res.body).toBe(200);
      const [reference] = res.json().references;
      expect(reference).toMatchObject({
        applicationId: app.id,
        aboutYou,
        refereeName: 'Pat Previous',
        rentOnTime: 'always',
        address: 'Park Road, Leeds',
      });
      expect(JSON.stringify(reference)).not.toContain(refereeOf(app));
    }
  });
});

describe('reference links leave no token behind', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(() => t.close());

  it('opening the page, reading the form and answering write no token to the log or the page views', async () => {
    const app = await createApplication(t);
    const asked = await call(t, 'POST', `/api/applications/${app.id}/references`, {
      cookie: app.landlord.cookie,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const [mail] = await deliveredTo(t, app.previousLandlord!.email, 'reference_request');
    const token = /\/references\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    lines.length = 0;
    expect((await t.app.inject({ method: 'GET', url: `/references/${token}` })).statusCode).toBe(200);
    await call(t, 'POST', '/api/analytics/page-view', {
      body: { path: `/references/${token}`, referrer: `${t.config.publicUrl}/references/${token}` },
    });
    expect((await call(t, 'GET', `/api/references/${token}`)).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/references/${token}`, { body: GOOD_ANSWER })).statusCode).toBe(200);
    expect((await call(t, 'POST', `/api/references/${token}`, { body: GOOD_ANSWER })).statusCode).toBe(410);
    const log = lines.join('');
    expect(lines.some((line) => line.includes('"incoming request"'))).toBe(true);
    expect(log).toContain('/api/references/[REDACTED]');
    expect(log).not.toContain(token);
    const views = await t.db.select().from(pageViews);
    expect(views.length).toBeGreaterThan(0);
    expect(JSON.stringify(views)).not.toContain(token);
  });
});

describe('the referee routes are limited per IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 once an address has tried its share of links, as the other emailed-link routes do', async () => {
    const tries = [];
    for (let i = 0; i < 4; i++)
      tries.push((await call(t, 'GET', `/api/references/guess-${i}`, { ip: '203.0.113.9' })).statusCode);
    expect(tries).toEqual([404, 404, 404, 429]);
    const posts = [];
    for (let i = 0; i < 4; i++)
      posts.push(
        (await call(t, 'POST', `/api/references/guess-${i}`, { ip: '203.0.113.11', body: GOOD_ANSWER }))
          .statusCode,
      );
    expect(posts).toEqual([404, 404, 404, 429]);
    // Another address is not held back.
    expect((await call(t, 'GET', '/api/references/guess-y', { ip: '203.0.113.10' })).statusCode).toBe(404);
  });
});
