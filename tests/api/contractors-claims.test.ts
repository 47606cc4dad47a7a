// Every claim on a trade's page backed by a record (issue 28): the "Verified" badge only from a check an admin
// recorded (admins only, audited, revocable) and lapsing with the document; the response time measured from the
// trade's real replies to quote requests.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/calendar-days';
import {
  type TContractorDetail,
  type TContractorPage,
  TRADE_CHECK_MESSAGES,
  type TTradeCheck,
} from '../../src/domain/contractors';
import { londonToday } from '../../src/domain/dates';
import { auditLog } from '../../src/server/db/schema';
import { createContractor } from '../factories/contractors';
import {
  type CreatedUser,
  createAdmin,
  createContractorUser,
  createPremiumTenant,
  createSuperAdmin,
  createTenant,
  longSession,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';

const DAY = 24 * 60 * 60 * 1000;
/** The London day `days` after the one `from` falls on (calendar days: 24-hour steps slip a day across a clock change). */
const inDays = (days: number, from = new Date()) => addDays(londonToday(from), days);

describe('checks an admin records, and the badge', () => {
  let t: TestApp;
  let admin: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t, { email: `checker.${Date.now()}@example.test` });
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string | null, payload?: object) =>
    t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const checksUrl = (id: string) => `/api/admin/contractors/${id}/checks`;
  const detail = async (id: string): Promise<TContractorDetail> =>
    (await inject('GET', `/api/contractors/${id}`)).json();
  const card = async (businessName: string) => {
    const page: TContractorPage = (
      await inject('GET', `/api/contractors?text=${encodeURIComponent(businessName)}`)
    ).json();
    return page.contractors.find((c) => c.businessName === businessName);
  };

  it('refuses visitors (401) and members (403), and answers 404 for an unknown profile or check', async () => {
    const c = await createContractor(t);
    const body = { kind: 'insurance', provider: 'Aviva', expiresOn: inDays(200) };
    for (const [method, url] of [
      ['GET', checksUrl(c.id)],
      ['POST', checksUrl(c.id)],
      ['DELETE', `${checksUrl(c.id)}/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      expect((await inject(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const member of [
        await createPremiumTenant(t),
        await createContractorUser(t, { premium: true }),
        await createTenant(t),
      ]) {
        expect((await inject(method, url, member.cookie, body)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await inject('GET', checksUrl(unknown), admin.cookie)).statusCode).toBe(404);
    expect((await inject('GET', checksUrl('not-a-uuid'), admin.cookie)).statusCode).toBe(404);
    expect((await inject('POST', checksUrl(unknown), admin.cookie, body)).statusCode).toBe(404);
    const revokeUnknown = await inject('DELETE', `${checksUrl(c.id)}/${unknown}`, admin.cookie);
    expect(revokeUnknown.statusCode).toBe(404);
    expect(revokeUnknown.json().message).toBe(TRADE_CHECK_MESSAGES.notFound);
    expect((await detail(c.id)).verified).toBe(false);
  });

  it('refuses bad input with 400 and field errors, recording nothing', async () => {
    const c = await createContractor(t);
    const cases: Array<[object, string, string]> = [
      [{ kind: 'insurance', expiresOn: inDays(100) }, 'provider', TRADE_CHECK_MESSAGES.provider],
      [
        { kind: 'gas_safe', expiresOn: inDays(100) },
        'registrationNumber',
        TRADE_CHECK_MESSAGES.registrationNumber,
      ],
      [
        { kind: 'gas_safe', registrationNumber: '12', expiresOn: inDays(100) },
        'registrationNumber',
        TRADE_CHECK_MESSAGES.gasSafeNumber,
      ],
      [{ kind: 'wizard', provider: 'x', expiresOn: inDays(100) }, 'kind', TRADE_CHECK_MESSAGES.kind],
      [
        { kind: 'insurance', provider: 'Aviva', expiresOn: 'soon' },
        'expiresOn',
        TRADE_CHECK_MESSAGES.expiresOn,
      ],
      [
        { kind: 'insurance', provider: 'Aviva', expiresOn: inDays(-1) },
        'expiresOn',
        TRADE_CHECK_MESSAGES.expired,
      ],
      [
        { kind: 'insurance', provider: 'Aviva', expiresOn: inDays(6 * 366) },
        'expiresOn',
        TRADE_CHECK_MESSAGES.tooFar,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await inject('POST', checksUrl(c.id), admin.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors[field], JSON.stringify(body)).toContain(message);
    }
    expect(
      (
        await inject('POST', checksUrl(c.id), admin.cookie, {
          kind: 'insurance',
          provider: 'A',
          expiresOn: inDays(1),
          extra: 1,
        })
      ).statusCode,
    ).toBe(400);
    expect((await inject('GET', checksUrl(c.id), admin.cookie)).json().checks).toEqual([]);
  });

  it('records an insurance check (audited) and the badge shows what was checked and when', async () => {
    const c = await createContractor(t, { businessName: `Badge Roofing ${Date.now()}` });
    expect((await card(c.businessName))?.verified).toBe(false);
    const expiresOn = inDays(200);
    const res = await inject('POST', checksUrl(c.id), admin.cookie, {
      kind: 'insurance',
      provider: ' Aviva ',
      registrationNumber: '999999',
      expiresOn,
    });
    expect(res.statusCode, res.body).toBe(201);
    const check: TTradeCheck = res.json();
    // An insurance check keeps its insurer, not a number.
    expect(check).toMatchObject({
      kind: 'insurance',
      provider: 'Aviva',
      registrationNumber: null,
      expiresOn,
      checkedBy: admin.email,
      revokedAt: null,
      active: true,
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, c.id), eq(auditLog.action, 'trade_check.recorded')));
    expect(entry).toMatchObject({ actorId: admin.id, targetType: 'contractor' });
    expect(entry.after).toMatchObject({ kind: 'insurance', provider: 'Aviva', expiresOn });

    const d = await detail(c.id);
    expect(d.verified).toBe(true);
    expect(d.checks).toEqual([
      {
        kind: 'insurance',
        provider: 'Aviva',
        registrationNumber: null,
        checkedAt: check.checkedAt,
        expiresOn,
      },
    ]);
    expect((await card(c.businessName))?.verified).toBe(true);
  });

  it('revokes a check (audited): the badge goes, the record stays, a second revoke is 409', async () => {
    const c = await createContractor(t);
    const superAdmin = await createSuperAdmin(t);
    const gas = (
      await inject('POST', checksUrl(c.id), superAdmin.cookie, {
        kind: 'gas_safe',
        registrationNumber: '123456',
        expiresOn: inDays(300),
      })
    ).json();
    expect((await detail(c.id)).checks).toMatchObject([{ kind: 'gas_safe', registrationNumber: '123456' }]);
    const revoked = await inject('DELETE', `${checksUrl(c.id)}/${gas.id}`, admin.cookie);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({
      active: false,
      revokedBy: admin.email,
      revokedAt: expect.any(String),
    });
    expect(await detail(c.id)).toMatchObject({ verified: false, checks: [] });
    const list = (await inject('GET', checksUrl(c.id), admin.cookie)).json();
    expect(list).toMatchObject({
      contractor: { id: c.id, verified: false },
      checks: [{ id: gas.id, active: false }],
    });
    const again = await inject('DELETE', `${checksUrl(c.id)}/${gas.id}`, admin.cookie);
    expect(again.statusCode).toBe(409);
    // Another profile's check id is not found on this one.
    const other = await createContractor(t);
    expect((await inject('DELETE', `${checksUrl(other.id)}/${gas.id}`, admin.cookie)).statusCode).toBe(404);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, c.id), eq(auditLog.action, 'trade_check.revoked')));
    expect(entries).toHaveLength(1);
  });

  // Moves the clock: last in this app.
  it('lapses with the document: the badge shows through the expiry day and not after, without a write', async () => {
    const c = await createContractor(t, { businessName: `Lapsing Electrics ${Date.now()}` });
    const cookie = await longSession(t, admin.id);
    const start = new Date();
    const expiresOn = inDays(3, start);
    await inject('POST', checksUrl(c.id), admin.cookie, {
      kind: 'niceic',
      registrationNumber: 'NI12345',
      expiresOn,
    });
    t.clock.now = new Date(start.getTime() + 2 * DAY);
    expect((await detail(c.id)).verified).toBe(true);
    expect((await card(c.businessName))?.verified).toBe(true);
    t.clock.now = new Date(start.getTime() + 5 * DAY);
    expect(await detail(c.id)).toMatchObject({ verified: false, checks: [] });
    expect((await card(c.businessName))?.verified).toBe(false);
    const list = (await inject('GET', checksUrl(c.id), cookie)).json();
    expect(list.checks).toMatchObject([{ kind: 'niceic', expiresOn, active: false, revokedAt: null }]);
  });
});

describe("a trade's response time, measured from its replies to quote requests", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says nothing until three requests, then the median of the real first-reply delays', async () => {
    const tradeUser = await createContractorUser(t, { premium: true });
    const c = await createContractor(t, { userId: tradeUser.id });
    const detail = async (): Promise<TContractorDetail> =>
      (await t.app.inject({ method: 'GET', url: `/api/contractors/${c.id}` })).json();
    const tradeCookie = await longSession(t, tradeUser.id);
    const askers = await Promise.all(
      [0, 1, 2].map(async () => {
        const asker = await createPremiumTenant(t);
        return { ...asker, cookie: await longSession(t, asker.id) };
      }),
    );
    const start = Date.now() + 60_000;
    // Each request arrives, then the trade answers it `hours` later.
    for (const [i, hours] of [2, 3, 30].entries()) {
      const asker = askers[i];
      t.clock.now = new Date(start + i * 2 * DAY);
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/contractors/${c.id}/quote-requests`,
        headers: { cookie: asker.cookie },
        payload: {
          jobTitle: `Job ${i}`,
          description: 'Please quote',
          location: 'LS1 1AA',
          contactEmail: asker.email,
        },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      t.clock.now = new Date(start + i * 2 * DAY + hours * 60 * 60 * 1000);
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${asked.json().conversationId}/messages`,
        headers: { cookie: tradeCookie },
        payload: { body: 'Happy to quote: when can I visit?' },
      });
      expect(reply.statusCode, reply.body).toBe(201);
      if (i < 2) expect((await detail()).responseTime).toBeNull();
    }
    expect((await detail()).responseTime).toEqual({
      label: 'Usually replies within a few hours',
      requests: 3,
      windowDays: 365,
    });
    // A year and more later the old requests fall out of the window: nothing to say again.
    t.clock.now = new Date(start + 400 * DAY);
    expect((await detail()).responseTime).toBeNull();
  });
});
