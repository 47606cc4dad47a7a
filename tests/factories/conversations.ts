// A premium tenant with an enquiry conversation about a listing, made through the API as a person would.
import { expect } from 'vitest';
import type { TestApp } from '../support/app';
import { call } from '../support/http';
import { type CreatedUser, createPremiumTenant } from './users';

export async function enquiryOf(t: TestApp, tenant: CreatedUser, listingId: string): Promise<string> {
  const res = await call(t, 'POST', `/api/properties/${listingId}/enquiries`, {
    cookie: tenant.cookie,
    body: { message: 'Could I come and see the flat, please?' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().conversationId as string;
}

export async function tenantInConversation(t: TestApp, listingId: string, firstName = 'Tom') {
  const tenant = await createPremiumTenant(t, { firstName, lastName: 'Tenant' });
  return { tenant, conversationId: await enquiryOf(t, tenant, listingId) };
}
