// Trades a journey makes for itself (issue 32): a contractor account with a trial and a profile the admin approved,
// serving the areas given, so the landlord's repair page suggests it for a home in Truro.
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { member } from './tenancy';

/** A trade of the journey's own, signed in on the page. Returns its contractor profile's id. */
export async function liveTrade(page: Page, admin: Page, businessName: string, serviceAreas: string[]) {
  await member(page, admin, 'contractor', 'Tess');
  const profile = await page.request.post('/api/contractor/profile', {
    data: {
      businessName,
      specialty: 'Plumbing & Heating',
      services: ['Leaks', 'Boilers'],
      serviceAreas,
      description: 'Plumbers and heating engineers in Cornwall.',
    },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  const { id, submissionId } = await profile.json();
  const approved = await admin.request.post(`/api/admin/content-submissions/${submissionId}/review`, {
    data: { status: 'approved' },
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  return id as string;
}

/** A small JPEG of one colour, to attach as a photo. */
export function photo(background: string) {
  return sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();
}
