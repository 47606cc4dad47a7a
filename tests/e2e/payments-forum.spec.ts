// Subscribing with the built-in test provider, the tenant forum, and cancelling from Settings → Billing
// (doc 2 "/subscribe", "Tenant forum", §4, §8, §9).
import type { Page } from '@playwright/test';
import { START_NOW_CONSENT_TEXT } from '../../src/domain/subscription-terms';
import { expect, newUserData, registerViaApi, test } from './fixtures';

const toast = (page: Page) => page.getByTestId('toast');

/** Ticks the request to start at once (the card form appears only then), then fills the card. */
async function fillCard(page: Page, cardNumber: string) {
  await page.getByRole('checkbox', { name: START_NOW_CONSENT_TEXT }).check();
  await page.getByLabel('Name on card').fill('Erin Tester');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
}

async function isPremium(page: Page): Promise<boolean> {
  const res = await page.request.get('/api/auth/user');
  expect(res.ok()).toBeTruthy();
  return (await res.json()).isPremium;
}

test.describe('subscriptions and the tenant forum', () => {
  test('a free tenant subscribes with 4242 4242 4242 4242, reaches the forum, and posts a topic and a message', async ({
    page,
  }) => {
    await registerViaApi(page);
    expect(await isPremium(page)).toBe(false);

    await page.goto('/forum');
    await expect(page.getByRole('heading', { name: 'Premium Access Required' })).toBeVisible();
    await page.getByRole('link', { name: 'Upgrade to Premium (£1/month)' }).click();
    await page.waitForURL('**/subscribe?plan=tenant');

    await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();
    await expect(page.getByText('Cancel any time • No hidden fees').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why Choose Your Place' })).toBeVisible();
    await expect(page.getByText('Community forum')).toBeVisible();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(toast(page)).toContainText('Payment Successful');
    await expect(toast(page)).toContainText('You are now subscribed!');
    await page.waitForURL('**/tenant-dashboard');
    expect(await isPremium(page)).toBe(true);

    await page.goto('/forum');
    await expect(page.getByRole('heading', { level: 1, name: 'Tenant Forum' })).toBeVisible();
    await page.getByRole('button', { name: 'New Topic' }).click();
    const title = `Boiler broken in January ${Date.now()}`;
    await page.getByLabel('Title').fill(`  ${title}  `);
    await page.getByLabel('Description').fill('The landlord has not replied for a week. <b>What next?</b>');
    await page.getByRole('button', { name: 'Create Topic' }).click();
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    // Markup is shown as typed, never run.
    await expect(page.getByText('The landlord has not replied for a week. <b>What next?</b>')).toBeVisible();

    const box = page.getByLabel('Message', { exact: true });
    await box.fill('Write to them again and keep a copy.');
    await box.press('Shift+Enter');
    await box.pressSequentially('Then call the council.');
    await box.press('Enter');
    const thread = page.getByRole('log');
    await expect(thread).toContainText('Write to them again and keep a copy.');
    await expect(thread).toContainText('Then call the council.');
    await expect(box).toHaveValue('');
    await expect(page.getByRole('button', { name: new RegExp(title) })).toContainText('1 message');
  });

  test('a visitor on /subscribe is offered Create Account and Sign In, and each comes back to the plan', async ({
    page,
  }) => {
    // An account made elsewhere, then signed out: this visitor signs in through the page.
    const user = await registerViaApi(page, newUserData('landlord'));
    expect((await page.request.post('/api/logout')).ok()).toBeTruthy();

    await page.goto('/subscribe?plan=landlord');
    await expect(page.getByRole('heading', { name: 'Sign Up Required' })).toBeVisible();
    await expect(page.getByText('To subscribe to Landlord Pro')).toBeVisible();
    const main = page.getByRole('main');
    const createAccount = main.getByRole('link', { name: 'Create Account' });
    await expect(createAccount).toHaveAttribute(
      'href',
      '/simple-registration?type=landlord&returnTo=%2Fsubscribe%3Fplan%3Dlandlord',
    );
    await expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    await main.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fsubscribe%3Fplan%3Dlandlord$/);
    // The sign-up link on the sign-in page keeps the way back too.
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/simple-registration?returnTo=%2Fsubscribe%3Fplan%3Dlandlord',
    );
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Taking you back to where you were…')).toBeVisible();
    await page.waitForURL('**/subscribe?plan=landlord');
    await expect(page.getByRole('heading', { name: 'Subscribe to Landlord Pro' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Complete Your Subscription' })).toBeVisible();

    // Create Account: a new contractor is brought back to the contractor plan's checkout.
    expect((await page.request.post('/api/logout')).ok()).toBeTruthy();
    await page.goto('/subscribe?type=contractor');
    await main.getByRole('link', { name: 'Create Account' }).click();
    await expect(page.getByRole('radio', { name: /Contractor/ })).toBeChecked();
    const fresh = newUserData('contractor');
    await page.getByLabel('First name').fill(fresh.firstName);
    await page.getByLabel('Last name').fill(fresh.lastName);
    await page.getByLabel('Email').fill(fresh.email);
    await page.getByLabel('Password', { exact: true }).fill(fresh.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Taking you to checkout for Contractor Pro…')).toBeVisible();
    await page.waitForURL('**/subscribe?plan=contractor');
    await expect(page.getByRole('heading', { name: 'Subscribe to Contractor Pro' })).toBeVisible();
  });

  test('a declined card shows the failure toast and grants nothing', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/subscribe?plan=gold');
    await expect(page.getByRole('heading', { name: 'Subscription Not Available' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();

    await page.goto('/subscribe?plan=tenant');
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(toast(page)).toContainText('Payment Failed');
    await expect(toast(page)).toContainText('Your card was declined.');
    await expect(toast(page)).toHaveAttribute('data-variant', 'destructive');
    await expect(page).toHaveURL(/\/subscribe\?plan=tenant$/);
    // What was typed stays, to try another card.
    await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(await isPremium(page)).toBe(false);
    expect((await page.request.get('/api/forum/topics')).status()).toBe(403);
  });
  // Cancelling from Settings: tests/e2e/plans-consumer-law.spec.ts (within 14 days, with its refund); the end of
  // the paid period after 14 days is tests/api/payments-consumer-law.test.ts (the server's clock moves there).
});
