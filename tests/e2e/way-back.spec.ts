// The way back (issue 30, decision 0059): a visitor who pressed "Send Message" or "Schedule Viewing" on a listing,
// then signed up (or signed in) and paid with the test card, lands on that listing with that dialog open, gets a
// receipt by email, and focus returns to the button when the dialog closes. The inbox's conversation list, a
// scrolling region, takes keyboard focus.
import type { Page } from '@playwright/test';
import { START_NOW_CONSENT_TEXT } from '../../src/domain/subscription-terms';
import {
  demoLandlordListing,
  expect,
  newUserData,
  registerViaApi,
  seriousA11yViolations,
  test,
} from './fixtures';
import { mailsTo } from './support/mail-capture';

async function payWithTestCard(page: Page) {
  await expect(page.getByRole('heading', { name: 'Subscribe to Tenant Premium' })).toBeVisible();
  await page.getByRole('checkbox', { name: START_NOW_CONSENT_TEXT }).check();
  await page.getByLabel('Name on card').fill('Erin Tester');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
}

test.describe('the way back to a listing', () => {
  test('visitor → listing → Send Message → sign up → pay → back on the listing with the form open', async ({
    page,
    baseURL,
  }) => {
    const listing = await demoLandlordListing(baseURL as string);
    await page.goto(`/properties/${listing.id}`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const prompt = page.getByRole('region', { name: 'Send Message: contact the landlord' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('link', { name: 'Create a free account' }).click();

    await page.waitForURL(/\/simple-registration\?/);
    const back = `/properties/${listing.id}?contact=message`;
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(
      `/subscribe?plan=tenant&returnTo=${encodeURIComponent(back)}`,
    );
    await expect(page.getByRole('radio', { name: /Tenant/ })).toBeChecked();
    const user = newUserData();
    await page.getByLabel('First name').fill(user.firstName);
    await page.getByLabel('Last name').fill(user.lastName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Taking you to checkout for Tenant Premium…')).toBeVisible();
    await page.waitForURL(/\/subscribe\?plan=tenant&returnTo=/);

    await payWithTestCard(page);
    await page.waitForURL((url) => `${url.pathname}${url.search}` === back);
    const dialog = page.getByRole('dialog', { name: /about this home/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Message' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Closing it returns focus to the button it stands for, and the address no longer asks for it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const sendMessage = page.getByRole('button', { name: 'Send Message' });
    await expect(sendMessage).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/properties/${listing.id}$`));

    // Opened by keyboard, closed with its own Close button: focus is back on the opener again.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(sendMessage).toBeFocused();

    // The receipt: the plan, the amount taken, how to cancel.
    await expect
      .poll(
        async () =>
          (await mailsTo(user.email)).filter((m) => m.text.includes('This is your receipt.')).length,
      )
      .toBe(1);
    const receipt = (await mailsTo(user.email)).find((m) => m.text.includes('This is your receipt.'));
    expect(receipt?.text).toContain('Plan: Tenant Premium');
    expect(receipt?.text).toContain('Amount paid: £1');
    expect(receipt?.text).toContain('/settings#billing');
  });

  test('visitor → listing → Schedule Viewing → sign in → pay → back on the listing with the viewing request open', async ({
    page,
    baseURL,
    signedInAs,
  }) => {
    const listing = await demoLandlordListing(baseURL as string);
    // The landlord has published a time (or has that one already, 409, or as many open as a listing may hold, 429).
    const landlord = await signedInAs('landlord');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(Date.now() + 9 * 86_400_000),
    );
    const slot = await landlord.request.post(`/api/listings/${listing.id}/viewing-slots`, {
      data: { date: day, startTime: '17:30', durationMinutes: 30, capacity: 10, note: null },
    });
    expect([201, 409, 429], await slot.text()).toContain(slot.status());
    const user = await registerViaApi(page, newUserData());
    expect((await page.request.post('/api/logout')).ok()).toBeTruthy();

    await page.goto(`/properties/${listing.id}`);
    await page.getByRole('button', { name: 'Schedule Viewing' }).click();
    const prompt = page.getByRole('region', { name: 'Schedule Viewing: contact the landlord' });
    await prompt.getByRole('link', { name: 'Sign in' }).click();
    const back = `/properties/${listing.id}?contact=viewing`;
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(back);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // Back on the listing, signed in without the plan: the action pressed is asked again, with its way to pay.
    await page.waitForURL((url) => `${url.pathname}${url.search}` === back);
    const again = page.getByRole('region', { name: 'Schedule Viewing: contact the landlord' });
    await expect(again).toBeVisible();
    await again.getByRole('link', { name: /Upgrade for £1\/month/ }).click();
    await page.waitForURL(/\/subscribe\?plan=tenant&returnTo=/);

    await payWithTestCard(page);
    await page.waitForURL((url) => `${url.pathname}${url.search}` === back);
    const dialog = page.getByRole('dialog', { name: /about this home/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue(/arrange a viewing/);
    // The landlord's published times are offered to pick from (issue 30: the form ignored them).
    const times = dialog.getByRole('group', { name: 'Choose a viewing time' });
    await expect(times).toBeVisible();
    await expect(
      times.getByRole('radio', { name: /^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}/ }).first(),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Schedule Viewing' })).toBeFocused();
  });

  test('a checkout link naming another site goes to the dashboard, never there', async ({ page }) => {
    await registerViaApi(page, newUserData());
    await page.goto(`/subscribe?plan=tenant&returnTo=${encodeURIComponent('//evil.example/')}`);
    await payWithTestCard(page);
    await page.waitForURL(/\/(tenant-)?dashboard/);
    expect(page.url()).not.toContain('evil.example');
  });

  test("the inbox's conversation list is a focusable scrolling region", async ({ signedInAs }) => {
    const tenant = await signedInAs('premiumTenant');
    await tenant.goto('/inbox');
    const list = tenant.getByRole('navigation', { name: 'Conversations' });
    await expect(list).toBeVisible();
    await expect(list).toHaveAttribute('tabindex', '0');
    await list.focus();
    await expect(list).toBeFocused();
  });
});
