// Doc 2 §4 "Demo impersonation: start as landlord, tenant or contractor with premium access, then navigate to that
// dashboard; End Demo Session stops it." The admin becomes a separate DEMO account, never a customer's, and the demo
// session cannot delete the account or change its password.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { demoEmailFor } from '../../src/server/features/admin/impersonation/service';
import { createTestApp, sessionCookie, type TestApp } from '../support/app';
import { auditEntries, type Cast, call, createCast, freshCookie } from './admin.helpers';

describe('demo impersonation', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(() => t.close());

  const impersonate = async (userType: string, cookie?: string) =>
    call(t, 'POST', '/api/admin/impersonate', {
      cookie: cookie ?? (await freshCookie(t, cast.superAdmin)),
      body: { userType, demoMode: true },
    });

  for (const [userType, dashboard] of [
    ['landlord', '/landlord-dashboard'],
    ['tenant', '/tenant-dashboard'],
    ['contractor', '/contractor-dashboard'],
  ] as const) {
    it(`signs the admin in as a premium demo ${userType} and points at ${dashboard}`, async () => {
      const res = await impersonate(userType);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, redirectTo: dashboard });
      const me = await call(t, 'GET', '/api/auth/user', { cookie: sessionCookie(res) });
      expect(me.json()).toMatchObject({
        email: demoEmailFor(userType),
        userType,
        role: 'user',
        isPremium: true,
        impersonating: true,
      });
      const [row] = await t.db
        .select()
        .from(users)
        .where(eq(users.email, demoEmailFor(userType)));
      expect(row).toMatchObject({ isDemo: true, passwordHash: null });
    });
  }

  it('uses one demo account per type, and the admin session ends when the demo starts', async () => {
    const adminCookie = await freshCookie(t, cast.superAdmin);
    const first = await impersonate('tenant', adminCookie);
    expect((await call(t, 'GET', '/api/auth/user', { cookie: adminCookie })).statusCode).toBe(401);
    const second = await impersonate('tenant');
    const a = (await call(t, 'GET', '/api/auth/user', { cookie: sessionCookie(first) })).json().id;
    const b = (await call(t, 'GET', '/api/auth/user', { cookie: sessionCookie(second) })).json().id;
    expect(a).toBe(b);
  });

  it('gives the demo session no admin powers', async () => {
    const demo = sessionCookie(await impersonate('landlord'));
    expect((await call(t, 'GET', '/api/admin/statistics', { cookie: demo })).statusCode).toBe(403);
    expect((await call(t, 'GET', '/api/admin/auth', { cookie: demo })).json().isAuthenticated).toBe(false);
    expect((await impersonate('tenant', demo)).statusCode).toBe(403);
  });

  it('refuses account deletion and password changes during the demo', async () => {
    const demo = sessionCookie(await impersonate('tenant'));
    const deletion = await call(t, 'DELETE', '/api/account', { cookie: demo });
    expect(deletion.statusCode).toBe(403);
    const password = await call(t, 'PUT', '/api/change-password', {
      cookie: demo,
      body: { currentPassword: 'whatever', newPassword: 'new-password-1' },
    });
    expect(password.statusCode).toBe(403);
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.email, demoEmailFor('tenant'))),
    ).toHaveLength(1);
  });

  it('ends the demo and signs the admin back in, with both ends in the audit log', async () => {
    const started = await impersonate('contractor');
    const demo = sessionCookie(started);
    const stop = await call(t, 'POST', '/api/admin/stop-impersonation', { cookie: demo });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toEqual({ success: true, redirectTo: '/admin/super' });
    const back = sessionCookie(stop);
    const me = (await call(t, 'GET', '/api/auth/user', { cookie: back })).json();
    expect(me).toMatchObject({ id: cast.superAdmin.id, impersonating: false });
    expect((await call(t, 'GET', '/api/admin/auth', { cookie: back })).json()).toMatchObject({
      role: 'super_admin',
    });
    expect((await call(t, 'GET', '/api/auth/user', { cookie: demo })).statusCode).toBe(401);

    const demoId = (
      await t.db
        .select()
        .from(users)
        .where(eq(users.email, demoEmailFor('contractor')))
    )[0].id;
    expect((await auditEntries(t, 'impersonation.start', demoId))[0]).toMatchObject({
      actorId: cast.superAdmin.id,
    });
    expect((await auditEntries(t, 'impersonation.stop', demoId))[0]).toMatchObject({
      actorId: cast.superAdmin.id,
    });
  });

  it('refuses to end a demo session that is not one', async () => {
    const admin = await call(t, 'POST', '/api/admin/stop-impersonation', {
      cookie: await freshCookie(t, cast.superAdmin),
    });
    expect(admin.statusCode).toBe(409);
    const tenant = await call(t, 'POST', '/api/admin/stop-impersonation', { cookie: cast.freeTenant.cookie });
    expect(tenant.statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/admin/stop-impersonation')).statusCode).toBe(401);
  });

  it('never signs in as a real account that holds a demo address', async () => {
    await t.db.delete(users).where(eq(users.email, demoEmailFor('landlord')));
    await t.db.insert(users).values({
      email: demoEmailFor('landlord'),
      firstName: 'Real',
      lastName: 'Person',
      userType: 'landlord',
      isDemo: false,
    });
    const res = await impersonate('landlord');
    expect(res.statusCode).toBe(409);
    expect(res.cookies.find((c) => c.name === 'yp_session')).toBeUndefined();
  });

  it('refuses a plain admin and anything but demo mode', async () => {
    expect((await impersonate('tenant', await freshCookie(t, cast.admin))).statusCode).toBe(403);
    const notDemo = await call(t, 'POST', '/api/admin/impersonate', {
      cookie: await freshCookie(t, cast.superAdmin),
      body: { userType: 'tenant', demoMode: false },
    });
    expect(notDemo.statusCode).toBe(400);
    expect((await impersonate('wizard')).statusCode).toBe(400);
  });
});
