// References by email (issue 31 item 4; decision 0065): the landlord asks for a reference on an application, the
// previous landlord opens the emailed link on a phone without an account, answers, is thanked, and a second visit
// says the link was used. The landlord and the tenant then both read the answer.
import { demoLandlordListing, expect, seriousA11yViolations, test } from './fixtures';
import { mailsTo } from './support/mail-capture';

test('a previous landlord answers a reference from the emailed link, once', async ({
  page,
  signedInAs,
  baseURL,
}) => {
  const listing = await demoLandlordListing(baseURL!);
  const tenant = await signedInAs('premiumTenant');
  const enquiry = await tenant.request.post(`/api/properties/${listing.id}/enquiries`, {
    data: { message: 'Could I apply for the flat, please?' },
  });
  expect(enquiry.ok(), await enquiry.text()).toBeTruthy();
  const { conversationId } = await enquiry.json();
  const referee = `referee.${Date.now()}${Math.floor(Math.random() * 1000)}@example.test`;
  // The application row (the application API is built beside this; the test route stands in for it).
  const applied = await tenant.request.post('/api/test/application', {
    data: { conversationId, previousLandlord: { name: 'Rita Referee', email: referee } },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const { applicationId } = await applied.json();

  const landlord = await signedInAs('landlord');
  const asked = await landlord.request.post(`/api/applications/${applicationId}/references`);
  expect(asked.status(), await asked.text()).toBe(201);

  // The referee reads the email and opens its link, on a phone, signed in to nothing.
  await expect.poll(async () => (await mailsTo(referee)).length).toBeGreaterThan(0);
  const [mail] = await mailsTo(referee);
  expect(mail.subject).toMatch(/^Reference request for /);
  expect(mail.text).toContain('Your answers are shown to the landlord who asked and to the tenant');
  const link = new URL(/https?:\/\/\S+\/references\/[A-Za-z0-9_-]+/.exec(mail.text)![0]).pathname;

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Give a reference' })).toBeVisible();
  await expect(page.getByText('Hello Rita Referee.')).toBeVisible();
  await expect(
    page.getByText(/shown to the landlord who asked and to the tenant they are about/),
  ).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Sent empty, the form says what is missing beside each question.
  await page.getByRole('button', { name: 'Send reference' }).click();
  await expect(page.getByText('Please give the date the tenancy started')).toBeVisible();
  await expect(page.getByText('Please choose how often the rent was paid on time')).toBeVisible();

  await page.getByLabel('Tenancy started').fill('2023-09-01');
  await expect(page.getByText('Please give the date the tenancy started')).toBeHidden();
  await page.getByLabel('Tenancy ended (optional)').fill('2025-08-31');
  // By keyboard: into the first group, arrow to the second choice; the same in the yes/no group.
  await page.getByRole('radio', { name: 'Always on time' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Mostly on time' })).toBeChecked();
  await page.getByRole('radio', { name: 'Yes' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await page.getByLabel('Comments (optional)').fill('A good tenant; the garden was always kept tidy.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Send reference' }).press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(
    'The landlord who asked and the tenant can now read it',
  );

  // A second visit of the same link: already used, in plain words.
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This reference link has already been used' }),
  ).toBeVisible();
  await expect(page.getByText(/This reference has already been given: it was sent on/)).toBeVisible();

  // Both sides read the answer.
  for (const side of [landlord, tenant]) {
    const res = await side.request.get(`/api/applications/${applicationId}/references`);
    expect(res.ok(), await res.text()).toBeTruthy();
    const [reference] = (await res.json()).references;
    expect(reference).toMatchObject({
      refereeName: 'Rita Referee',
      status: 'answered',
      answer: { tenancyFrom: '2023-09-01', rentOnTime: 'mostly', wouldLetAgain: true },
    });
  }
});

test('a reference link that is not ours says so plainly', async ({ page }) => {
  await page.goto('/references/not-a-link-we-sent-abc123');
  await expect(
    page.getByRole('heading', { level: 1, name: 'We could not find this reference link' }),
  ).toBeVisible();
  await expect(page.getByText(/Check that the whole address from the email was copied/)).toBeVisible();
  await expect(page).toHaveTitle('Give a Reference | Your Place');
});
