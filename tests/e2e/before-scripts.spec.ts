// Issue 30 item 7 (decision 0061): a tap before the scripts arrive is not lost. With JavaScript off the public pages
// still navigate (the role cards are links, the searches are GET forms to /properties, the next page is a link), and
// with it on the same controls move within the page, with no full load.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { untilHydrated } from './support/hydration';

const cards = (page: Page) => page.getByTestId('property-card');
const query = (page: Page) => new URL(page.url()).searchParams;
const rentOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));
const rents = async (page: Page) => (await page.getByTestId('card-rent').allTextContents()).map(rentOf);
const ascending = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1] <= v);

/** Set on the window: still there after a click means React Router moved, not the browser. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  // A page of the context as it comes (the fixture's page waits for the scripts to mark it live, which never happens).
  const openPage = async (context: BrowserContext) => context.newPage();

  test('the role cards go to sign-up for their role', async ({ context }) => {
    const page = await openPage(context);
    for (const [card, role] of [
      ["I'm a Tenant", 'tenant'],
      ["I'm a Landlord", 'landlord'],
      ["I'm a Contractor", 'contractor'],
    ] as const) {
      await page.goto('/');
      await page.getByRole('link', { name: card }).click();
      await expect(page).toHaveURL(`/simple-registration?type=${role}`);
    }
  });

  test('a visitor searches from the landing page, filters, sorts, pages on and opens a home', async ({
    context,
  }) => {
    const page = await openPage(context);
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Search properties' });
    await search.getByLabel('Location').fill('Leeds');
    await search.getByLabel(/^Budget/).selectOption({ label: '£500 - £1,000' });
    await search.getByRole('button', { name: 'Search Properties' }).click();
    await expect(page).toHaveURL(/\/properties\?/);
    expect(query(page).get('postcode')).toBe('Leeds');
    expect(query(page).get('budget')).toBe('500-1000');
    await expect(cards(page).first()).toBeVisible();
    for (const rent of await rents(page)) expect(rent).toBeGreaterThanOrEqual(500);
    for (const rent of await rents(page)) expect(rent).toBeLessThanOrEqual(1000);

    // The filters are a GET form to /properties: the search so far is in it, Apply filters sends it.
    const filters = page.getByRole('form', { name: 'Filter properties' });
    await expect(filters.getByLabel('Location')).toHaveValue('Leeds');
    await filters.getByLabel('Bedrooms').selectOption({ label: '2' });
    await filters.getByLabel('Sort by').selectOption({ label: 'Rent: low to high' });
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => query(page).get('sort')).toBe('rent_asc');
    expect(query(page).get('location')).toBe('Leeds');
    expect(query(page).get('bedrooms')).toBe('2');
    expect(query(page).get('minRent')).toBe('500');
    expect(query(page).get('maxRent')).toBe('1000');
    await expect(cards(page)).toHaveCount(24);
    const firstPage = await rents(page);
    expect(ascending(firstPage)).toBe(true);
    await expect(cards(page).first()).toContainText(/2 beds/);

    // The next page is a link: the server renders it on its own, carrying on from where the first one ended.
    await page.getByRole('link', { name: 'Load More Properties' }).click();
    await expect.poll(() => query(page).get('cursor')).toBeTruthy();
    expect(query(page).get('sort')).toBe('rent_asc');
    await expect(cards(page).first()).toBeVisible();
    const secondPage = await rents(page);
    expect(ascending(secondPage)).toBe(true);
    expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage[firstPage.length - 1]);
    for (const rent of secondPage) expect(rent).toBeLessThanOrEqual(1000);

    // A home opens from its card.
    const title = (await cards(page).first().getByRole('heading').textContent()) ?? '';
    await cards(page).first().getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/properties\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('on a phone the Filters button shows the filters on the page, and they apply', async ({ context }) => {
    const page = await openPage(context);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/properties?location=Leeds');
    const filters = page.getByRole('form', { name: 'Filter properties' });
    await expect(filters).toBeHidden();
    await page.getByRole('link', { name: /^Filters/ }).click();
    await expect(filters).toBeVisible();
    await filters.getByLabel('Property type').selectOption({ label: 'House' });
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => query(page).get('propertyType')).toBe('house');
    expect(query(page).get('location')).toBe('Leeds');
    await expect(cards(page).first()).toContainText('House');
  });

  test('the contractor directory searches, filters and pages on', async ({ context }) => {
    const page = await openPage(context);
    await page.goto('/contractors');
    await page.getByLabel('Sort by').selectOption({ label: 'Name A-Z' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => query(page).get('sort')).toBe('name');
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect.poll(() => query(page).get('page')).toBe('2');
    expect(query(page).get('sort')).toBe('name');
    await expect(page.getByRole('heading', { level: 1, name: 'Find Contractors' })).toBeVisible();
    await page.getByRole('link', { name: 'Top Rated' }).click();
    await expect.poll(() => query(page).get('topRated')).toBe('1');
    expect(query(page).get('sort')).toBe('name');
    // A filter starts the list again at its first page.
    expect(query(page).get('page')).toBeNull();
  });
});

test.describe('with JavaScript on, the same controls move within the page', () => {
  test('a role card, the landing search, Apply filters, Load More and a card, with no full load', async ({
    page,
  }) => {
    await page.goto('/');
    await untilHydrated(page);
    await markDocument(page);
    await page.getByRole('link', { name: "I'm a Landlord" }).click();
    await expect(page).toHaveURL('/simple-registration?type=landlord');
    expect(await sameDocument(page)).toBe(true);

    await page.goto('/');
    await untilHydrated(page);
    await markDocument(page);
    const search = page.getByRole('search', { name: 'Search properties' });
    await search.getByLabel('Location').fill('Leeds');
    await search.getByLabel(/^Budget/).selectOption({ label: '£500 - £1,000' });
    await search.getByRole('button', { name: 'Search Properties' }).click();
    // The page writes its own names in place of the form's.
    await expect.poll(() => new URL(page.url()).search).toBe('?location=Leeds&minRent=500&maxRent=1000');
    await expect(cards(page).first()).toBeVisible();
    expect(await sameDocument(page)).toBe(true);

    const filters = page.getByRole('form', { name: 'Filter properties' });
    await filters.getByLabel('Keywords').fill('garden');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => query(page).get('q')).toBe('garden');
    await expect(page.getByTestId('results')).not.toHaveAttribute('aria-busy', 'true');
    expect(await sameDocument(page)).toBe(true);

    await page.goto('/properties?location=Leeds');
    await untilHydrated(page);
    await markDocument(page);
    await expect(cards(page)).toHaveCount(24);
    await page.getByRole('link', { name: 'Load More Properties' }).click();
    await expect(cards(page)).toHaveCount(48);
    // The next page is added below the first, in the same address.
    expect(query(page).get('cursor')).toBeNull();
    expect(await sameDocument(page)).toBe(true);

    const title = (await cards(page).first().getByRole('heading').textContent()) ?? '';
    await cards(page).first().getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
  });
});
