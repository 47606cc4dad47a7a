// Accounts, homes and tenancies a journey makes for itself (issue 31), so no other journey's demo home is let or
// applied for while it runs: a member with a trial, a live listing approved by the admin, a renter profile, an
// enquiry, and a whole agreed tenancy through the real application API (apply, offer, accept).
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { newUserData, registerViaApi } from '../fixtures';

export const DAY_MS = 86_400_000;
export const londonDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + offsetDays * DAY_MS),
  );

/** An account of this journey's own, with a trial so it may list homes, contact landlords or list a trade. */
export async function member(
  page: Page,
  admin: Page,
  userType: 'tenant' | 'landlord' | 'contractor',
  firstName = 'Erin',
) {
  const user = await registerViaApi(page, { ...newUserData(userType), firstName });
  const trial = await admin.request.post('/api/admin/grant-trial', {
    data: { userEmail: user.email, trialDays: 7 },
  });
  expect(trial.ok(), await trial.text()).toBeTruthy();
  const login = await page.request.post('/api/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.ok(), await login.text()).toBeTruthy();
  return user;
}

/** A live listing of the landlord's: submitted, then approved by the admin. */
export async function liveListing(landlord: APIRequestContext, admin: APIRequestContext, title: string) {
  const submitted = await landlord.post('/api/content-submissions', {
    data: {
      contentType: 'property_listing',
      contentData: {
        title,
        description: 'Second floor flat with a lift, a big kitchen and two double bedrooms.',
        propertyType: 'apartment',
        bedrooms: 2,
        bathrooms: 1,
        monthlyRent: 1200,
        deposit: 1300,
        // Away from the places other journeys search (Leeds, Manchester, York), so their first card keeps its photo.
        address: '12 Lemon Street, Truro',
        postcode: 'TR1 2LS',
        epcRating: 'C',
        images: [],
      },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { id, targetId } = await submitted.json();
  const review = await admin.post(`/api/admin/content-submissions/${id}/review`, {
    data: { status: 'approved' },
  });
  expect(review.ok(), await review.text()).toBeTruthy();
  return targetId as string;
}

/** The tenant's renter profile, naming a previous landlord to ask for a reference. */
export async function renterProfile(tenant: APIRequestContext, refereeEmail: string) {
  const profile = await tenant.put('/api/renter-profile', {
    data: {
      introduction: 'Nurse at the infirmary, quiet, non-smoker.',
      householdSize: 2,
      pets: 'none',
      moveInFrom: londonDay(20),
      monthlyIncome: 3100,
      guarantorAvailable: true,
      previousLandlord: { name: 'Pat Previous', email: refereeEmail },
    },
  });
  expect(profile.ok(), await profile.text()).toBeTruthy();
}

/** The tenant's enquiry about the home: the conversation an application is made from. */
export async function enquire(tenant: APIRequestContext, propertyId: string): Promise<string> {
  const enquiry = await tenant.post(`/api/properties/${propertyId}/enquiries`, {
    data: { message: 'Could I see the flat next week?' },
  });
  expect(enquiry.ok(), await enquiry.text()).toBeTruthy();
  return (await enquiry.json()).conversationId;
}

/**
 * A tenancy agreed through the application API on a home of the landlord's own: the tenant writes a profile,
 * enquires, applies; the landlord offers at the advertised rent; the tenant accepts. Returns the tenancy's id.
 */
export async function agreedTenancy(
  tenant: APIRequestContext,
  landlord: APIRequestContext,
  propertyId: string,
) {
  await renterProfile(tenant, `referee.${Date.now()}@example.test`);
  await enquire(tenant, propertyId);
  const applied = await tenant.post(`/api/properties/${propertyId}/applications`, { data: {} });
  expect(applied.status(), await applied.text()).toBe(201);
  const { applicationId } = await applied.json();
  const offered = await landlord.post(`/api/applications/${applicationId}/offer`, {
    data: { startDate: londonDay(14), deposit: 1300 },
  });
  expect(offered.ok(), await offered.text()).toBeTruthy();
  const accepted = await tenant.post(`/api/applications/${applicationId}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(201);
  return (await accepted.json()).tenancyId as string;
}
