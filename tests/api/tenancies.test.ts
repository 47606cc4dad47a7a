// The tenancy record (issue 31 item 5; decision 0063): accepting an offer records the tenancy and lets the home
// through the let-agreed path (the other applicants declined, viewings to come called off), both parties see it and
// nobody else, the landlord records the deposit; a deleted tenant's applications are withdrawn and anonymised; the
// data export carries applications and tenancies.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  properties,
  tenancies,
  tenancyTenants,
  viewingBookings,
} from '../../src/server/db/schema';
import { applicantFor } from '../factories/applications';
import { createListing } from '../factories/listings';
import { type CreatedUser, createLandlord, createPremiumTenant } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { dayAhead } from '../support/dates';
import { call, emailsTo } from '../support/http';

const _DAY = 86_400_000;

describe('tenancies', () => {
  let t: TestApp;
  let landlord: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await createLandlord(t, { premium: true, firstName: 'Lena', lastName: 'Landlord' });
  });
  afterAll(() => t.close());

  const post = (url: string, who: CreatedUser, body?: Record<string, unknown>) =>
    call(t, 'POST', url, { cookie: who.cookie, body });
  const get = (url: string, who: CreatedUser) => call(t, 'GET', url, { cookie: who.cookie });
  const patch = (id: string, who: CreatedUser, body: Record<string, unknown>) =>
    call(t, 'PATCH', `/api/tenancies/${id}`, { cookie: who.cookie, body });
  const lines = async (who: CreatedUser, conversationId: string) =>
    (await get(`/api/conversations/${conversationId}/messages`, who))
      .json()
      .messages.filter((m: { system: boolean }) => m.system)
      .map((m: { body: string }) => m.body);
  const offer = (applicationId: string, overrides: Record<string, unknown> = {}) =>
    post(`/api/applications/${applicationId}/offer`, landlord, {
      startDate: dayAhead(30),
      deposit: 1200,
      ...overrides,
    });
  const statusOf = async (applicationId: string) =>
    (await t.db.select().from(applications).where(eq(applications.id, applicationId)))[0];

  /** A listing of the landlord's; the address and postcode a tenancy shows in full. */
  const home = (title = 'Canal-side flat') =>
    createListing(t, {
      landlordId: landlord.id,
      title,
      rent: 1300,
      address: '12 Canal Street, Leeds',
      postcode: 'LS1 4AB',
    });

  /** A tenancy: the tenant applied, was offered the home and accepted. */
  async function tenancy() {
    const listing = await home();
    const applicant = await applicantFor(t, listing.id, 'Tia');
    expect((await offer(applicant.applicationId)).statusCode).toBe(200);
    const res = await post(`/api/applications/${applicant.applicationId}/accept`, applicant.tenant);
    expect(res.statusCode, res.body).toBe(201);
    return { ...applicant, listing, tenancyId: res.json().tenancyId as string };
  }

  it('accepting an offer records the tenancy, lets the home and declines every other open application', async () => {
    const listing = await home();
    const chosen = await applicantFor(t, listing.id, 'Ann');
    const other = await applicantFor(t, listing.id, 'Ben');
    const offeredToo = await applicantFor(t, listing.id, 'Cat');
    const gone = await applicantFor(t, listing.id, 'Dan');
    expect((await post(`/api/applications/${gone.applicationId}/withdraw`, gone.tenant)).statusCode).toBe(
      200,
    );
    // Ben has a viewing to come: it is called off with the let agreed.
    const slot = await post(`/api/listings/${listing.id}/viewing-slots`, landlord, {
      date: dayAhead(5),
      startTime: '11:00',
      durationMinutes: 30,
      capacity: 2,
    });
    const booking = await post(`/api/conversations/${other.conversationId}/viewings`, other.tenant, {
      slotId: slot.json().id,
    });
    expect(booking.statusCode, booking.body).toBe(201);

    expect((await offer(chosen.applicationId, { rent: 1250, deposit: 1400 })).statusCode).toBe(200);
    expect((await offer(offeredToo.applicationId)).statusCode).toBe(200);
    const res = await post(`/api/applications/${chosen.applicationId}/accept`, chosen.tenant);
    expect(res.statusCode, res.body).toBe(201);
    const { tenancyId } = res.json();

    const accepted = (await get(`/api/applications/${chosen.applicationId}`, chosen.tenant)).json();
    expect(accepted).toMatchObject({ status: 'accepted', tenancyId });
    expect(accepted.acceptedAt).not.toBeNull();
    for (const loser of [other, offeredToo]) {
      const view = (await get(`/api/applications/${loser.applicationId}`, loser.tenant)).json();
      expect(view).toMatchObject({
        status: 'declined',
        decline: { reason: 'let_to_another', reasonLabel: 'Let to another applicant', note: null },
      });
      expect((await lines(loser.tenant, loser.conversationId)).at(-1)).toBe(
        'Lena Landlord declined the application (Let to another applicant).',
      );
      const [mail] = await emailsTo(t, loser.tenant.email, 'application');
      expect(mail.subject).toBe('Your application was declined: Canal-side flat');
    }
    expect((await statusOf(gone.applicationId)).status).toBe('withdrawn');
    const [listingRow] = await t.db.select().from(properties).where(eq(properties.id, listing.id));
    expect(listingRow.letAgreedAt).not.toBeNull();
    const [viewing] = await t.db
      .select()
      .from(viewingBookings)
      .where(eq(viewingBookings.id, booking.json().id));
    expect(viewing.status).toBe('cancelled');

    expect((await lines(landlord, chosen.conversationId)).at(-1)).toBe(
      'Ann Tenant accepted the offer: the home is let agreed. The tenancy is recorded on Your Place.',
    );
    for (const who of [chosen.tenant, landlord]) {
      const [mail] = await emailsTo(t, who.email, 'application');
      expect(mail.subject).toBe('Offer accepted: Canal-side flat');
    }
    // The tenancy is the offer's terms.
    const [row] = await t.db.select().from(tenancies).where(eq(tenancies.id, tenancyId));
    expect(row).toMatchObject({ rentPence: 125_000, depositPence: 140_000, startDate: dayAhead(30) });
    const tenants = await t.db.select().from(tenancyTenants).where(eq(tenancyTenants.tenancyId, tenancyId));
    expect(tenants.map((p) => p.userId)).toEqual([chosen.tenant.id]);
    // Nothing more to accept on a let home.
    expect(
      (await post(`/api/applications/${offeredToo.applicationId}/accept`, offeredToo.tenant)).statusCode,
    ).toBe(409);
  });

  it('makes one tenancy when two offered tenants accept at once', async () => {
    const listing = await home();
    const a = await applicantFor(t, listing.id, 'Eve');
    const b = await applicantFor(t, listing.id, 'Fin');
    expect((await offer(a.applicationId)).statusCode).toBe(200);
    expect((await offer(b.applicationId)).statusCode).toBe(200);
    const results = await Promise.all([
      post(`/api/applications/${a.applicationId}/accept`, a.tenant),
      post(`/api/applications/${b.applicationId}/accept`, b.tenant),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const made = await t.db.select().from(tenancies).where(eq(tenancies.propertyId, listing.id));
    expect(made).toHaveLength(1);
    const statuses = [
      (await statusOf(a.applicationId)).status,
      (await statusOf(b.applicationId)).status,
    ].sort();
    expect(statuses).toEqual(['accepted', 'declined']);
  });

  it("the landlord's own Let agreed declines the open applications too, counted on the dashboard first", async () => {
    const listing = await home();
    const applicant = await applicantFor(t, listing.id, 'Gus');
    const dashboard = await get(`/api/properties/landlord/${landlord.id}`, landlord);
    expect(dashboard.json().find((p: { id: string }) => p.id === listing.id).openApplications).toBe(1);
    expect((await post(`/api/listings/${listing.id}/let-agreed`, landlord)).statusCode).toBe(200);
    expect((await statusOf(applicant.applicationId)).declineReason).toBe('let_to_another');
  });

  it('deleting the listing declines its open applications, each tenant told', async () => {
    const listing = await home();
    const applicant = await applicantFor(t, listing.id, 'Hal');
    const res = await call(t, 'DELETE', `/api/properties/${listing.id}`, { cookie: landlord.cookie });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const row = await statusOf(applicant.applicationId);
    expect(row).toMatchObject({
      status: 'declined',
      declineReason: 'other',
      declineNote: 'The listing was removed.',
    });
  });

  it('shows the tenancy to both parties with what the landlord must still do, and to nobody else', async () => {
    const { tenancyId, tenant, listing, applicationId } = await tenancy();
    const forTenant = await get(`/api/tenancies/${tenancyId}`, tenant);
    expect(forTenant.statusCode).toBe(200);
    expect(forTenant.json()).toMatchObject({
      id: tenancyId,
      applicationId,
      property: {
        id: listing.id,
        title: 'Canal-side flat',
        address: '12 Canal Street, Leeds, LS1 4AB',
        outcode: 'LS1',
      },
      nation: 'england',
      landlord: { id: landlord.id, name: 'Lena Landlord', email: landlord.email },
      tenants: [{ id: tenant.id, name: 'Tia Tenant', email: tenant.email }],
      startDate: dayAhead(30),
      rent: 1300,
      rentPence: 130_000,
      deposit: 1200,
      depositPence: 120_000,
      depositReceivedOn: null,
      depositScheme: null,
      depositSchemeLabel: null,
      protectDepositBy: null,
      todo: [
        { kind: 'protect_deposit', dueBy: null, done: false },
        { kind: 'information_sheet', dueBy: null, done: false },
      ],
    });
    expect(forTenant.json().depositSchemes.map((s: { id: string }) => s.id)).toEqual([
      'dps',
      'mydeposits',
      'tds',
    ]);
    expect((await get(`/api/tenancies/${tenancyId}`, landlord)).json()).toEqual(forTenant.json());
    expect((await get('/api/tenancies', tenant)).json().tenancies.map((x: { id: string }) => x.id)).toEqual([
      tenancyId,
    ]);
    expect(
      (await get('/api/tenancies', landlord)).json().tenancies.map((x: { id: string }) => x.id),
    ).toContain(tenancyId);

    const otherTenant = await createPremiumTenant(t);
    const otherLandlord = await createLandlord(t, { premium: true });
    for (const who of [otherTenant, otherLandlord]) {
      expect((await get(`/api/tenancies/${tenancyId}`, who)).statusCode).toBe(404);
      expect((await get('/api/tenancies', who)).json().tenancies).toEqual([]);
      expect((await patch(tenancyId, who, { depositReference: 'X' })).statusCode).toBe(404);
    }
    expect((await get('/api/tenancies/00000000-0000-4000-8000-000000000000', tenant)).statusCode).toBe(404);
  });

  it('lets the landlord record the deposit (protect by 30 days from receipt) and refuses the tenant', async () => {
    const { tenancyId, tenant } = await tenancy();
    const refused = await patch(tenancyId, tenant, { depositReference: 'MINE' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the landlord records the deposit and the start date.');

    const received = await patch(tenancyId, landlord, { depositReceivedOn: dayAhead(0) });
    expect(received.statusCode, received.body).toBe(200);
    const due = new Date(`${dayAhead(0)}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 29);
    expect(received.json().protectDepositBy).toBe(due.toISOString().slice(0, 10));
    expect(received.json().todo[0]).toMatchObject({
      kind: 'protect_deposit',
      dueBy: received.json().protectDepositBy,
    });

    const wrongNation = await patch(tenancyId, landlord, { depositScheme: 'safedeposits_scotland' });
    expect(wrongNation.statusCode).toBe(400);
    expect(wrongNation.json().fieldErrors.depositScheme).toEqual([
      'Choose a deposit scheme for the nation the home is in.',
    ]);
    expect((await patch(tenancyId, landlord, { depositScheme: 'piggy-bank' })).statusCode).toBe(400);
    const future = await patch(tenancyId, landlord, { depositProtectedOn: dayAhead(1) });
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors.depositProtectedOn).toEqual(['This date cannot be in the future.']);

    const recorded = await patch(tenancyId, landlord, {
      depositScheme: 'dps',
      depositReference: ' DPS-0042 ',
      depositProtectedOn: dayAhead(0),
      informationSheetGivenOn: dayAhead(0),
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({
      depositScheme: 'dps',
      depositSchemeLabel: 'Deposit Protection Service (DPS)',
      depositReference: 'DPS-0042',
      depositProtectedOn: dayAhead(0),
    });
    expect(recorded.json().todo.every((item: { done: boolean }) => item.done)).toBe(true);
    // The tenant sees what was recorded.
    expect((await get(`/api/tenancies/${tenancyId}`, tenant)).json().depositReference).toBe('DPS-0042');
  });

  it('moves the start date only before it arrives, and never into the past', async () => {
    const { tenancyId } = await tenancy();
    const moved = await patch(tenancyId, landlord, { startDate: dayAhead(40) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().startDate).toBe(dayAhead(40));
    expect((await patch(tenancyId, landlord, { startDate: dayAhead(-1) })).statusCode).toBe(400);

    await t.db
      .update(tenancies)
      .set({ startDate: dayAhead(0) })
      .where(eq(tenancies.id, tenancyId));
    const arrived = await patch(tenancyId, landlord, { startDate: dayAhead(3) });
    expect(arrived.statusCode).toBe(409);
    expect(arrived.json().message).toBe('The start date can only be moved before it arrives.');
    // The deposit can still be recorded once it has started.
    expect((await patch(tenancyId, landlord, { depositReference: 'TDS-9' })).statusCode).toBe(200);
  });

  it("a tenant's account deletion withdraws their open applications, kept anonymised; tenancies stay", async () => {
    const { tenant, tenancyId } = await tenancy();
    const listing = await home('Second home');
    const open = await call(t, 'POST', `/api/properties/${listing.id}/enquiries`, {
      cookie: tenant.cookie,
      body: { message: 'Is this one free too?' },
    });
    expect(open.statusCode, open.body).toBe(201);
    const applied = await post(`/api/properties/${listing.id}/applications`, tenant, { message: 'Hello' });
    expect(applied.statusCode, applied.body).toBe(201);

    const res = await call(t, 'DELETE', '/api/account', {
      cookie: tenant.cookie,
      body: { password: tenant.password },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const row = await statusOf(applied.json().applicationId);
    expect(row.status).toBe('withdrawn');
    expect(row.message).toBeNull();
    expect(row.profile).toMatchObject({ introduction: '', householdSize: null, previousLandlord: null });
    const mails = await emailsTo(t, landlord.email, 'application');
    expect(mails[0].subject).toBe('Application withdrawn: Second home');
    expect(mails[0].textBody).toContain('the applicant deleted their account');
    expect(
      (await get(`/api/applications/${applied.json().applicationId}`, landlord)).json().profile.introduction,
    ).toBe('');
    // The landlord's record of the tenancy is kept.
    expect((await get(`/api/tenancies/${tenancyId}`, landlord)).statusCode).toBe(200);
  });

  it('puts applications and tenancies in "Download my data" for each party', async () => {
    const { tenant, tenancyId, applicationId } = await tenancy();
    const mine = (await get('/api/account/export', tenant)).json();
    expect(mine.applications).toEqual([
      expect.objectContaining({
        role: 'applicant',
        applicationId,
        status: 'accepted',
        street: 'Canal Street, Leeds',
      }),
    ]);
    expect(mine.applications[0].profileSent.introduction).toBe('Two of us, quiet, both working in town.');
    expect(mine.tenancies).toEqual([
      expect.objectContaining({ tenancyId, role: 'tenant', depositPence: 120_000 }),
    ]);
    const theirs = (await get('/api/account/export', landlord)).json();
    const decided = theirs.applications.find(
      (a: { applicationId: string }) => a.applicationId === applicationId,
    );
    expect(decided).toMatchObject({ role: 'landlord', status: 'accepted' });
    expect(decided.profileSent).toBeUndefined();
    expect(theirs.tenancies.map((x: { tenancyId: string }) => x.tenancyId)).toContain(tenancyId);
  });
});
