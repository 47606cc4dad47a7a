// A listing's page (issue 30, items 2 and 4): on a 1280×800 screen the title, rent and key facts sit beside the
// photos, all in the first screen; on a phone (320 and 375 px) everything stacks without sideways scrolling. A
// visitor reads the street and district, never the house or flat number or the full postcode, which the landlord
// sees (decision 0058). Before this change the title started below the 624 px photo, under the first screen,
// and the visitor was shown the landlord's full address.
import { type Page, request as playwrightRequest } from '@playwright/test';
import { expect, logInAs, seriousA11yViolations, test } from './fixtures';

interface DemoListing {
  id: string;
  title: string;
  address: string;
  postcode: string;
}

/** One of the demo landlord's live listings with a bedroom count, and its full address as the landlord sees it. */
async function demoListing(baseURL: string): Promise<DemoListing> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await logInAs(api, 'landlord');
    const me = await (await api.get('/api/auth/user')).json();
    const listings: Array<{
      id: string;
      status: string;
      letAgreedAt: string | null;
      bedrooms: number | null;
      address: string;
    }> = await (await api.get(`/api/properties/landlord/${me.id}`)).json();
    const live = listings.find(
      (l) => l.status === 'live' && !l.letAgreedAt && (l.bedrooms ?? 0) > 0 && /\d/.test(l.address),
    );
    expect(live, 'the demo landlord has a live listing with bedrooms and a numbered address').toBeTruthy();
    const detail = await (await api.get(`/api/properties/${live!.id}`)).json();
    expect(detail.addressPrecision).toBe('full');
    return { id: detail.id, title: detail.title, address: detail.address, postcode: detail.postcode };
  } finally {
    await api.dispose();
  }
}

/** The element's box lies inside the window as it first shows (nothing scrolled). */
async function inFirstScreen(page: Page, testId: string | { role: 'heading'; name: string }) {
  const locator =
    typeof testId === 'string'
      ? page.getByTestId(testId)
      : page.getByRole('heading', { level: 1, name: testId.name });
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.y, String(testId)).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, String(testId)).toBeLessThanOrEqual(height);
  expect(box.x + box.width, String(testId)).toBeLessThanOrEqual(width);
  return box;
}

test.describe('a listing page', () => {
  test('at 1280×800 the title, rent and facts sit beside the photos in the first screen', async ({
    page,
    baseURL,
  }) => {
    const listing = await demoListing(baseURL!);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/properties/${listing.id}`);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    const photos = (await page.getByRole('region', { name: 'Photos' }).boundingBox())!;
    const title = await inFirstScreen(page, { role: 'heading', name: listing.title });
    const rent = await inFirstScreen(page, 'detail-rent');
    const facts = page.getByRole('region', { name: 'Key facts' });
    const bedrooms = facts.locator('div').filter({ has: page.locator('dt', { hasText: 'Bedrooms' }) });
    await expect(bedrooms).toBeVisible();
    const beds = (await bedrooms.boundingBox())!;
    expect(beds.y + beds.height).toBeLessThanOrEqual(800);
    // Beside the photos, not under them.
    for (const box of [title, rent, beds]) {
      expect(box.x).toBeGreaterThanOrEqual(photos.x + photos.width);
      expect(box.y).toBeLessThan(photos.y + photos.height);
    }
    // The contact panel follows in the same column.
    const contact = (await page.getByRole('complementary', { name: 'Contact' }).boundingBox())!;
    expect(contact.x).toBeGreaterThanOrEqual(photos.x + photos.width);
    expect(contact.y).toBeGreaterThan(beds.y);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  for (const width of [320, 375]) {
    test(`at ${width} px it stacks photos, title, rent and facts with nothing wider than the screen`, async ({
      page,
      baseURL,
    }) => {
      const listing = await demoListing(baseURL!);
      await page.setViewportSize({ width, height: 740 });
      await page.goto(`/properties/${listing.id}`);
      const heading = page.getByRole('heading', { level: 1, name: listing.title });
      await expect(heading).toBeVisible();
      const photos = (await page.getByRole('region', { name: 'Photos' }).boundingBox())!;
      const title = (await heading.boundingBox())!;
      const rent = (await page.getByTestId('detail-rent').boundingBox())!;
      expect(title.y).toBeGreaterThan(photos.y + photos.height - 1);
      expect(rent.y).toBeGreaterThan(title.y);
      expect(photos.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }

  test('a visitor reads the street and district; the landlord reads the whole address', async ({
    page,
    baseURL,
    signedInAs,
  }) => {
    const listing = await demoListing(baseURL!);
    const district = listing.postcode.split(' ')[0];
    await page.goto(`/properties/${listing.id}`);
    const shown = page.getByTestId('detail-address');
    await expect(shown).toContainText(district);
    const text = (await shown.textContent()) ?? '';
    expect(text).not.toMatch(/\d+[a-z]?\s/i);
    expect(text).not.toContain(listing.postcode);
    await expect(page.getByTestId('address-note')).toContainText('once the landlord confirms your viewing');
    await expect(page.getByText('the map never shows the exact address')).toBeAttached();
    const html = await page.content();
    expect(html).not.toContain(listing.address);
    expect(html).not.toContain(listing.postcode);

    const landlord = await signedInAs('landlord');
    await landlord.goto(`/properties/${listing.id}`);
    await expect(landlord.getByTestId('detail-address')).toHaveText(
      `${listing.address}, ${listing.postcode}`,
    );
    await expect(landlord.getByTestId('address-note')).toHaveCount(0);
  });
});
