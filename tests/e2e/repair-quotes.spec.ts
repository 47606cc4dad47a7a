// Repairs go to trades (issue 32 item 3; decision 0071): the landlord of a repair asks two trades suggested near the
// home to quote, one quotes from the repair page (without seeing the tenant's details), the landlord accepts it;
// the other trade sees it was not chosen and the tenant sees who was, without the amount. At 320 px, by the
// controls' accessible names.
import type { Browser, Page } from '@playwright/test';
import { expect, seriousA11yViolations, test } from './fixtures';
import { agreedTenancy, liveListing, londonDay, member } from './support/tenancy';
import { liveTrade } from './support/trades';

/** A landlord of the journey's own (in a browser context of its own) with a live home in Truro. */
async function landlordWithHome(
  browser: Browser,
  signedInAs: (who: 'admin') => Promise<Page>,
  title: string,
) {
  const baseURL = test.info().project.use.baseURL;
  const newPage = async () => (await browser.newContext({ baseURL })).newPage();
  const admin = await signedInAs('admin');
  const landlord = await newPage();
  await member(landlord, admin, 'landlord');
  const propertyId = await liveListing(landlord.request, admin.request, `${title} ${Date.now()}`);
  return { admin, landlord, propertyId, newPage };
}

test('the landlord asks two trades, one quotes, the landlord accepts; the other sees it was not chosen', async ({
  page,
  browser,
  signedInAs,
}) => {
  // Three people through many screens: 2.1 min on a machine at a quarter of its speed (28 November), cut off at 2.
  test.setTimeout(240_000);
  const { admin, landlord, propertyId, newPage } = await landlordWithHome(
    browser,
    signedInAs,
    'Flat with a drip',
  );
  await member(page, admin, 'tenant', 'Tamsin');
  const tenancyId = await agreedTenancy(page.request, landlord.request, propertyId);
  const title = `Boiler losing pressure ${Date.now()}`;
  const reported = await page.request.post(`/api/tenancies/${tenancyId}/repairs`, {
    data: {
      title,
      description: 'The boiler pressure drops to zero overnight.',
      category: 'heating',
      urgency: 'urgent',
      accessNotes: 'Side gate code 4512.',
    },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const { repairId } = await reported.json();

  const stamp = Date.now();
  const chosenName = `Truro Boilers ${stamp}`;
  const otherName = `Kernow Heating ${stamp}`;
  const chosen = await newPage();
  const other = await newPage();
  await liveTrade(chosen, admin, chosenName, ['TR1']);
  await liveTrade(other, admin, otherName, ['Truro']);

  // The landlord: suggestions near the home, two ticked and sent.
  await landlord.setViewportSize({ width: 320, height: 800 });
  await landlord.goto(`/repairs/${repairId}`);
  await expect(landlord.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(landlord.getByText('No trade has been asked yet.')).toBeVisible();
  await expect(landlord.getByTestId('suggestions-for')).toContainText('Plumbing & Heating near Truro TR1');
  const suggestions = landlord.getByTestId('trade-suggestions');
  const chosenBox = suggestions.getByRole('checkbox', { name: chosenName });
  const otherBox = suggestions.getByRole('checkbox', { name: otherName });
  // Both serve the home's district (one names it, one its town): 0 miles.
  await expect(chosenBox).toHaveAccessibleDescription(/^Serves TR1 · Plumbing & Heating/);
  await expect(otherBox).toHaveAccessibleDescription(/^Serves TR1/);
  await chosenBox.check();
  await otherBox.check();
  await expect(landlord.getByText('2 of 3 chosen')).toBeVisible();
  expect(await seriousA11yViolations(landlord)).toEqual([]);
  expect(await landlord.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await landlord.getByRole('button', { name: 'Ask 2 trades for a quote' }).click();
  await expect(landlord.getByTestId('toast')).toContainText('Quotes asked for');
  const asked = landlord.getByRole('list', { name: 'Trades asked to quote' });
  await expect(asked.getByTestId('invitation')).toHaveCount(2);
  await expect(asked).toContainText('Asked to quote');
  await expect(landlord.getByTestId('repair-status')).toHaveText('Asking for quotes');

  // The chosen trade: the lead links to the repair, which shows the area, not the tenant or how to get in.
  await chosen.setViewportSize({ width: 320, height: 800 });
  await chosen.goto('/leads');
  await chosen.getByRole('link', { name: title }).click();
  await expect(chosen).toHaveURL(new RegExp(`/repairs/${repairId}$`));
  await expect(chosen.getByRole('heading', { level: 2, name: 'Your quote' })).toBeVisible();
  await expect(chosen.getByText('Truro TR1')).toBeVisible();
  await expect(chosen.getByText('Side gate code 4512.')).toHaveCount(0);
  await expect(chosen.getByText(/Tamsin/)).toHaveCount(0);
  await chosen.getByRole('button', { name: 'Send quote' }).click();
  await expect(chosen.getByText('Please enter the amount in pounds')).toBeVisible();
  await chosen.getByLabel('Amount (£)').fill('185.50');
  await chosen.getByLabel('Earliest visit').fill(londonDay(3));
  await chosen.getByLabel('Note to the landlord').fill('Repressurise, check the expansion vessel.');
  expect(await seriousA11yViolations(chosen)).toEqual([]);
  await chosen.getByRole('button', { name: 'Send quote' }).click();
  await expect(chosen.getByTestId('toast')).toContainText('Quote sent');
  await expect(chosen.getByText('Your quote is with the landlord.')).toBeVisible();

  // The landlord compares and accepts.
  await landlord.reload();
  await expect(landlord.getByTestId('quote-amount')).toHaveText('£185.50');
  await expect(landlord.getByText('Repressurise, check the expansion vessel.')).toBeVisible();
  await landlord.getByRole('button', { name: `Accept the quote from ${chosenName}` }).click();
  await expect(landlord.getByTestId('toast')).toContainText('Quote accepted');
  await expect(landlord.getByTestId('repair-status')).toHaveText('Quote accepted');
  await expect(landlord.getByTestId('timeline')).toContainText('Quote accepted');

  // The other trade sees it was not chosen; the chosen one now reads the street.
  await other.goto(`/repairs/${repairId}`);
  await expect(other.getByText('Not chosen this time')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Send quote' })).toHaveCount(0);
  await chosen.reload();
  await expect(chosen.getByText('Your quote was accepted')).toBeVisible();
  await expect(chosen.getByText('12 Lemon Street, Truro')).toBeVisible();

  // The landlord's dashboard lists it among the open repairs, with its clock.
  await landlord.goto('/landlord-dashboard');
  const open = landlord.getByTestId('open-repairs');
  await expect(open.getByRole('link', { name: title })).toBeVisible();
  await expect(open.getByTestId('repair-clock')).toContainText(/3 working days: by/);

  // The tenant sees who was asked and who was chosen, never the amount.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(`/repairs/${repairId}`);
  const tenantView = page.getByRole('list', { name: 'Trades asked to quote' });
  await expect(tenantView).toContainText(chosenName);
  await expect(tenantView).toContainText('Quote accepted');
  await expect(tenantView).toContainText('Not chosen');
  await expect(page.getByText('£185.50')).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

test('"Book a Gas Safe engineer" lists trades near the home and fills the quote request in for the check', async ({
  browser,
  signedInAs,
}) => {
  const { admin, landlord, propertyId, newPage } = await landlordWithHome(
    browser,
    signedInAs,
    'Flat with a boiler',
  );
  const tradeName = `Cathedral Gas ${Date.now()}`;
  await liveTrade(await newPage(), admin, tradeName, ['TR1']);

  await landlord.setViewportSize({ width: 320, height: 800 });
  await landlord.goto(`/listings/${propertyId}/compliance`);
  await landlord.getByRole('link', { name: 'Book a Gas Safe engineer' }).click();
  await expect(landlord.getByRole('heading', { level: 1, name: 'Book a Gas Safe engineer' })).toBeVisible();
  const trades = landlord.getByTestId('booking-trades');
  await expect(trades).toContainText(tradeName);
  expect(await seriousA11yViolations(landlord)).toEqual([]);
  expect(await landlord.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await trades.getByRole('button', { name: `Request Quote from ${tradeName}` }).click();
  const dialog = landlord.getByRole('dialog');
  await expect(dialog.getByLabel('Job title')).toHaveValue('Gas safety check (CP12)');
  await expect(dialog.getByLabel('Location or postcode')).toHaveValue('Truro TR1');
  await expect(dialog.getByLabel('Describe the job')).toHaveValue(/Gas Safe registered engineer/);
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(landlord.getByTestId('toast')).toContainText('Quote Requested');
});
