// Doc 2 §3 "Admin statistics: totalUsers, premiumTenants, subscribedLandlords, subscribedContractors,
// newUsersThisMonth", §9 "monthly revenue = premiumTenants×1 + landlords×20 + contractors×10", with per-day series for
// a range of London days.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyRevenuePence, type TAdminStatistics } from '../../src/domain/admin';
import { contractors, pageViews } from '../../src/server/db/schema';
import { londonDayOf } from '../../src/server/features/admin/statistics/service';
import { createContractor } from '../factories/contractors';
import { createListing } from '../factories/listings';
import { createAdmin, createContractorUser, createLandlord, createTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';
import { type Cast, createCast } from './admin.helpers';

const DAY = 24 * 60 * 60 * 1000;

describe('admin statistics', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(() => t.close());

  const stats = async (query = '') => {
    const res = await call(t, 'GET', `/api/admin/statistics${query}`, { cookie: cast.admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TAdminStatistics;
  };

  it('counts users and paying users by type, and prices them by the spec formula', async () => {
    const before = await stats();
    const future = new Date(Date.now() + 10 * DAY);
    await createTenant(t); // free
    await createTenant(t, { isPremium: true });
    await createTenant(t, { premiumUntil: future });
    await createTenant(t, { premiumUntil: new Date(Date.now() - DAY) }); // lapsed: not premium
    await createLandlord(t, {
      subscriptionStatus: 'active',
      subscriptionPlan: 'landlord',
      currentPeriodEnd: future,
    });
    await createLandlord(t, { subscriptionStatus: 'canceled', currentPeriodEnd: new Date(Date.now() - DAY) }); // over
    await createContractorUser(t, { subscriptionStatus: 'trialing', currentPeriodEnd: future });
    await createContractorUser(t, { subscriptionStatus: 'canceled', currentPeriodEnd: future });
    await createAdmin(t); // staff are not users of the marketplace

    const after = await stats();
    expect(after.totalUsers - before.totalUsers).toBe(8);
    expect(after.premiumTenants - before.premiumTenants).toBe(2);
    expect(after.subscribedLandlords - before.subscribedLandlords).toBe(1);
    expect(after.subscribedContractors - before.subscribedContractors).toBe(2);
    expect(after.newUsersThisMonth - before.newUsersThisMonth).toBe(8);
    expect(after.monthlyRevenuePence - before.monthlyRevenuePence).toBe(2 * 100 + 1 * 2000 + 2 * 1000);
    expect(after.monthlyRevenuePence).toBe(monthlyRevenuePence(after));
  });

  it('counts only this month (London) as new', async () => {
    const before = await stats();
    await createTenant(t, { createdAt: new Date(Date.now() - 62 * DAY) });
    const after = await stats();
    expect(after.totalUsers - before.totalUsers).toBe(1);
    expect(after.newUsersThisMonth).toBe(before.newUsersThisMonth);
  });

  it('gives sign-ups and page views per London day, every day of the range present', async () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    await createTenant(t, { createdAt: new Date('2025-06-30T23:30:00Z') });
    await createTenant(t, { createdAt: new Date('2025-06-30T12:00:00Z') });
    await t.db.insert(pageViews).values([
      { path: '/about', createdAt: new Date('2025-07-01T09:00:00Z') },
      { path: '/about', createdAt: new Date('2025-07-01T10:00:00Z') },
      { path: '/contact', createdAt: new Date('2025-07-02T10:00:00Z') },
      { path: '/contact', createdAt: new Date('2025-07-03T23:30:00Z') }, // 4 July in London
    ]);
    const s = await stats('?from=2025-06-30&to=2025-07-03');
    expect(s.from).toBe('2025-06-30');
    expect(s.to).toBe('2025-07-03');
    expect(s.signupsPerDay).toEqual([
      { date: '2025-06-30', count: 1 },
      { date: '2025-07-01', count: 1 },
      { date: '2025-07-02', count: 0 },
      { date: '2025-07-03', count: 0 },
    ]);
    expect(s.pageViewsPerDay).toEqual([
      { date: '2025-06-30', count: 0 },
      { date: '2025-07-01', count: 2 },
      { date: '2025-07-02', count: 1 },
      { date: '2025-07-03', count: 0 },
    ]);
    expect(s.topPages).toEqual([
      { path: '/about', count: 2 },
      { path: '/contact', count: 1 },
    ]);
  });

  it('counts listings and contractor profiles created in the range by where they are now', async () => {
    const landlord = await createLandlord(t);
    const day = new Date('2025-03-10T12:00:00Z');
    await createListing(t, { landlordId: landlord.id, status: 'pending', createdAt: day });
    await createListing(t, { landlordId: landlord.id, status: 'live', createdAt: day });
    await createListing(t, {
      landlordId: landlord.id,
      status: 'live',
      createdAt: day,
      liveUntil: new Date(Date.now() - DAY),
    });
    await createListing(t, { landlordId: landlord.id, status: 'rejected', createdAt: day });
    await createListing(t, {
      landlordId: landlord.id,
      status: 'live',
      createdAt: new Date('2025-04-10T12:00:00Z'),
    });
    for (const status of ['pending', 'live', 'live'] as const) {
      const profile = await createContractor(t, { status });
      await t.db.update(contractors).set({ createdAt: day }).where(eq(contractors.id, profile.id));
    }
    const s = await stats('?from=2025-03-01&to=2025-03-31');
    expect(s.listings).toEqual({ pending: 1, live: 1, rejected: 1 });
    expect(s.contractors).toEqual({ pending: 1, live: 2 });
  });

  it('defaults to the last 30 London days ending today', async () => {
    const s = await stats();
    expect(s.to).toBe(londonDayOf(new Date()));
    expect(s.signupsPerDay).toHaveLength(30);
    expect(s.pageViewsPerDay[29].date).toBe(s.to);
  });

  it('refuses a range over 366 days, backwards, or not dates', async () => {
    for (const query of [
      '?from=2024-01-01&to=2025-06-30',
      '?from=2025-07-02&to=2025-07-01',
      '?from=yesterday',
      '?to=2025-13-01',
    ]) {
      const res = await call(t, 'GET', `/api/admin/statistics${query}`, { cookie: cast.admin.cookie });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await stats('?from=2024-07-01&to=2025-07-01')).signupsPerDay).toHaveLength(366);
  });
});
