// Repairs (issue 32 items 1 and 2): a tenant with a tenancy reports a leak with a photo (a file that is not a photo
// is refused before it is sent) and sees the clock; the landlord sees the same repair and marks it fixed with a
// note; the tenant then sees it fixed and the target met. At 375 px wide, by keyboard-reachable controls.
import sharp from 'sharp';
import { demoLandlordListing, expect, logInAs, seriousA11yViolations, test } from './fixtures';

test('a tenant reports a leak with a photo and sees the clock; the landlord marks it fixed', async ({
  page,
  baseURL,
  signedInAs,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await logInAs(page.request, 'premiumTenant');
  // A tenancy on one of the demo landlord's homes: the tenant enquires, and the test-only route records the
  // tenancy without letting the home (other journeys use the demo listings at the same time).
  const listing = await demoLandlordListing(baseURL!);
  const enquiry = await page.request.post(`/api/properties/${listing.id}/enquiries`, {
    data: { message: 'Is the flat still available?' },
  });
  expect(enquiry.ok(), await enquiry.text()).toBeTruthy();
  const made = await page.request.post('/api/test/tenancy', { data: { propertyId: listing.id } });
  expect(made.ok(), await made.text()).toBeTruthy();
  const { tenancyId } = await made.json();

  await page.goto('/repairs');
  await page.locator(`a[href="/repairs/new?tenancy=${tenancyId}"]`).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report a repair' })).toBeVisible();
  const title = `Leak under the kitchen sink ${Date.now()}`;

  // Sending it empty names what is missing, beside the fields.
  await page.getByRole('button', { name: 'Report the repair' }).click();
  await expect(page.getByText('Please give the repair a short title')).toBeVisible();
  await expect(page.getByText(/Please choose a category/)).toBeVisible();

  await page.getByLabel('What needs fixing?').fill(title);
  await page.getByLabel('Category').selectOption({ label: 'Plumbing and leaks' });
  await page.getByRole('radio', { name: /^Urgent/ }).check();
  await page.getByLabel('Describe the problem').fill('Water drips from the trap into the cupboard.');
  await page.getByLabel('Access notes (optional)').fill('Key with the neighbour at number 14.');

  const photos = page.getByLabel(/^Photos/);
  await photos.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo'),
  });
  await expect(page.getByRole('alert').filter({ hasText: '"notes.txt" is not a photo' })).toBeVisible();
  const leak = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  await photos.setInputFiles({ name: 'leak.jpg', mimeType: 'image/jpeg', buffer: leak });
  await expect(page.getByRole('img', { name: 'Chosen 1: leak.jpg' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'is not a photo' })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole('button', { name: 'Report the repair' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const clock = page.getByTestId('repair-clock');
  await expect(clock).toContainText('On time');
  await expect(clock).toContainText(/3 working days: by \w{3} \d{1,2} \w{3}/);
  await expect(page.getByTestId('timeline')).toContainText('Reported');
  await expect(page.getByRole('img', { name: 'The repair, 1 of 1' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const repairUrl = page.url();

  // The landlord sees the same repair and clock, and marks it fixed.
  const landlord = await signedInAs('landlord');
  await landlord.goto('/repairs');
  await landlord.getByRole('link', { name: title }).click();
  await expect(landlord.getByTestId('repair-clock')).toContainText(/3 working days: by/);
  await expect(landlord.getByText('Key with the neighbour at number 14.')).toBeVisible();
  await landlord.getByRole('button', { name: 'Mark fixed' }).click();
  await expect(landlord.getByText('Please say what was done to fix it.')).toBeVisible();
  await landlord.getByLabel('What was done').fill('New trap and washer fitted.');
  await landlord.getByRole('button', { name: 'Mark fixed' }).click();
  await expect(landlord.getByTestId('toast')).toContainText('Marked fixed');
  await expect(landlord.getByTestId('repair-status')).toHaveText('Fixed');
  await expect(landlord.getByTestId('timeline')).toContainText('Marked fixed by the landlord');

  // The tenant sees it fixed, the target met.
  await page.goto(repairUrl);
  await expect(page.getByTestId('repair-status')).toHaveText('Fixed');
  await expect(page.getByTestId('repair-clock')).toContainText('Target met');
  await expect(page.getByText('New trap and washer fitted.').first()).toBeVisible();
});
