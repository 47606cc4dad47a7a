// A landlord records a home's gas safety check with its certificate (a PDF) on the compliance calendar (issue 32
// item 4; decision 0069), at a phone's width, and sees the next check due a year on; the certificate opens for them.
import { addMonths } from '../../src/domain/compliance';
import { londonToday } from '../../src/domain/dates';
import { expect, logInAs, seriousA11yViolations, test } from './fixtures';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const LONG_DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

test('a landlord records a gas safety certificate and sees the next due date a year on', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await logInAs(page.request, 'landlord');
  await page.goto('/landlord-dashboard');
  const card = page.getByTestId('landlord-property').first();
  await expect(card.getByTestId('compliance-summary')).toBeVisible();
  await card.getByRole('link', { name: /^Compliance for / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance' })).toBeVisible();

  const gas = page.getByTestId('compliance-gas_safety');
  await gas.getByRole('button', { name: /^Record Gas safety check/ }).click();
  const form = page.getByRole('form', { name: 'Record Gas safety check' });
  // The keyboard is taken into the form, and the page has no serious accessibility faults with it open.
  await expect(form.getByLabel('Date done')).toBeFocused();
  expect(await seriousA11yViolations(page)).toEqual([]);
  const today = londonToday();
  await form.getByLabel('Date done').fill(today);
  await form
    .getByLabel(/^Certificate/)
    .setInputFiles({ name: 'Gas Safety Record.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: 'Save' }).click();

  const nextDue = LONG_DAY.format(new Date(`${addMonths(today, 12)}T00:00:00Z`));
  await expect(page.getByTestId('toast')).toContainText(`Next due ${nextDue}`);
  await expect(gas.getByTestId('due-on')).toHaveText(nextDue);
  await expect(gas.getByTestId('compliance-status')).toHaveText('Up to date');
  const certificate = gas.getByRole('link', { name: /Gas Safety Record\.pdf/ });
  await expect(certificate).toBeVisible();
  const file = await page.request.get((await certificate.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');

  // The booking link opens the gas engineers near the home, each with a quote request filled in (decision 0071).
  const book = gas.getByRole('link', { name: 'Book a Gas Safe engineer' });
  await expect(book).toHaveAttribute(
    'href',
    /^\/listings\/[0-9a-f-]{36}\/compliance\/book\?kind=gas_safety$/,
  );
  // Nothing is wider than the phone.
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(375);
});
