// The renter profile (issue 31 item 1; decision 0064): GET and PUT /api/renter-profile are a tenant's own, on any
// plan; the share code's form is checked; nobody else reads the profile through any route; account deletion
// removes it and "Download my data" includes it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonToday } from '../../src/domain/dates';
import { RENTER_PROFILE_MESSAGES } from '../../src/domain/renter-profile';
import { renterProfiles } from '../../src/server/db/schema';
import { tenantInConversation } from '../factories/conversations';
import { createListing } from '../factories/listings';
import {
  type CreatedUser,
  createAdmin,
  createContractorUser,
  createLandlord,
  createPremiumTenant,
  createSuperAdmin,
  createTenant,
  longSession,
  signIn,
} from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call } from '../support/http';

/** A day `days` after today in London. */
const dayFromToday = (days: number) => londonToday(new Date(Date.now() + days * 86_400_000));

const PROFILE = () => ({
  introduction: 'Staff nurse at the Royal Infirmary; quiet, tidy and never late with rent.',
  householdSize: 2,
  pets: 'has_pets',
  petDetails: 'One elderly indoor cat',
  moveInFrom: dayFromToday(30),
  monthlyIncome: 2450,
  guarantorAvailable: true,
  rightToRentShareCode: 'r12 3ab c45',
  previousLandlord: { name: 'Mrs Joan Hart', email: 'Joan.Hart@example.test' },
});

describe('/api/renter-profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (who?: CreatedUser) => call(t, 'GET', '/api/renter-profile', { cookie: who?.cookie });
  const put = (who: CreatedUser | undefined, body: unknown) =>
    call(t, 'PUT', '/api/renter-profile', { cookie: who?.cookie, body });

  it('asks a visitor to sign in, to read or to save', async () => {
    expect((await get()).statusCode).toBe(401);
    const res = await put(undefined, PROFILE());
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('is for tenants only: landlords, contractors and staff are refused, whatever they send', async () => {
    for (const other of [
      await createLandlord(t, { premium: true }),
      await createContractorUser(t, { premium: true }),
      await createAdmin(t),
      await createSuperAdmin(t),
    ]) {
      const read = await get(other);
      expect(read.statusCode).toBe(403);
      expect(read.json()).toMatchObject({ code: 'FORBIDDEN', message: RENTER_PROFILE_MESSAGES.tenantsOnly });
      for (const body of [PROFILE(), { nonsense: true }]) {
        const write = await put(other, body);
        expect(write.statusCode).toBe(403);
      }
      const stored = await t.db.select().from(renterProfiles).where(eq(renterProfiles.userId, other.id));
      expect(stored).toEqual([]);
    }
  });

  it('is empty until a free tenant saves one: no premium plan is needed to build it', async () => {
    const tenant = await createTenant(t);
    const before = await get(tenant);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ profile: null });
    expect(before.headers['cache-control']).toMatch(/no-store/);

    const saved = await put(tenant, PROFILE());
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      introduction: PROFILE().introduction,
      householdSize: 2,
      pets: 'has_pets',
      petDetails: 'One elderly indoor cat',
      moveInFrom: PROFILE().moveInFrom,
      monthlyIncome: 2450,
      guarantorAvailable: true,
      rightToRentShareCode: 'R123ABC45',
      previousLandlord: { name: 'Mrs Joan Hart', email: 'joan.hart@example.test' },
    };
    expect(saved.json().profile).toMatchObject(expected);
    expect(Number.isNaN(Date.parse(saved.json().profile.updatedAt))).toBe(false);

    const after = await get(tenant);
    expect(after.json()).toEqual(saved.json());
    // Money in pence in the database, pounds in the API (as the property API's rent).
    const [row] = await t.db.select().from(renterProfiles).where(eq(renterProfiles.userId, tenant.id));
    expect(row.monthlyIncomePence).toBe(245_000);
    expect(row.rightToRentShareCode).toBe('R123ABC45');
  });

  it('replaces every field on each save: what is left out is no longer said', async () => {
    const tenant = await createPremiumTenant(t);
    expect((await put(tenant, PROFILE())).statusCode).toBe(200);
    const res = await put(tenant, {
      introduction: 'Moving for a new job.',
      householdSize: 1,
      pets: 'none',
      petDetails: 'Left over from before',
      moveInFrom: dayFromToday(0),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({
      introduction: 'Moving for a new job.',
      householdSize: 1,
      pets: 'none',
      petDetails: null,
      moveInFrom: dayFromToday(0),
      monthlyIncome: null,
      guarantorAvailable: null,
      rightToRentShareCode: null,
      previousLandlord: null,
    });
    const rows = await t.db.select().from(renterProfiles).where(eq(renterProfiles.userId, tenant.id));
    expect(rows).toHaveLength(1);
  });

  it('checks the share code: nine letters and digits beginning with R, named beside the field', async () => {
    const tenant = await createTenant(t);
    expect((await put(tenant, PROFILE())).statusCode).toBe(200);
    for (const [code, message] of [
      ['R12 3AB C4', RENTER_PROFILE_MESSAGES.shareCodeLength],
      ['W12 3AB C45', RENTER_PROFILE_MESSAGES.shareCodeWork],
      ['X12 3AB C45', RENTER_PROFILE_MESSAGES.shareCodePurpose],
      ['R12 3A* C45', RENTER_PROFILE_MESSAGES.shareCodeCharacters],
    ]) {
      const res = await put(tenant, { ...PROFILE(), introduction: 'Changed', rightToRentShareCode: code });
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { rightToRentShareCode: [message] },
      });
    }
    // Nothing of a refused save is kept.
    expect((await get(tenant)).json().profile.introduction).toBe(PROFILE().introduction);
  });

  it('refuses a move-in date in the past by the server’s own clock, and takes today', async () => {
    const tenant = await createTenant(t);
    t.clock.now = new Date('2027-03-15T12:00:00Z');
    // A session begun at the moved clock.
    tenant.cookie = await longSession(t, tenant.id);
    try {
      const past = await put(tenant, { ...PROFILE(), moveInFrom: '2027-03-14' });
      expect(past.statusCode).toBe(400);
      expect(past.json().fieldErrors).toEqual({ moveInFrom: [RENTER_PROFILE_MESSAGES.moveInPast] });
      const far = await put(tenant, { ...PROFILE(), moveInFrom: '2029-06-01' });
      expect(far.json().fieldErrors).toEqual({ moveInFrom: [RENTER_PROFILE_MESSAGES.moveInTooFar] });
      const today = await put(tenant, { ...PROFILE(), moveInFrom: '2027-03-15' });
      expect(today.statusCode, today.body).toBe(200);
      expect(today.json().profile.updatedAt).toBe('2027-03-15T12:00:00.000Z');
    } finally {
      t.clock.now = new Date();
    }
  });

  it('names each field that is wrong, and never asks about children or benefits', async () => {
    const tenant = await createTenant(t);
    const res = await put(tenant, {
      introduction: '',
      householdSize: 0,
      pets: 'has_pets',
      moveInFrom: 'soon',
      monthlyIncome: -5,
      previousLandlord: { name: 'Mrs Joan Hart', email: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual([
      'householdSize',
      'introduction',
      'monthlyIncome',
      'moveInFrom',
      'petDetails',
      'previousLandlord.email',
    ]);
    for (const extra of [{ children: 1 }, { receivesBenefits: true }]) {
      const refused = await put(tenant, { ...PROFILE(), ...extra });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^Unexpected field/);
    }
    expect(await t.db.select().from(renterProfiles).where(eq(renterProfiles.userId, tenant.id))).toEqual([]);
  });

  it('is read by nobody but its owner through any route of the API', async () => {
    const landlord = await createLandlord(t, { premium: true });
    const listing = await createListing(t, { landlordId: landlord.id });
    // The tenant has talked to this landlord about a home: still the profile is not theirs to see until an application.
    const { tenant, conversationId } = await tenantInConversation(t, listing.id, 'Priya');
    const marker = `Introduction-${Date.now()}`;
    const body = {
      ...PROFILE(),
      introduction: marker,
      previousLandlord: { name: 'Mrs Joan Hart', email: 'marker.referee@example.test' },
    };
    expect((await put(tenant, body)).statusCode).toBe(200);

    const others = [
      landlord,
      await createTenant(t),
      await createContractorUser(t, { premium: true }),
      await createAdmin(t),
      await createSuperAdmin(t),
    ];
    const ids = [tenant.id, listing.id, conversationId];
    const routes = t.app.routeList.filter(
      (r) =>
        r.method === 'GET' && r.url.startsWith('/api/') && !r.url.includes('*') && r.url !== '/api/logout',
    );
    expect(routes.length).toBeGreaterThan(40);
    const leaks: string[] = [];
    for (const route of routes) {
      const urls = route.url.includes(':')
        ? ids.map((id) => route.url.replace(/:[A-Za-z_]+/g, id))
        : [route.url];
      for (const url of urls) {
        for (const other of others) {
          const res = await call(t, 'GET', url, { cookie: await signIn(t, other.id) });
          if (
            res.body.includes(marker) ||
            res.body.includes('marker.referee@') ||
            res.body.includes('R123ABC45')
          )
            leaks.push(`GET ${url} as ${other.email}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    // Another tenant's GET is their own (empty) profile, never someone else's.
    expect((await get(others[1])).json()).toEqual({ profile: null });
    // And the owner does read it.
    expect((await get(tenant)).json().profile.introduction).toBe(marker);
  }, 120_000);

  it('is in "Download my data", as stored', async () => {
    const tenant = await createTenant(t);
    expect((await put(tenant, PROFILE())).statusCode).toBe(200);
    const res = await call(t, 'GET', '/api/account/export', { cookie: tenant.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().renterProfile).toMatchObject({
      introduction: PROFILE().introduction,
      householdSize: 2,
      pets: 'has_pets',
      monthlyIncomePence: 245_000,
      rightToRentShareCode: 'R123ABC45',
      previousLandlordName: 'Mrs Joan Hart',
      previousLandlordEmail: 'joan.hart@example.test',
    });
    const without = await call(t, 'GET', '/api/account/export', { cookie: (await createTenant(t)).cookie });
    expect(without.json().renterProfile).toBeNull();
  });

  it('goes with the account: deleting it removes the profile', async () => {
    const tenant = await createTenant(t);
    expect((await put(tenant, PROFILE())).statusCode).toBe(200);
    const res = await call(t, 'DELETE', '/api/account', {
      cookie: tenant.cookie,
      body: { password: tenant.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(renterProfiles).where(eq(renterProfiles.userId, tenant.id))).toEqual([]);
  });
});
