// A landlord marks a home let agreed: search shows "Let agreed", and when the lifecycle job runs 7 days on (the
// job's clock moved ahead through the test-only route) the home leaves search; relisting brings it back.
import { expect, logInAs, test } from './fixtures';

test('a landlord marks a home let agreed; it shows so, leaves search after 7 days, and can be relisted', async ({
  page,
  browser,
}) => {
  await logInAs(page.request, 'landlord');
  await page.goto('/landlord-dashboard');
  // The last live, available listing: other journeys use the first.
  const card = page
    .getByTestId('landlord-property')
    .filter({ has: page.getByRole('button', { name: /^Mark let agreed/ }) })
    .last();
  await expect(card).toBeVisible();
  const title = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();
  const href = await card.getByRole('link', { name: /^View\b/ }).getAttribute('href');
  const id = href!.split('/').pop()!;

  await card.getByRole('button', { name: /^Mark let agreed/ }).click();
  await expect(page.getByTestId('toast')).toContainText('Marked let agreed');
  const marked = page.getByTestId('landlord-property').filter({ hasText: title }).first();
  await expect(marked.getByRole('list', { name: 'Status' })).toContainText('Let agreed');
  await expect(marked).toContainText('Shows "Let agreed" until');

  // A visitor still finds it, marked "Let agreed".
  const visitor = await browser.newPage();
  await visitor.goto(`/properties/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.locator('[data-availability="let-agreed"]')).toHaveText('Let agreed');

  // Seven days on, the job takes it out of search.
  const run = await page.request.post('/api/test/listing-lifecycle', { data: { aheadDays: 7 } });
  expect(run.ok(), await run.text()).toBeTruthy();
  expect((await run.json()).let).toBeGreaterThanOrEqual(1);
  await visitor.goto(`/properties/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Property Not Found' })).toBeVisible();
  expect((await visitor.request.get(`/api/properties/${id}`)).status()).toBe(404);

  // The landlord sees it as let, with a notice on its page, and relists it.
  await page.goto(`/properties/${id}`);
  await expect(page.getByTestId('owner-notice')).toContainText('This home is let');
  await page.goto('/landlord-dashboard');
  const let_ = page.getByTestId('landlord-property').filter({ hasText: title }).first();
  await expect(let_.getByRole('list', { name: 'Status' })).toContainText('Let');
  await let_.getByRole('button', { name: /^Relist/ }).click();
  await expect(page.getByTestId('toast')).toContainText('Relisted');
  await visitor.goto(`/properties/${id}`);
  await expect(visitor.locator('[data-availability]').first()).not.toHaveText('Let agreed');
  await visitor.close();
});
