// Issue 17: a service area is any UK place. A visitor types a town into the directory's place box, picks a
// suggestion by keyboard and sees the trades who serve it; a new contractor adds a town that is not one of the ten
// cities to their profile; the footer links open a live home and a live trade. The place box works at 320 px.
import { expect, newUserData, registerViaApi, seriousA11yViolations, test } from './fixtures';

test.describe('service areas as places', () => {
  test('a visitor finds trades in Ipswich by typing the town and picking it from the suggestions', async ({
    page,
  }) => {
    await page.goto('/contractors');
    const box = page.getByRole('combobox', { name: 'Service area' });
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.click();
    await box.pressSequentially('ipsw');
    const list = page.getByRole('listbox', { name: 'Suggested places' });
    await expect(list.getByRole('option').first()).toContainText('Ipswich');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Escape closes the list and keeps the text; the arrows open it again and mark a suggestion.
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveValue('ipsw');
    await box.press('ArrowDown');
    await expect(list).toBeVisible();
    await box.press('ArrowDown');
    const first = list.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
    await box.press('Enter');

    await expect(page).toHaveURL(/serviceArea=Ipswich/);
    await expect(box).toHaveValue('Ipswich');
    await expect(list).toBeHidden();
    const cards = page.getByTestId('contractor-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Orwell Plumbing & Heating' })).toBeVisible();
    for (const text of await cards.allTextContents()) expect(text).toContain('Ipswich');

    // A district finds them too; the ten cities stay as quick picks.
    await page.goto('/contractors?serviceArea=IP4');
    await expect(page.getByRole('heading', { name: 'Orwell Plumbing & Heating' })).toBeVisible();
    const leeds = page.getByRole('button', { name: 'Leeds', exact: true });
    await leeds.click();
    await expect(page).toHaveURL(/serviceArea=Leeds/);
    await expect(leeds).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('combobox', { name: 'Service area' })).toHaveValue('Leeds');
    await expect(page.getByRole('heading', { name: 'Orwell Plumbing & Heating' })).toBeHidden();
  });

  test('the place box fits and works on a 320 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/contractors');
    const box = page.getByRole('combobox', { name: 'Service area' });
    await box.fill('york');
    const option = page.getByRole('option', { name: /York/ }).first();
    await expect(option).toBeVisible();
    const boxWidth = (await box.boundingBox())?.width ?? 0;
    const listBox = await page.getByRole('listbox', { name: 'Suggested places' }).boundingBox();
    expect(listBox?.width).toBeLessThanOrEqual(boxWidth + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await option.click();
    await expect(page).toHaveURL(/serviceArea=York/);
    await expect(page.getByRole('heading', { name: 'Minster Decorators' })).toBeVisible();
  });

  test('a new contractor adds a town that is not one of the ten cities to their profile', async ({
    page,
  }) => {
    await registerViaApi(page, newUserData('contractor'));
    await page.goto('/contractor-profile');
    await page.getByLabel('Business name').fill('Gipping Valley Plumbing');
    await page.getByLabel('Specialty').selectOption('Plumbing & Heating');

    // A quick pick, then removed again with its chip's button.
    await page.getByRole('button', { name: 'Add Leeds' }).click();
    const added = page.getByRole('list', { name: 'Service areas added' });
    await expect(added).toContainText('Leeds');
    await added.getByRole('button', { name: 'Remove Leeds' }).click();
    await expect(page.getByRole('list', { name: 'Service areas added' })).toHaveCount(0);

    // Any town, picked from the suggestions by keyboard.
    const box = page.getByRole('combobox', { name: 'Add a service area' });
    await box.pressSequentially('Stowmar');
    await expect(page.getByRole('option', { name: /Stowmarket/ })).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(added).toContainText('Stowmarket');
    await expect(box).toHaveValue('');
    // A postcode is its district.
    await box.fill('IP4 1AA');
    await expect(page.getByRole('option', { name: /IP4/ })).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(added).toContainText('IP4');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Submit Profile for Review' }).click();
    await expect(page.getByTestId('toast')).toContainText('Profile Submitted');
    const own = await (await page.request.get('/api/contractor/profile')).json();
    expect(own.pending.serviceAreas).toEqual(['Stowmarket', 'IP4']);

    // A place that does not exist is refused by name, beside the field. First the form is drawn again from the
    // pending profile the server now holds (its button says so); typed before that, the redraw lost it once.
    await expect(page.getByRole('button', { name: 'Submit Changes for Review' })).toBeVisible();
    await box.fill('Narnia');
    await box.press('Enter');
    await expect(added).toContainText('Narnia');
    await page.getByRole('button', { name: 'Submit Changes for Review' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'we don\'t know a UK place called "Narnia"' }).first(),
    ).toBeVisible();
  });

  test('the footer links open a live home and a live trade', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    const home = footer.getByRole('link', { name: /Newest home/ });
    const trade = footer.getByRole('link', { name: /Top-rated trade/ });
    await expect(home).toHaveAttribute('href', /^\/properties\/[0-9a-f-]{36}$/);
    await expect(trade).toHaveAttribute('href', /^\/contractors\/[0-9a-f-]{36}$/);
    const tradeName = (await trade.locator('span').last().textContent())?.trim() ?? '';

    await home.click();
    await expect(page).toHaveURL(/\/properties\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/no longer available|not found/i)).toHaveCount(0);

    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: /Top-rated trade/ })
      .click();
    await expect(page).toHaveURL(/\/contractors\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: tradeName })).toBeVisible();
  });
});
