// Doc 2 §6 super admin: view all users, delete a user, bulk delete users (typed DELETE, §5), with the audit log.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type TAllUsersPage } from '../../src/domain/admin';
import { users } from '../../src/server/db/schema';
import { createLandlord, createSuperAdmin, createTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';
import { auditEntries, type Cast, createCast } from './admin.helpers';

describe('user management', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(() => t.close());

  const list = async (query = '') => {
    const res = await call(t, 'GET', `/api/admin/all-users${query}`, { cookie: cast.superAdmin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TAllUsersPage;
  };
  /** A live account: a deleted one stays as an anonymised row for what others share with it (decision 0051). */
  const exists = async (id: string) => {
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    return !!row && row.deletedAt === null;
  };
  const bulk = (body: unknown) =>
    call(t, 'POST', '/api/admin/bulk-delete-users', { cookie: cast.superAdmin.cookie, body });

  it('lists users newest first with their effective premium and no secrets', async () => {
    const page = await list('?limit=3');
    expect(page).toMatchObject({ page: 1, limit: 3 });
    expect(page.total).toBeGreaterThanOrEqual(6);
    expect(page.users).toHaveLength(3);
    const all = (await list('?limit=100')).users;
    expect(all.find((u) => u.id === cast.premiumTenant.id)).toMatchObject({
      isPremium: true,
      userType: 'tenant',
      role: 'user',
    });
    expect(all.find((u) => u.id === cast.freeTenant.id)).toMatchObject({ isPremium: false });
    expect(all.find((u) => u.id === cast.superAdmin.id)).toMatchObject({
      role: 'super_admin',
      userType: null,
    });
    expect(JSON.stringify(all)).not.toMatch(/passwordHash|stripe/i);
  });

  it('searches by name and email, filters by type and premium, and pages', async () => {
    const a = await createTenant(t, { firstName: 'Ottoline', lastName: 'Ferris' });
    const b = await createLandlord(t, { firstName: 'Ottoline', lastName: 'Marsh', premium: true });
    expect((await list('?q=ottoline')).users.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());
    expect((await list('?q=ottoline%20ferris')).users.map((u) => u.id)).toEqual([a.id]);
    expect((await list(`?q=${encodeURIComponent(b.email)}`)).users.map((u) => u.id)).toEqual([b.id]);
    expect((await list('?q=ottoline&userType=landlord')).users.map((u) => u.id)).toEqual([b.id]);
    expect((await list('?q=ottoline&premium=true')).users.map((u) => u.id)).toEqual([b.id]);
    expect((await list('?q=ottoline&premium=false')).users.map((u) => u.id)).toEqual([a.id]);
    const first = await list('?q=ottoline&limit=1');
    const second = await list('?q=ottoline&limit=1&page=2');
    expect(first.total).toBe(2);
    expect([first.users[0].id, second.users[0].id].sort()).toEqual([a.id, b.id].sort());
    expect(
      (await call(t, 'GET', '/api/admin/all-users?userType=wizard', { cookie: cast.superAdmin.cookie }))
        .statusCode,
    ).toBe(400);
  });

  it('deletes a user with the account deletion, and records who it was', async () => {
    const victim = await createLandlord(t, { firstName: 'Gone', lastName: 'Soon' });
    const res = await call(t, 'DELETE', `/api/admin/delete-user/${victim.id}`, {
      cookie: cast.superAdmin.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await exists(victim.id)).toBe(false);
    const [row] = await t.db.select().from(users).where(eq(users.id, victim.id));
    expect(row).toMatchObject({ firstName: 'Deleted user', email: `deleted-${victim.id}@deleted.invalid` });
    expect(JSON.stringify(await list(`?q=${encodeURIComponent('Deleted user')}`))).not.toContain(victim.id);
    expect((await call(t, 'GET', '/api/auth/user', { cookie: victim.cookie })).statusCode).toBe(401);
    const [entry] = await auditEntries(t, 'user.delete', victim.id);
    expect(entry).toMatchObject({ actorId: cast.superAdmin.id, targetType: 'user' });
    expect(entry.before).toMatchObject({ email: victim.email, firstName: 'Gone', userType: 'landlord' });
    expect(JSON.stringify(entry.before)).not.toMatch(/password/i);
  });

  it('refuses to delete yourself or another super admin, and answers 404 for unknown users', async () => {
    const other = await createSuperAdmin(t);
    for (const id of [cast.superAdmin.id, other.id]) {
      const res = await call(t, 'DELETE', `/api/admin/delete-user/${id}`, { cookie: cast.superAdmin.cookie });
      expect(res.statusCode).toBe(403);
      expect(await exists(id)).toBe(true);
    }
    const unknown = await call(t, 'DELETE', '/api/admin/delete-user/00000000-0000-4000-8000-000000000000', {
      cookie: cast.superAdmin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lets the super admin delete a plain admin', async () => {
    const admin = await createTenant(t, { role: 'admin', userType: null });
    const res = await call(t, 'DELETE', `/api/admin/delete-user/${admin.id}`, {
      cookie: cast.superAdmin.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(await exists(admin.id)).toBe(false);
  });

  it('requires the typed DELETE for bulk deletion, enforced by the server', async () => {
    const victim = await createTenant(t);
    for (const confirmation of [undefined, 'delete', 'DELETE ', 'yes']) {
      const res = await bulk({
        userIds: [victim.id],
        ...(confirmation === undefined ? {} : { confirmation }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ADMIN_MESSAGES.confirmation);
    }
    expect(await exists(victim.id)).toBe(true);
  });

  it('bulk deletes in one go, skipping yourself, super admins and unknown ids', async () => {
    const a = await createTenant(t);
    const b = await createLandlord(t);
    const boss = await createSuperAdmin(t);
    const unknown = '00000000-0000-4000-8000-0000000000aa';
    const res = await bulk({
      userIds: [a.id, b.id, boss.id, cast.superAdmin.id, unknown],
      confirmation: 'DELETE',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.deleted).toBe(2);
    expect(body.deletedIds.sort()).toEqual([a.id, b.id].sort());
    expect(body.skipped.map((s: { id: string }) => s.id).sort()).toEqual(
      [boss.id, cast.superAdmin.id, unknown].sort(),
    );
    expect(await exists(a.id)).toBe(false);
    expect(await exists(b.id)).toBe(false);
    expect(await exists(boss.id)).toBe(true);
    expect(await auditEntries(t, 'user.delete', a.id)).toHaveLength(1);
    expect(await auditEntries(t, 'user.delete', b.id)).toHaveLength(1);
  });

  it('refuses more than 100 ids, none, and ids that are not ids', async () => {
    const many = Array.from(
      { length: 101 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    expect((await bulk({ userIds: many, confirmation: 'DELETE' })).statusCode).toBe(400);
    expect((await bulk({ userIds: [], confirmation: 'DELETE' })).statusCode).toBe(400);
    expect((await bulk({ userIds: ['nope'], confirmation: 'DELETE' })).statusCode).toBe(400);
  });

  it('shows the audit log newest first, filtered by action', async () => {
    const victim = await createTenant(t);
    await call(t, 'DELETE', `/api/admin/delete-user/${victim.id}`, { cookie: cast.superAdmin.cookie });
    const res = await call(t, 'GET', '/api/admin/audit-log?action=user.delete&limit=5', {
      cookie: cast.superAdmin.cookie,
    });
    expect(res.statusCode).toBe(200);
    const { entries, total } = res.json();
    expect(total).toBeGreaterThanOrEqual(1);
    expect(entries[0]).toMatchObject({
      action: 'user.delete',
      targetId: victim.id,
      actorEmail: cast.superAdmin.email,
    });
    expect(entries.every((e: { action: string }) => e.action === 'user.delete')).toBe(true);
    const times = entries.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
