// Issue 28 in the browser: the enquiry form asks only what a landlord may use before a viewing (no children, no
// employment), and the scam shield's law warning: wording the law forbids is confirmed before it is sent, then
// shown to both sides with what the law allows. docs/decisions/0048-what-an-enquiry-may-ask.md.
import type { Page } from '@playwright/test';
import { demoLandlordListing, demoLogin, expect, seriousA11yViolations, test } from './fixtures';

/** The demo tenant, signed in, opens the enquiry form on the demo landlord's listing. */
async function openEnquiryForm(page: Page, baseURL: string) {
  const listing = await demoLandlordListing(baseURL);
  await demoLogin(page);
  await page.goto(`/properties/${listing.id}`);
  await page
    .getByRole('complementary', { name: 'Contact' })
    .getByRole('button', { name: 'Send Message' })
    .click();
  return page.getByRole('dialog');
}

test('the enquiry form has no children or employment fields, and a tenant can still send an enquiry', async ({
  page,
  signedInAs,
  baseURL,
}) => {
  const dialog = await openEnquiryForm(page, baseURL!);
  await expect(dialog.getByLabel('Message')).toBeVisible();
  // What it asks: the message, a move-in date, how many people, pets; nothing else.
  await expect(dialog.getByLabel('Desired move-in date')).toBeVisible();
  await expect(dialog.getByLabel('How many people would live there')).toBeVisible();
  await expect(dialog.getByLabel('Pets')).toBeVisible();
  await expect(dialog.getByLabel(/children/i)).toHaveCount(0);
  await expect(dialog.getByLabel(/adults/i)).toHaveCount(0);
  await expect(dialog.getByLabel(/employ/i)).toHaveCount(0);
  await expect(dialog.getByText(/children|employ|adults/i)).toHaveCount(0);
  expect(await dialog.locator('input, select, textarea').count()).toBe(4);

  const token = `Enquiry ${Date.now()}: could I view the flat one evening next week?`;
  await dialog.getByLabel('Message').fill(token);
  await dialog.getByLabel('How many people would live there').fill('3');
  await dialog.getByLabel('Pets').selectOption('yes');
  await dialog.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(dialog.getByRole('heading', { name: 'Enquiry sent' })).toBeVisible();

  // The landlord sees the message with the number of people and pets, and no children or employment.
  const landlord = await signedInAs('landlord');
  await landlord.goto('/inbox');
  await landlord.getByTestId('conversation-item').filter({ hasText: token }).click();
  const opening = landlord.getByTestId('thread-messages').getByTestId('message').filter({ hasText: token });
  await expect(opening).toBeVisible();
  await expect(opening).toContainText('People3');
  await expect(opening).toContainText('PetsYes');
  await expect(opening).not.toContainText(/children|employ|adults/i);
});

test('an enquiry with wording the law forbids is confirmed in the form before it is sent', async ({
  page,
  baseURL,
}) => {
  const dialog = await openEnquiryForm(page, baseURL!);
  await dialog
    .getByLabel('Message')
    .fill(`Question ${Date.now()}: is the flat adults only, or may my family view it?`);
  await dialog.getByRole('button', { name: 'Send enquiry' }).click();
  const confirm = dialog.getByTestId('law-confirm');
  await expect(confirm).toContainText('“adults only”');
  await expect(confirm).toContainText('may not refuse, or discourage, a tenant because they have children');
  await expect(dialog.getByRole('heading', { name: 'Enquiry sent' })).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Send anyway' }).click();
  await expect(dialog.getByRole('heading', { name: 'Enquiry sent' })).toBeVisible();
});

test('a message with wording the law forbids is confirmed before sending, then both sides see the warning', async ({
  page,
  signedInAs,
  baseURL,
}) => {
  const listing = await demoLandlordListing(baseURL!);
  await demoLogin(page);
  const enquiry = await page.request.post(`/api/properties/${listing.id}/enquiries`, {
    data: { message: 'Is the flat still available from next month, please?' },
  });
  expect(enquiry.ok(), await enquiry.text()).toBeTruthy();
  const { conversationId } = await enquiry.json();

  const landlord = await signedInAs('landlord');
  await landlord.goto(`/inbox?c=${conversationId}`);
  const landlordThread = landlord.getByTestId('thread-messages');
  await expect(landlordThread.getByTestId('message').first()).toBeVisible();
  const text = `Sorry ${Date.now()}: no DSS.`;
  const composer = landlord.getByLabel('Write a message');
  await composer.fill(text);
  await landlord.getByRole('button', { name: 'Send message' }).click();

  // Held back: the inline warning names the words and what the law allows; nothing is sent yet.
  const confirm = landlord.getByTestId('law-confirm');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('“no DSS”');
  await expect(confirm).toContainText(
    'may not refuse, or discourage, a tenant because they receive benefits',
  );
  await expect(composer).toHaveAttribute('aria-describedby', /.+/);
  await expect(landlordThread.getByText(text)).toHaveCount(0);
  expect(await seriousA11yViolations(landlord)).toEqual([]);
  await confirm.getByRole('button', { name: 'Send anyway' }).click();

  // Sent: the sender sees the warning beside their own message, with the law linked.
  const sent = landlordThread.getByTestId('message').filter({ hasText: text });
  await expect(sent).toBeVisible();
  await expect(confirm).toHaveCount(0);
  const warning = sent.getByTestId('law-warning');
  await expect(warning).toContainText('Refusing people who receive benefits');
  await expect(warning.getByRole('link', { name: /Renters' Rights Act 2025/ })).toHaveAttribute(
    'href',
    /legislation\.gov\.uk/,
  );

  // And the tenant sees it too.
  await page.goto(`/inbox?c=${conversationId}`);
  const tenantSees = page.getByTestId('thread-messages').getByTestId('message').filter({ hasText: text });
  await expect(tenantSees.getByTestId('law-warning')).toContainText('receive benefits');
});
