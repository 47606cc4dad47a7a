// Doc 2 §6 "grant a trial, grant or revoke premium", §5 "trial and premium days 1 to 365", §9 default 30.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../src/domain/admin';
import { users } from '../../src/server/db/schema';
import { createTenant, longSession } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';
import { auditEntries, type Cast, createCast } from './admin.helpers';

const DAY = 24 * 60 * 60 * 1000;

describe('trials and premium control', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(() => t.close());

  const post = (url: string, body: unknown) => call(t, 'POST', url, { cookie: cast.superAdmin.cookie, body });
  const premiumOf = async (cookie: string) =>
    (await call(t, 'GET', '/api/auth/user', { cookie })).json().isPremium;
  const premiumUntil = async (id: string) =>
    (await t.db.select({ v: users.premiumUntil }).from(users).where(eq(users.id, id)))[0].v;

  it('grants a 30-day trial by default: the user becomes premium at once', async () => {
    const user = await createTenant(t);
    expect(await premiumOf(user.cookie)).toBe(false);
    const before = Date.now();
    const res = await post('/api/admin/grant-trial', { userEmail: user.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { id: user.id, isPremium: true } });
    expect(await premiumOf(user.cookie)).toBe(true);
    const until = (await premiumUntil(user.id))!.getTime();
    expect(until).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(until).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    const [entry] = await auditEntries(t, 'premium.grant_trial', user.id);
    expect(entry).toMatchObject({ actorId: cast.superAdmin.id, before: { premiumUntil: null } });
    expect(entry.after).toMatchObject({ days: 30 });
  });

  it('adds a second grant to the end of the first', async () => {
    const user = await createTenant(t);
    await post('/api/admin/grant-trial', { userEmail: user.email, trialDays: 10 });
    const first = (await premiumUntil(user.id))!.getTime();
    await post('/api/admin/grant-trial', { userEmail: user.email, trialDays: 5 });
    expect((await premiumUntil(user.id))!.getTime()).toBe(first + 5 * DAY);
  });

  it('keeps the days between 1 and 365', async () => {
    const user = await createTenant(t);
    for (const trialDays of [0, 366, 1.5, '30']) {
      const res = await post('/api/admin/grant-trial', { userEmail: user.email, trialDays });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ADMIN_MESSAGES.days);
    }
    for (const subscriptionDays of [0, 400]) {
      const res = await post('/api/admin/modify-premium', {
        userEmail: user.email,
        isPremium: true,
        subscriptionDays,
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await post('/api/admin/grant-trial', { userEmail: user.email, trialDays: 365 })).statusCode).toBe(
      200,
    );
    expect((await post('/api/admin/grant-trial', { userEmail: user.email, trialDays: 1 })).statusCode).toBe(
      200,
    );
  });

  it('answers 404 for an address with no account', async () => {
    for (const [url, body] of [
      ['/api/admin/grant-trial', { userEmail: 'nobody.here@example.test' }],
      ['/api/admin/modify-premium', { userEmail: 'nobody.here@example.test', isPremium: true }],
      ['/api/admin/modify-premium', { userEmail: 'nobody.here@example.test', isPremium: false }],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ADMIN_MESSAGES.noUser);
    }
  });

  it('grants premium for the chosen days and revokes it', async () => {
    const user = await createTenant(t);
    const granted = await post('/api/admin/modify-premium', {
      userEmail: user.email,
      isPremium: true,
      subscriptionDays: 90,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await premiumOf(user.cookie)).toBe(true);
    expect((await premiumUntil(user.id))!.getTime()).toBeGreaterThan(Date.now() + 89 * DAY);

    const revoked = await post('/api/admin/modify-premium', { userEmail: user.email, isPremium: false });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ user: { isPremium: false, premiumUntil: null } });
    expect(await premiumOf(user.cookie)).toBe(false);
    expect(await auditEntries(t, 'premium.revoke', user.id)).toHaveLength(1);
  });

  it('revokes the admin flag too, but leaves a paid subscription alone and says so', async () => {
    const flagged = await createTenant(t, { isPremium: true });
    await post('/api/admin/modify-premium', { userEmail: flagged.email, isPremium: false });
    expect(await premiumOf(flagged.cookie)).toBe(false);

    const payer = await createTenant(t, {
      subscriptionStatus: 'active',
      subscriptionPlan: 'tenant',
      currentPeriodEnd: new Date(Date.now() + 20 * DAY),
    });
    const res = await post('/api/admin/modify-premium', { userEmail: payer.email, isPremium: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/paid subscription is not affected/);
    expect(res.json().user.isPremium).toBe(true);
    expect(await premiumOf(payer.cookie)).toBe(true);
  });
  // Last: moving the clock freezes it for the rest of the file.
  it('ends the trial when its time is up, with no job', async () => {
    const user = await createTenant(t);
    const cookie = await longSession(t, user.id);
    await post('/api/admin/grant-trial', { userEmail: user.email, trialDays: 1 });
    expect(await premiumOf(cookie)).toBe(true);
    t.clock.now = new Date(Date.now() + 2 * DAY);
    expect(await premiumOf(cookie)).toBe(false);
  });
});
