// Applications in tests (issue 31): a tenant's renter profile (inserted as the profile API would store it) and an
// application made through the API; or an application row inserted directly, with its enquiry conversation and
// profile snapshot in the contract's field names, so tests of what hangs off an application (references) own their
// data.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { applications, conversations, renterProfiles } from '../../src/server/db/schema';
import type { TestApp } from '../support/app';
import { call } from '../support/http';
import { tenantInConversation } from './conversations';
import { createListing, type Listing } from './listings';
import { type CreatedUser, createLandlord, createPremiumTenant } from './users';

export async function givenRenterProfile(
  t: TestApp,
  userId: string,
  overrides: Partial<typeof renterProfiles.$inferInsert> = {},
) {
  await t.db
    .insert(renterProfiles)
    .values({
      userId,
      introduction: 'Two of us, quiet, both working in town.',
      householdSize: 2,
      pets: 'none',
      moveInFrom: '2026-12-01',
      monthlyIncomePence: 320_000,
      guarantorAvailable: true,
      rightToRentShareCode: 'W12ABC34D',
      previousLandlordName: 'Pat Previous',
      previousLandlordEmail: 'pat.previous@example.test',
      ...overrides,
    })
    .onConflictDoNothing();
}

export async function applyFor(t: TestApp, tenant: CreatedUser, listingId: string, message?: string) {
  return call(t, 'POST', `/api/properties/${listingId}/applications`, {
    cookie: tenant.cookie,
    body: message === undefined ? {} : { message },
  });
}

/** A premium tenant with a conversation about the listing, a profile, and an application made. */
export async function applicantFor(t: TestApp, listingId: string, firstName = 'Tom') {
  const { tenant, conversationId } = await tenantInConversation(t, listingId, firstName);
  await givenRenterProfile(t, tenant.id);
  const res = await applyFor(t, tenant, listingId);
  expect(res.statusCode, res.body).toBe(201);
  return { tenant, conversationId, applicationId: res.json().applicationId as string };
}

export type ApplicationStatus = (typeof applications.$inferSelect)['status'];

export interface ApplicationOptions {
  landlord?: CreatedUser;
  tenant?: CreatedUser;
  listing?: Listing;
  /** The snapshot's previous landlord; null for none. */
  previousLandlord?: { name: string; email: string } | null;
  status?: ApplicationStatus;
  /** Listing title, for telling homes apart in emails. */
  title?: string;
  address?: string;
}

export interface CreatedApplication {
  id: string;
  conversationId: string;
  landlord: CreatedUser;
  tenant: CreatedUser;
  listing: Listing;
  /** The previous landlord the snapshot names (the referee), or null. */
  previousLandlord: { name: string; email: string } | null;
}

let counter = 0;

/** The renter profile as the application keeps it (the contract's ApplicationView.profile). */
export function profileSnapshot(previousLandlord: { name: string; email: string } | null) {
  return {
    introduction: 'Quiet professional, working in the city centre.',
    householdSize: 1,
    pets: 'none',
    petDetails: null,
    moveInFrom: '2027-01-15',
    monthlyIncome: null,
    guarantorAvailable: null,
    rightToRentShareCode: null,
    previousLandlord,
  };
}

export async function createApplication(
  t: TestApp,
  options: ApplicationOptions = {},
): Promise<CreatedApplication> {
  counter += 1;
  const landlord =
    options.landlord ?? (await createLandlord(t, { premium: true, firstName: 'Lara', lastName: 'Landlord' }));
  const tenant = options.tenant ?? (await createPremiumTenant(t, { firstName: 'Tom', lastName: 'Tenant' }));
  const listing =
    options.listing ??
    (await createListing(t, {
      landlordId: landlord.id,
      title: options.title ?? `Flat to rent ${counter}`,
      address: options.address ?? 'Flat 3, Kingsway House, 12a Park Road, Leeds',
      status: 'live',
    }));
  const previousLandlord =
    options.previousLandlord === undefined
      ? { name: 'Pat Previous', email: `previous.${counter}.${Date.now()}@example.test` }
      : options.previousLandlord;
  const [conversation] = await t.db
    .insert(conversations)
    .values({ kind: 'enquiry', propertyId: listing.id, starterId: tenant.id, ownerId: listing.landlordId })
    .returning();
  const id = await insertApplication(t, {
    propertyId: listing.id,
    tenantId: tenant.id,
    conversationId: conversation.id,
    status: options.status,
    previousLandlord,
  });
  return { id, conversationId: conversation.id, landlord, tenant, listing, previousLandlord };
}

/** The application row alone, for an existing enquiry conversation. */
export async function insertApplication(
  t: TestApp,
  values: {
    propertyId: string;
    tenantId: string;
    conversationId: string;
    status?: ApplicationStatus;
    previousLandlord: { name: string; email: string } | null;
  },
): Promise<string> {
  const { previousLandlord, status = 'submitted', ...rest } = values;
  const [application] = await t.db
    .insert(applications)
    .values({ ...rest, status, profile: profileSnapshot(previousLandlord) })
    .returning({ id: applications.id });
  return application.id;
}

/** Move an application on, as h-core's decisions will (withdraw, decline, accept). */
export async function setApplicationStatus(t: TestApp, id: string, status: ApplicationStatus) {
  await t.db.update(applications).set({ status }).where(eq(applications.id, id));
}
