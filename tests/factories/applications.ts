// An application to rent, inserted directly (issue 31): a tenant's enquiry conversation about a landlord's live
// listing and the application row with its profile snapshot, in the contract's field names (ApplicationView.profile).
// Rows, not the application API, so tests of what hangs off an application (references) own their data.
import { eq } from 'drizzle-orm';
import { applications, conversations } from '../../src/server/db/schema';
import type { TestApp } from '../support/app';
import { createListing, type Listing } from './listings';
import { type CreatedUser, createLandlord, createPremiumTenant } from './users';

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
