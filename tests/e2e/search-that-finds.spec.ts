// Issue 30 item 4, "Search that finds" (decision 0060), as a person uses it: the place box of the contractor
// directory on /properties, "Include let agreed" in the filters, an unknown place answered with the places we know,
// and on a phone one List/Map toggle, "Tap", and a map at the top of the results.
import { expect, seriousA11yViolations, test } from './fixtures';

test.describe('search that finds, on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the location box suggests UK places as you type; picking one searches it', async ({ page }) => {
    await page.goto('/properties');
    const filters = page.getByRole('form', { name: 'Filter properties' });
    const box = filters.getByRole('combobox', { name: 'Location' });
    await expect(box).toHaveAttribute('name', 'location');
    await box.fill('Leed');
    const option = page.getByRole('option', { name: /^Leeds\b/ });
    await expect(option).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const searched = page.waitForResponse(
      (r) => r.url().includes('/api/properties?') && r.url().includes('location=Leeds'),
    );
    await option.click();
    await searched;
    await expect.poll(() => new URL(page.url()).searchParams.get('location')).toBe('Leeds');
    await expect(box).toHaveValue('Leeds');
    await expect(page.getByTestId('property-card').first()).toBeVisible();

    // By keyboard: arrow down to a suggestion and Enter takes it.
    await box.fill('Brist');
    await expect(page.getByRole('option', { name: /^Bristol\b/ })).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('location')).toBe('Bristol');

    // Let-agreed homes are hidden until asked for, and the choice is in the URL.
    const letAgreed = filters.getByRole('checkbox', { name: 'Include let agreed' });
    await expect(letAgreed).not.toBeChecked();
    await expect(letAgreed).toHaveAttribute('name', 'includeLetAgreed');
    // The box is checked by the URL the click writes (a router navigation, not at once): wait for that state.
    await letAgreed.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('includeLetAgreed')).toBe('1');
    await expect(letAgreed).toBeChecked();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Include let agreed' })).toBeChecked();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('an unknown place says "We couldn\'t find" it and offers the places we know', async ({ page }) => {
    await page.goto('/properties?location=Atlantis');
    const notice = page.getByTestId('place-not-found');
    await expect(notice.getByRole('heading', { name: "We couldn't find 'Atlantis'" })).toBeVisible();
    await expect(page.getByText('No properties found')).toHaveCount(0);
    const offered = notice.getByRole('list', { name: 'Places with similar names' }).getByRole('link');
    await expect(offered.first()).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The map says so too, rather than showing an empty country.
    await page.goto('/properties?location=Atlantis&view=map');
    await expect(page.getByRole('heading', { name: "We couldn't find 'Atlantis'" })).toBeVisible();

    // A misspelling offers the place it means first; following it searches there.
    await page.goto('/properties?location=Manchestr&bedrooms=2');
    const manchester = page
      .getByTestId('place-not-found')
      .getByRole('link')
      .filter({ hasText: /^Manchester/ });
    await expect(manchester).toBeVisible();
    await manchester.click();
    await expect.poll(() => new URL(page.url()).search).toBe('?location=Manchester&bedrooms=2');
    await expect(page.getByTestId('property-card').first()).toBeVisible();
    await expect(page.getByTestId('place-not-found')).toHaveCount(0);
  });
});

test.describe('search that finds, on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });

  test('one List/Map toggle, "Tap" on the legend, and the map at the top of the results', async ({
    page,
  }) => {
    await page.goto('/properties?location=Leeds');
    await expect(page.getByTestId('property-card').first()).toBeVisible();
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('view')).toBe('map');
    const map = page.getByRole('region', { name: /^Map of/ });
    await expect(map).toBeVisible();

    // One toggle: the toolbar's, nothing else offering a map or a list of the same results.
    await expect(page.getByRole('group', { name: /^Show (results|homes) as$/ })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^(Map|List)( view)?$/ })).toHaveCount(2);
    await expect(page.getByTestId('map-legend')).toContainText('Tap markers for details');
    await expect(page.getByTestId('map-legend')).not.toContainText('Click');

    // The map starts right under the toolbar, on the first screen.
    const toggle = await page.getByRole('group', { name: 'Show results as' }).boundingBox();
    const top = await map.boundingBox();
    expect(toggle && top).toBeTruthy();
    expect(top!.y - (toggle!.y + toggle!.height)).toBeLessThanOrEqual(24);
    expect(top!.y).toBeLessThan(400);

    // The homes on the map are listed under it by district, and the page does not scroll sideways.
    const groups = page.getByRole('list', { name: 'Homes by postcode district' });
    await expect(groups.locator(':scope > li').first().getByRole('heading', { level: 3 })).toContainText(
      /^LS\d+/,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // List brings the cards back.
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await expect(page.getByTestId('property-card').first()).toBeVisible();
  });
});
