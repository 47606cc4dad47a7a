// Plans under consumer law (issue 28): /subscribe states the key terms and asks the person to request a start
// within the 14-day cancellation period before any card is taken; cancelling within 14 days from Settings takes
// two clicks and shows the refund (CCR 2013 regs. 29, 30, 34, 36).
import type { Page } from '@playwright/test';
import { START_NOW_CONSENT_REQUIRED, START_NOW_CONSENT_TEXT } from '../../src/domain/subscription-terms';
import { expect, registerViaApi, seriousA11yViolations, test } from './fixtures';
import { mailsTo } from './support/mail-capture';

async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Name on card').fill('Erin Tester');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
}

test.describe('plans under consumer law', () => {
  test('/subscribe states the terms and asks consent; without it the button is disabled and the API refuses', async ({
    page,
  }) => {
    await registerViaApi(page);
    await page.goto('/subscribe?plan=tenant');
    const terms = page.getByTestId('key-terms');
    await expect(terms).toContainText('£1 a month');
    await expect(terms).toContainText('renews every month on the same day until you cancel');
    await expect(terms).toContainText('14 days');
    await expect(terms).toContainText('Settings → Billing');
    await expect(page.getByRole('link', { name: 'Read the full terms' })).toHaveAttribute(
      'href',
      '/terms-of-service#cancellation',
    );

    const consent = page.getByRole('checkbox', { name: START_NOW_CONSENT_TEXT });
    await expect(consent).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeDisabled();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The server refuses a checkout without the request, whatever the page does.
    const refused = await page.request.post('/api/create-payment', { data: { plan: 'tenant' } });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).fieldErrors.startNowConsent).toEqual([START_NOW_CONSENT_REQUIRED]);

    await consent.check();
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
    // Unticking it takes the card form away again.
    await consent.uncheck();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
  });

  test('subscribing, then cancelling within 14 days from Settings in two clicks, shows the refund', async ({
    page,
  }) => {
    const user = await registerViaApi(page);
    await page.goto('/subscribe?plan=tenant');
    await page.getByRole('checkbox', { name: START_NOW_CONSENT_TEXT }).check();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.waitForURL('**/tenant-dashboard');

    await expect
      .poll(async () => (await mailsTo(user.email)).map((m) => m.subject))
      .toContain('Your Place: your Tenant Premium plan has started');
    const started = (await mailsTo(user.email)).find((m) => m.subject.includes('has started'));
    expect(started?.text).toContain('14 days');
    expect(started?.text).toContain('/terms-of-service#cancellation');

    await page.goto('/settings');
    const billing = page.locator('#billing');
    // Cancelled on the day it started: nothing used, all of it back.
    await expect(billing.getByText(/You can cancel until .* \(£1 if you cancel today\)/)).toBeVisible();
    await billing.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('we refund £1 to your card');
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();

    await expect(page.getByTestId('toast')).toContainText('We are refunding £1 to your card.');
    await expect(billing.getByTestId('refund')).toContainText('Refunded £1 of £1');
    await expect(billing.getByText('Ended', { exact: true })).toBeVisible();
    expect((await (await page.request.get('/api/auth/user')).json()).isPremium).toBe(false);
    await expect
      .poll(async () => (await mailsTo(user.email)).map((m) => m.subject))
      .toContain('Your Place: your Tenant Premium plan is cancelled');
  });
});
