// Doc 2 §6 roles: every /api/admin/* route, found from the app's own route list (a new route is covered without
// editing this file), called as a visitor, each kind of user, an admin and the super admin.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedUser } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';
import { type Cast, createCast, freshCookie } from './admin.helpers';

/** Routes a plain admin may use (doc 2 §6 "Admin: analytics, moderation, contact submissions"). */
const ADMIN_ROUTES = new Set([
  'POST /api/admin/logout',
  'GET /api/admin/statistics',
  'GET /api/admin/content-submissions',
  'POST /api/admin/content-submissions/:id/review',
  'GET /api/admin/contact-submissions',
  'PATCH /api/admin/contact-submissions/:id',
  // Reported conversations are moderation (issue 13).
  'GET /api/admin/reports',
  'POST /api/admin/reports/:id/close',
  // The checks behind a trade's Verified badge are vetting (issue 28).
  'GET /api/admin/contractors/:id/checks',
  'POST /api/admin/contractors/:id/checks',
  'DELETE /api/admin/contractors/:id/checks/:checkId',
  // Choosing the landing page's featured homes is curation, not account control (issue 30, decision 0062).
  'GET /api/admin/featured',
  'PUT /api/admin/featured/:id',
  'DELETE /api/admin/featured/:id',
]);
/** Open to everyone by design: the login form and the "am I an admin?" probe. */
const PUBLIC_ROUTES = new Set(['POST /api/admin/login', 'GET /api/admin/auth']);
/** Checks the session's impersonator rather than the role; tested in admin-impersonation.test.ts. */
const IMPERSONATION_ROUTES = new Set(['POST /api/admin/stop-impersonation']);

describe('admin authorization matrix', () => {
  let t: TestApp;
  let cast: Cast;
  let routes: string[];

  /** A body that passes validation, so "allowed" is a real answer and not a 400. */
  const validBody = (key: string): unknown => {
    switch (key) {
      case 'POST /api/admin/content-submissions/:id/review':
        return { status: 'approved' };
      case 'PATCH /api/admin/contact-submissions/:id':
        return { status: 'read' };
      case 'POST /api/admin/bulk-delete-users':
        return { userIds: [randomUUID()], confirmation: 'DELETE' };
      case 'POST /api/admin/grant-trial':
        return { userEmail: cast.freeTenant.email, trialDays: 1 };
      case 'POST /api/admin/modify-premium':
        return { userEmail: cast.freeTenant.email, isPremium: false };
      case 'POST /api/admin/impersonate':
        return { userType: 'tenant', demoMode: true };
      case 'POST /api/admin/create-live-content':
        return {
          contentType: 'contractor',
          contentData: { businessName: 'Matrix Plumbing' },
          publishDuration: 1,
        };
      default:
        return undefined;
    }
  };

  const send = async (key: string, user: CreatedUser | null) => {
    const [method, url] = key.split(' ');
    return call(t, method as 'GET', url.replace(/:[A-Za-z]+/g, randomUUID()), {
      cookie: user ? await freshCookie(t, user) : undefined,
      body: validBody(key),
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
    routes = [
      ...new Set(
        t.app.routeList
          .filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
          .map((r) => `${r.method} ${r.url}`),
      ),
    ].sort();
  });
  afterAll(() => t.close());

  it('finds every admin call of the spec in the route list', () => {
    for (const key of [
      'POST /api/admin/login',
      'GET /api/admin/auth',
      'POST /api/admin/logout',
      'GET /api/admin/statistics',
      'GET /api/admin/content-submissions',
      'POST /api/admin/content-submissions/:id/review',
      'GET /api/admin/contact-submissions',
      'PATCH /api/admin/contact-submissions/:id',
      'GET /api/admin/all-users',
      'GET /api/admin/live-content',
      'POST /api/admin/grant-trial',
      'POST /api/admin/modify-premium',
      'POST /api/admin/impersonate',
      'POST /api/admin/stop-impersonation',
      'POST /api/admin/create-live-content',
      'DELETE /api/admin/property/:id',
      'DELETE /api/admin/contractor/:id',
      'DELETE /api/admin/delete-user/:id',
      'POST /api/admin/bulk-delete-users',
      'GET /api/admin/audit-log',
    ])
      expect(routes).toContain(key);
  });

  it('refuses every guarded admin route to a visitor with 401', async () => {
    const wrong: string[] = [];
    for (const key of routes.filter((r) => !PUBLIC_ROUTES.has(r))) {
      const res = await send(key, null);
      if (res.statusCode !== 401) wrong.push(`${key} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  for (const who of ['freeTenant', 'premiumTenant', 'landlord', 'contractor'] as const) {
    it(`refuses every guarded admin route to a ${who} with 403`, async () => {
      const wrong: string[] = [];
      for (const key of routes.filter((r) => !PUBLIC_ROUTES.has(r))) {
        const res = await send(key, cast[who]);
        if (res.statusCode !== 403) wrong.push(`${key} → ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('lets an admin use the admin routes and refuses the super-admin ones with 403', async () => {
    const wrong: string[] = [];
    for (const key of routes.filter((r) => !PUBLIC_ROUTES.has(r))) {
      const res = await send(key, cast.admin);
      const allowed = res.statusCode < 500 && res.statusCode !== 401 && res.statusCode !== 403;
      const expectAllowed = ADMIN_ROUTES.has(key) || IMPERSONATION_ROUTES.has(key);
      if (allowed !== expectAllowed || res.statusCode >= 500)
        wrong.push(`${key} → ${res.statusCode} ${res.body.slice(0, 100)}`);
      if (!expectAllowed && res.statusCode !== 403) wrong.push(`${key} should be 403, was ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets the super admin use every admin route', async () => {
    const wrong: string[] = [];
    for (const key of routes.filter((r) => !PUBLIC_ROUTES.has(r))) {
      const res = await send(key, cast.superAdmin);
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)
        wrong.push(`${key} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers the auth probe for everyone, authenticated only for admins', async () => {
    for (const [who, user] of [['visitor', null], ...Object.entries(cast)] as Array<
      [string, CreatedUser | null]
    >) {
      const res = await send('GET /api/admin/auth', user);
      expect(res.statusCode, who).toBe(200);
      const staff = who === 'admin' || who === 'superAdmin';
      expect(res.json(), who).toEqual(
        staff
          ? {
              isAuthenticated: true,
              role: who === 'admin' ? 'admin' : 'super_admin',
              email: user!.email,
              warnings: [],
            }
          : { isAuthenticated: false, role: null, email: null },
      );
    }
  });

  it('keeps the login form open to anyone but signs in only staff', async () => {
    for (const [who, user] of Object.entries(cast)) {
      const res = await call(t, 'POST', '/api/admin/login', {
        body: { username: user.email, password: user.password },
      });
      const staff = who === 'admin' || who === 'superAdmin';
      expect(res.statusCode, who).toBe(staff ? 200 : 401);
    }
  });
});
