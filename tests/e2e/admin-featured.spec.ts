// The landing page's front window in the browser (issue 30 item 5, decision 0062): an admin pins a live home from
// /admin/featured and a visitor sees it first on the landing page; the audit log reads it in words (issue 30 item 6:
// admin pages show labels, not stored codes or ISO dates).
import { demoLandlordListing, expect, logInAs, seriousA11yViolations, test } from './fixtures';

test.describe('featured homes, chosen by an admin', () => {
  test('an admin pins a live home and a visitor sees it first on the landing page', async ({
    page,
    browser,
    baseURL,
  }) => {
    const home = await demoLandlordListing(baseURL!);
    await logInAs(page.request, 'admin');
    // A run against the same server may have left it pinned: start from unpinned.
    await page.request.delete(`/api/admin/featured/${home.id}`);

    await page.goto('/admin/featured');
    await expect(page.getByRole('heading', { name: 'Featured homes', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'On the landing page now' })).toBeVisible();
    await page.getByLabel('Title, place or postcode').fill(home.title);
    await page.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('list', { name: 'Live homes found' });
    const row = found.getByRole('listitem').filter({ has: page.locator(`a[href="/properties/${home.id}"]`) });
    const pinned = page.waitForResponse(
      (res) => res.url().endsWith(`/api/admin/featured/${home.id}`) && res.request().method() === 'PUT',
    );
    await row.getByRole('button', { name: `Pin ${home.title}` }).click();
    expect((await pinned).status()).toBe(200);
    await expect(page.getByTestId('toast').filter({ hasText: 'Pinned to the landing page' })).toBeVisible();

    // The admin sees it first, marked as their pick, and in the pinned list with a way to unpin it.
    const showing = page.getByRole('region', { name: 'On the landing page now' });
    await expect(showing.getByRole('listitem').first()).toContainText(home.title);
    await expect(showing.getByRole('listitem').first()).toContainText('Pinned by an admin');
    await expect(
      page.getByRole('list', { name: 'Pinned homes' }).getByRole('button', { name: `Unpin ${home.title}` }),
    ).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A visitor (a browser with nothing cached) finds it first among the featured homes.
    const visitorContext = await browser.newContext();
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto('/');
      const featured = visitor.getByRole('region', { name: 'Featured homes to rent' });
      await expect(featured.getByRole('article').first().getByRole('link')).toHaveAttribute(
        'href',
        `/properties/${home.id}`,
      );
      await expect(featured.getByRole('article').first()).toContainText(home.title);
    } finally {
      await visitorContext.close();
    }

    // Unpinned, it leaves the front of the window.
    const unpinned = page.waitForResponse(
      (res) => res.url().endsWith(`/api/admin/featured/${home.id}`) && res.request().method() === 'DELETE',
    );
    await page.getByRole('button', { name: `Unpin ${home.title}` }).click();
    expect((await unpinned).status()).toBe(200);
    await expect(page.getByRole('list', { name: 'Pinned homes' })).toHaveCount(0);
  });

  test('a visitor and a member cannot pin', async ({ page, baseURL }) => {
    const home = await demoLandlordListing(baseURL!);
    expect((await page.request.put(`/api/admin/featured/${home.id}`, { data: {} })).status()).toBe(401);
    await logInAs(page.request, 'landlord');
    expect((await page.request.put(`/api/admin/featured/${home.id}`, { data: {} })).status()).toBe(403);
  });

  test('the audit log and the live lists read in words, with UK dates that carry the year', async ({
    page,
    baseURL,
  }) => {
    const home = await demoLandlordListing(baseURL!);
    await logInAs(page.request, 'admin');
    await page.request.delete(`/api/admin/featured/${home.id}`);
    expect((await page.request.put(`/api/admin/featured/${home.id}`, { data: {} })).status()).toBe(200);
    expect((await page.request.delete(`/api/admin/featured/${home.id}`)).status()).toBe(200);

    await page.goto('/admin/super');
    const log = page.getByRole('region', { name: 'Audit log' });
    const entries = page.waitForResponse((res) =>
      res.url().includes('/api/admin/audit-log?action=featured.'),
    );
    await log.getByLabel('Show').selectOption('featured.');
    expect((await entries).status()).toBe(200);
    const pinned = log
      .getByRole('row')
      .filter({ hasText: 'Featured home pinned' })
      .filter({ hasText: home.id });
    await expect(pinned.first()).toBeVisible();
    await expect(pinned.first()).toContainText('Property');
    await expect(pinned.first()).toContainText('Pinned: Yes');
    await expect(pinned.first().getByRole('cell').first()).toHaveText(
      /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/,
    );
    await expect(log.getByRole('row').filter({ hasText: 'Featured home unpinned' }).first()).toContainText(
      'Pinned: Yes → No',
    );
    // No stored code or JSON is left in the table.
    await expect(log.getByRole('table')).not.toContainText(/featured\.pin|"pinned"|\d{4}-\d{2}-\d{2}T/);

    // The newest users read as account types, not stored codes ("landlord", "staff").
    await page.getByRole('tab', { name: 'Live Content' }).click();
    const users = page.getByRole('region', { name: 'Newest users' });
    await expect(users.getByRole('listitem').first()).toContainText(/ · (Tenant|Landlord|Contractor|Staff)/);
    await expect(users).not.toContainText(/ · (tenant|landlord|contractor|staff)\b/);
  });
});
