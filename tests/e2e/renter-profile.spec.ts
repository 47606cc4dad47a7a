// The renter profile (issue 31 item 1; decision 0064): a free tenant finds it from their dashboard, fills it in, is
// told beside the field when a share code is not a right to rent code, saves, and finds it kept after a reload;
// beside every field the page says who sees it and when. On a phone (375 px) it fits and works by keyboard.
import { RENTER_PROFILE_FIELD_TEXT, RENTER_PROFILE_MESSAGES } from '../../src/domain/renter-profile';
import { expect, registerViaApi, seriousA11yViolations, test } from './fixtures';
import { untilHydrated } from './support/hydration';

const inDays = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

test.describe('renter profile', () => {
  test('a tenant fills it in, fixes a wrong share code, saves and finds it kept', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Renter Profile', exact: true }).click();
    await expect(page).toHaveURL(/\/renter-profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Renter profile' })).toBeVisible();
    await untilHydrated(page);
    await expect(page.getByRole('status').filter({ hasText: 'Not saved yet.' })).toBeVisible();

    // Who sees what, beside each field.
    await expect(page.getByText(RENTER_PROFILE_FIELD_TEXT.previousLandlord.whoSees)).toBeVisible();
    await expect(page.getByText(RENTER_PROFILE_FIELD_TEXT.rightToRentShareCode.whoSees)).toBeVisible();

    await page
      .getByLabel('Introduction')
      .fill('Junior doctor at the Royal Infirmary. Quiet, tidy, no smoking.');
    await page.getByLabel('How many people would live there').fill('2');
    await page.getByLabel('I have pets').check();
    await page.getByLabel('What pets?').fill('One indoor cat');
    await page.getByLabel('Earliest move-in date').fill(inDays(21));
    await page.getByLabel('Monthly income (optional)').fill('2,450');
    await page.getByLabel('Yes, I have a guarantor').check();
    const shareCode = page.getByLabel('Right to rent share code (optional)');
    await shareCode.fill('W12 3AB C45');
    await page.getByLabel('Their name').fill('Mrs Joan Hart');
    await page.getByLabel('Their email').fill('joan.hart@example.test');
    await page.getByRole('button', { name: 'Save profile' }).click();

    // The server's words, beside the field, which takes the focus.
    await expect(page.getByText(RENTER_PROFILE_MESSAGES.shareCodeWork)).toBeVisible();
    await expect(shareCode).toHaveAttribute('aria-invalid', 'true');
    await expect(shareCode).toBeFocused();
    // Nothing typed is lost.
    await expect(page.getByLabel('Their name')).toHaveValue('Mrs Joan Hart');

    await shareCode.fill('r12 3ab c45');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Saved\. Last saved/ })).toBeVisible();
    await expect(page.getByText(RENTER_PROFILE_MESSAGES.shareCodeWork)).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.reload();
    await untilHydrated(page);
    await expect(page.getByLabel('Introduction')).toHaveValue(
      'Junior doctor at the Royal Infirmary. Quiet, tidy, no smoking.',
    );
    await expect(page.getByLabel('How many people would live there')).toHaveValue('2');
    await expect(page.getByLabel('I have pets')).toBeChecked();
    await expect(page.getByLabel('What pets?')).toHaveValue('One indoor cat');
    await expect(page.getByLabel('Earliest move-in date')).toHaveValue(inDays(21));
    await expect(page.getByLabel('Monthly income (optional)')).toHaveValue('2450');
    await expect(page.getByLabel('Yes, I have a guarantor')).toBeChecked();
    await expect(shareCode).toHaveValue('R12 3AB C45');
    await expect(page.getByLabel('Their email')).toHaveValue('joan.hart@example.test');
    await expect(page.getByRole('status').filter({ hasText: /^Saved\. Last saved/ })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('fits 375 px without sideways scrolling and is filled and saved by keyboard', async ({ page }) => {
      await registerViaApi(page);
      await page.goto('/renter-profile');
      await untilHydrated(page);
      const introduction = page.getByLabel('Introduction');
      await expect(introduction).toBeVisible();
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
      await expect(page.getByText(RENTER_PROFILE_FIELD_TEXT.introduction.whoSees).first()).toBeVisible();

      await introduction.focus();
      await page.keyboard.type('Teacher moving for a new school.');
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('How many people would live there')).toBeFocused();
      await page.keyboard.type('1');
      // Into the pets group: the arrow keys choose within it.
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('No pets')).toBeFocused();
      await page.keyboard.press('Space');
      await expect(page.getByLabel('No pets')).toBeChecked();
      await page.getByLabel('Earliest move-in date').fill(inDays(10));
      await page.getByLabel('Earliest move-in date').press('Enter');

      await expect(page.getByRole('status').filter({ hasText: /^Saved\. Last saved/ })).toBeVisible();
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
    });
  });
});
