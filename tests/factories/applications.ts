// A tenant's renter profile (inserted as the profile API would store it) and an application made through the API.
import { expect } from 'vitest';
import { renterProfiles } from '../../src/server/db/schema';
import type { TestApp } from '../support/app';
import { call } from '../support/http';
import { tenantInConversation } from './conversations';
import type { CreatedUser } from './users';

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
