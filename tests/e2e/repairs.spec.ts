// Repairs (issue 32 items 1 and 2): a tenant with a tenancy reports a leak with a photo (a file that is not a photo
// is refused before it is sent) and sees the clock; the landlord sees the same repair and marks it fixed with a
// note; the tenant then sees it fixed and the target met. At 375 px wide, by keyboard-reachable controls.
import sharp from 'sharp';
import { expect, seriousA11yViolations, test } from './fixtures';
import { agreedTenancy, liveListing, member } from './support/tenancy';

test('a tenant reports a leak with a photo and sees the clock; the landlord marks it fixed', async ({
  page,
  browser,
  signedInAs,
}) => {
  // A tenancy of the journey's own, agreed through the application API (apply, offer, accept), so no demo home is
  // let while other journeys use it. The tenant then reports from My home.
  const admin = await signedInAs('admin');
  const landlord = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await member(landlord, admin, 'landlord');
  const propertyId = await liveListing(landlord.request, admin.request, `Flat with a leak ${Date.now()}`);
  await member(page, admin, 'tenant');
  const tenancyId = await agreedTenancy(page.request, landlord.request, propertyId);
  await page.setViewportSize({ width: 375, height: 800 });

  await page.goto('/my-home');
  await expect(page.getByRole('link', { name: 'Report a repair' })).toHaveAttribute(
    'href',
    `/repairs/new?tenancy=${tenancyId}`,
  );
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
