// Issue 29: one user filed 31 reports on one conversation. Now one OPEN report per conversation and person (409,
// held by a partial unique index when two arrive at once) and a daily limit on reports per person (429 with
// Retry-After). Both failed on today's main.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMIT_MESSAGES, LIMITS } from '../../src/domain/limits';
import { conversationReports } from '../../src/server/db/schema';
import { enquiryOf } from '../factories/conversations';
import { createListing } from '../factories/listings';
import { type CreatedUser, createAdmin, createLandlord, createPremiumTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';

describe('reports: one open per conversation and person, and a daily limit', () => {
  let t: TestApp;
  let landlord: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { premium: true });
  });
  afterAll(() => t.close());

  const conversationOf = async (tenant: CreatedUser) =>
    enquiryOf(t, tenant, (await createListing(t, { landlordId: landlord.id })).id);
  const report = (who: CreatedUser, id: string, reason = 'Asked for a deposit before any viewing.') =>
    call(t, 'POST', `/api/conversations/${id}/report`, { cookie: who.cookie, body: { reason } });

  it('answers a second report on the same conversation with 409 until the first is closed', async () => {
    const tenant = await createPremiumTenant(t);
    const id = await conversationOf(tenant);
    expect((await report(tenant, id)).statusCode).toBe(201);
    const again = await report(tenant, id, 'And again.');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: LIMIT_MESSAGES.reportOpen });
    // The other side may report the same conversation: the rule is per person.
    expect((await report(landlord, id)).statusCode).toBe(201);

    const admin = await createAdmin(t);
    const [open] = await t.db
      .select()
      .from(conversationReports)
      .where(and(eq(conversationReports.conversationId, id), eq(conversationReports.reporterId, tenant.id)));
    const closed = await call(t, 'POST', `/api/admin/reports/${open.id}/close`, { cookie: admin.cookie });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await report(tenant, id, 'It happened again.')).statusCode).toBe(201);
  });

  it('keeps one open report even when two arrive at once (the partial unique index)', async () => {
    const tenant = await createPremiumTenant(t);
    const id = await conversationOf(tenant);
    const answers = (await Promise.all([report(tenant, id), report(tenant, id), report(tenant, id)])).map(
      (r) => r.statusCode,
    );
    expect(answers.sort()).toEqual([201, 409, 409]);
    await expect(
      t.db
        .insert(conversationReports)
        .values({ conversationId: id, reporterId: tenant.id, reason: 'direct' }),
    ).rejects.toThrow();
  });

  it(`limits a person to ${LIMITS.reportsPerUser.max} reports a day, with 429 and Retry-After`, async () => {
    const tenant = await createPremiumTenant(t);
    const answers: number[] = [];
    let refused: Awaited<ReturnType<typeof report>> | undefined;
    for (let i = 0; i <= LIMITS.reportsPerUser.max; i++) {
      const res = await report(tenant, await conversationOf(tenant));
      answers.push(res.statusCode);
      if (res.statusCode === 429) refused = res;
    }
    expect(answers.filter((s) => s === 201)).toHaveLength(LIMITS.reportsPerUser.max);
    expect(refused?.statusCode).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(refused?.json().message).toMatch(/You have sent 10 reports in the last 24 hours/);
  });
});
