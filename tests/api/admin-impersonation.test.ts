// Doc 2 §4 "Demo impersonation: start as landlord, tenant or contractor with premium access, then navigate to that
// dashboard; End Demo Session stops it." The admin becomes a separate DEMO account, never a customer's, and the demo
// session cannot delete the account or change its password.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { demoEmailFor } from '../../src/server/features/admin/impersonation/service';
import { createSuperAdmin } from '../factories/users';
import { createTestApp, sessionCookie, type TestApp } from '../support/app';
import { call } from '../support/http';
import { resetTokenFromEmail } from './accounts.helpers';
import { auditEntries, type Cast, createCast, freshCookie } from './admin.helpers';

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

  it('uses one demo account per type, and keeps the admin session only for the way back', async () => {
    const adminCookie = await freshCookie(t, cast.superAdmin);
    const first = await impersonate('tenant', adminCookie);
    // The browser's session is now the demo; the admin's own token went to the return cookie.
    expect(sessionCookie(first)).not.toBe(adminCookie);
    expect(first.cookies.find((c) => c.name === 'yp_admin_return')?.value).toBe(
      adminCookie.slice('yp_session='.length),
    );
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
    const deletion = await call(t, 'DELETE', '/api/account', {
      cookie: demo,
      body: { password: 'whatever' },
    });
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

  /** The browser's cookies after a response: the session and, during a demo, the way back. */
  const cookiesOf = (res: Awaited<ReturnType<typeof impersonate>>) =>
    Object.fromEntries(res.cookies.map((c) => [c.name, c]));

  it('ends the demo and gives the browser back the admin session it came from, with both ends audited', async () => {
    const adminCookie = await freshCookie(t, cast.superAdmin);
    const started = await impersonate('contractor', adminCookie);
    const jar = cookiesOf(started);
    expect(jar.yp_admin_return).toMatchObject({
      value: adminCookie.slice('yp_session='.length),
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/admin/stop-impersonation',
    });
    // While the demo runs, the admin cookie is not the browser's session.
    const demo = sessionCookie(started);
    expect(demo).not.toBe(adminCookie);
    const stop = await call(t, 'POST', '/api/admin/stop-impersonation', {
      cookie: `${demo}; yp_admin_return=${jar.yp_admin_return.value}`,
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toEqual({ success: true, redirectTo: '/admin/super' });
    const back = sessionCookie(stop);
    expect(back).toBe(adminCookie);
    expect(cookiesOf(stop).yp_admin_return.value).toBe('');
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

  it('never makes an admin session from the demo cookie alone', async () => {
    const adminUser = await createSuperAdmin(t);
    const started = await impersonate('tenant', await freshCookie(t, adminUser));
    const demo = sessionCookie(started);
    const stop = await call(t, 'POST', '/api/admin/stop-impersonation', { cookie: demo });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toMatchObject({ success: true, redirectTo: '/admin/login' });
    // The only session cookie in the reply is the one clearing the demo.
    expect(cookiesOf(stop).yp_session.value).toBe('');
    expect((await call(t, 'GET', '/api/auth/user', { cookie: demo })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.impersonatorId, adminUser.id))).toEqual([]);
  });

  it('refuses a return cookie that is not the session this demo started from', async () => {
    const started = await impersonate('tenant');
    const otherAdminSession = (await freshCookie(t, cast.superAdmin)).slice('yp_session='.length);
    const stop = await call(t, 'POST', '/api/admin/stop-impersonation', {
      cookie: `${sessionCookie(started)}; yp_admin_return=${otherAdminSession}`,
    });
    expect(stop.json()).toMatchObject({ redirectTo: '/admin/login' });
    expect(cookiesOf(stop).yp_session.value).toBe('');
  });

  it('lasts one hour from its start and is never renewed by use', async () => {
    const adminUser = await createSuperAdmin(t);
    const start = new Date();
    t.clock.now = start;
    try {
      const started = await impersonate('landlord', await freshCookie(t, adminUser));
      const demo = sessionCookie(started);
      expect(cookiesOf(started).yp_session.maxAge).toBe(3600);
      for (const minutes of [20, 40, 59]) {
        t.clock.now = new Date(start.getTime() + minutes * 60_000);
        expect((await call(t, 'GET', '/api/auth/user', { cookie: demo })).statusCode).toBe(200);
      }
      t.clock.now = new Date(start.getTime() + 61 * 60_000);
      expect((await call(t, 'GET', '/api/auth/user', { cookie: demo })).statusCode).toBe(401);
      const [row] = await t.db.select().from(sessions).where(eq(sessions.impersonatorId, adminUser.id));
      expect(row.expiresAt.getTime()).toBe(start.getTime() + 3_600_000);
    } finally {
      t.clock.now = new Date();
    }
  });

  it("ends with the admin's password change on another device, and cannot be exchanged afterwards", async () => {
    const adminUser = await createSuperAdmin(t);
    const started = await impersonate('contractor', await freshCookie(t, adminUser));
    const demo = sessionCookie(started);
    const returnCookie = `yp_admin_return=${cookiesOf(started).yp_admin_return.value}`;
    expect((await call(t, 'GET', '/api/auth/user', { cookie: demo })).statusCode).toBe(200);

    const change = await call(t, 'PUT', '/api/change-password', {
      cookie: await freshCookie(t, adminUser),
      body: { currentPassword: adminUser.password, newPassword: 'a-new-admin-password-2026' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await call(t, 'GET', '/api/auth/user', { cookie: demo })).statusCode).toBe(401);
    const stop = await call(t, 'POST', '/api/admin/stop-impersonation', {
      cookie: `${demo}; ${returnCookie}`,
    });
    expect(stop.statusCode).toBe(401);
    expect(stop.cookies.find((c) => c.name === 'yp_session' && c.value)).toBeUndefined();
  });

  it("ends with the admin's password reset", async () => {
    const adminUser = await createSuperAdmin(t);
    const demo = sessionCookie(await impersonate('tenant', await freshCookie(t, adminUser)));
    await call(t, 'POST', '/api/auth/forgot-password', { body: { email: adminUser.email } });
    const token = await resetTokenFromEmail(t, adminUser.email);
    const reset = await call(t, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'another-admin-password-2026' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await call(t, 'GET', '/api/auth/user', { cookie: demo })).statusCode).toBe(401);
  });

  it('ends when the admin session it came from ends (admin sign-out)', async () => {
    const adminCookie = await freshCookie(t, cast.superAdmin);
    const started = await impersonate('landlord', adminCookie);
    const demo = sessionCookie(started);
    // The admin session signs out (its token is the return cookie; here used directly).
    const out = await call(t, 'POST', '/api/admin/logout', { cookie: adminCookie });
    expect(out.statusCode, out.body).toBe(200);
    expect((await call(t, 'GET', '/api/auth/user', { cookie: demo })).statusCode).toBe(401);
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
