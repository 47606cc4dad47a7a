// A landlord marks a home let agreed: they are first told how many viewings it calls off (decision 0056), the
// tenant's thread says so, search shows "Let agreed", and when the lifecycle job runs 7 days on (the job's clock
// moved ahead through the test-only route) the home leaves search; relisting brings it back.
import { expect, logInAs, test } from './fixtures';

test('a landlord marks a home let agreed; it shows so, leaves search after 7 days, and can be relisted', async ({
  page,
  browser,
  signedInAs,
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

  // A tenant has a viewing of it booked (decision 0056): the landlord publishes a slot, the tenant books it.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + 9 * 86_400_000),
  );
  const minute = String(Math.floor(Math.random() * 12) * 5).padStart(2, '0');
  const slot = await page.request.post(`/api/listings/${id}/viewing-slots`, {
    data: { date: day, startTime: `16:${minute}`, durationMinutes: 30, capacity: 2 },
  });
  expect(slot.ok(), await slot.text()).toBeTruthy();
  const tenant = await signedInAs('premiumTenant');
  const enquiry = await tenant.request.post(`/api/properties/${id}/enquiries`, {
    data: { message: 'Could I come and see it next week?' },
  });
  expect(enquiry.ok(), await enquiry.text()).toBeTruthy();
  const { conversationId } = await enquiry.json();
  const booked = await tenant.request.post(`/api/conversations/${conversationId}/viewings`, {
    data: { slotId: (await slot.json()).id },
  });
  expect(booked.ok(), await booked.text()).toBeTruthy();
  await page.reload();

  await card.getByRole('button', { name: /^Mark let agreed/ }).click();
  // Asked first, with what it calls off: the viewings still to come, counted.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(/[1-9]\d* viewings? still to come (is|are) cancelled/);
  await dialog.getByRole('button', { name: 'Mark let agreed' }).click();
  await expect(page.getByTestId('toast')).toContainText('Marked let agreed');
  // The tenant's thread says so, and the booking shows cancelled.
  await tenant.goto(`/inbox?c=${conversationId}`);
  await expect(
    tenant.getByTestId('system-line').filter({ hasText: 'is cancelled: the home is now let agreed' }).last(),
  ).toBeVisible();
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
