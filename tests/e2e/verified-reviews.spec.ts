// Verified-job reviews (issue 32 item 5; decision 0073): a landlord whose repair a trade finished follows "Review the
// trade" from the repair to the trade's page and leaves a review, shown as a "Verified job" with its month and
// category; the trade replies once from its own page and the reply shows under the review. At 320 px for the
// landlord, by keyboard-reachable controls, with no serious axe violations. The repair's quote and visit steps
// (item 3) are stood in for by a test route that marks the work done by the trade.
import type { Page } from '@playwright/test';
import { expect, newUserData, registerViaApi, seriousA11yViolations, test } from './fixtures';
import { untilHydrated } from './support/hydration';
import { postReview } from './support/reviews';
import { agreedTenancy, liveListing, member } from './support/tenancy';

/** A new tenant of the journey's own asks the seed's Hughes Plumbing for a quote, through the API. */
async function tenantAsksHughes(
  page: Page,
  admin: Page,
  firstName: string,
  job: { jobTitle: string; description: string },
) {
  await member(page, admin, 'tenant', firstName);
  const found = await page.request.get('/api/contractors?q=Hughes%20Plumbing');
  const [hughes] = (await found.json()).contractors;
  const asked = await page.request.post(`/api/contractors/${hughes.id}/quote-requests`, {
    data: { ...job, location: 'SE15 4QF', contactEmail: `${firstName.toLowerCase()}@example.test` },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { id: leadId } = await asked.json();
  return { hughes, jobTitle: job.jobTitle, leadId: leadId as string };
}

test('a landlord reviews the trade that finished a repair as a verified job; the trade replies', async ({
  page,
  browser,
  signedInAs,
}) => {
  const admin = await signedInAs('admin');
  const baseURL = test.info().project.use.baseURL;

  // A trade of the journey's own: a contractor account whose profile the admin approves.
  const trade = await (await browser.newContext({ baseURL })).newPage();
  const tradeUser = await registerViaApi(trade, { ...newUserData('contractor'), firstName: 'Dylan' });
  const signedIn = await trade.request.post('/api/login', {
    data: { email: tradeUser.email, password: tradeUser.password },
  });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  const businessName = `Dripfix Plumbing ${Date.now()}`;
  const profile = await trade.request.post('/api/contractor/profile', {
    data: {
      businessName,
      specialty: 'Plumbing & Heating',
      services: ['Leaks'],
      serviceAreas: ['Truro'],
      description: 'Plumbers in Cornwall.',
    },
  });
  expect(profile.status(), await profile.text()).toBe(201);
  const { id: contractorId, submissionId } = await profile.json();
  const approved = await admin.request.post(`/api/admin/content-submissions/${submissionId}/review`, {
    data: { status: 'approved' },
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();

  // A tenancy, a leak the tenant reports, and the trade's work on it marked done.
  const landlord = page;
  await member(landlord, admin, 'landlord', 'Lena');
  const tenant = await (await browser.newContext({ baseURL })).newPage();
  const propertyId = await liveListing(landlord.request, admin.request, `Flat by the river ${Date.now()}`);
  await member(tenant, admin, 'tenant', 'Tia');
  const tenancyId = await agreedTenancy(tenant.request, landlord.request, propertyId);
  const title = `Leak under the bath ${Date.now()}`;
  const reported = await tenant.request.post(`/api/tenancies/${tenancyId}/repairs`, {
    data: { title, description: 'Water through the ceiling below.', category: 'plumbing', urgency: 'urgent' },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const { repairId } = await reported.json();
  const finished = await admin.request.post('/api/test/finish-repair', { data: { repairId, contractorId } });
  expect(finished.ok(), await finished.text()).toBeTruthy();

  // The landlord, on a narrow phone, goes from the repair to the trade's page.
  await landlord.setViewportSize({ width: 320, height: 720 });
  await landlord.goto(`/repairs/${repairId}`);
  await expect(landlord.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const part = landlord.getByTestId('trade-review');
  await expect(part).toContainText(`${businessName} did this repair.`);
  await part.getByRole('link', { name: 'Review the trade' }).click();
  await expect(landlord.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  await untilHydrated(landlord);

  // The form names the job it rests on, and says what is missing when sent empty.
  const form = landlord.getByRole('form', { name: 'Leave a review' });
  await expect(form).toContainText(`About your job: ${title} (Plumbing and leaks,`);
  await form.getByRole('button', { name: 'Post Review' }).click();
  await expect(form.getByText('Please choose a rating from 1 to 5 stars')).toBeVisible();
  const mine = await postReview(landlord, 4, 'Came the same day and found the leak behind the bath panel.');
  await expect(mine).toContainText('Came the same day and found the leak');
  await expect(mine).toContainText('Verified job');
  await expect(mine).toContainText(
    /(January|February|March|April|May|June|July|August|September|October|November|December) \d{4} · Plumbing and leaks/,
  );
  await expect(landlord.getByTestId('rating-basis').first()).toHaveText('from 1 verified job');
  await expect(landlord.getByRole('form', { name: 'Leave a review' })).toHaveCount(0);
  expect(await landlord.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(await seriousA11yViolations(landlord)).toEqual([]);

  // The repair page now says the landlord has reviewed the trade.
  await landlord.goto(`/repairs/${repairId}`);
  await expect(landlord.getByTestId('trade-review')).toContainText(`You have reviewed ${businessName}.`);

  // The trade replies from its own page, once.
  await trade.goto(`/contractors/${contractorId}`);
  await expect(trade.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  await untilHydrated(trade);
  const review = trade.getByTestId('review').filter({ hasText: 'Came the same day' });
  await review.getByRole('button', { name: /^Reply/ }).click();
  const reply = trade.getByRole('form', { name: /^Reply to / });
  await reply.getByRole('button', { name: 'Post Reply' }).click();
  await expect(reply.getByText('Please write your reply')).toBeVisible();
  await reply.getByLabel('Your public reply').fill('Thank you, Lena. Glad it is dry again.');
  await reply.getByRole('button', { name: 'Post Reply' }).click();
  await expect(trade.getByTestId('toast')).toContainText('Reply Posted');
  await expect(review.getByTestId('review-reply')).toContainText('Thank you, Lena. Glad it is dry again.');
  await expect(review.getByRole('button', { name: /^Reply/ })).toHaveCount(0);

  // Everyone sees the reply under the review.
  await landlord.goto(`/contractors/${contractorId}`);
  const shown = landlord.getByTestId('review').filter({ hasText: 'Came the same day' });
  await expect(shown.getByTestId('review-reply')).toContainText(`Reply from ${businessName}`);
  await expect(shown.getByTestId('review-reply')).toContainText('Glad it is dry again.');
});

test('a trade marks a quote request done on its lead; the customer then reviews it as a verified job', async ({
  page,
  signedInAs,
}) => {
  const { hughes, jobTitle, leadId } = await tenantAsksHughes(page, await signedInAs('admin'), 'Ola', {
    jobTitle: `Replace the kitchen tap ${Date.now()}`,
    description: 'Mixer tap, supplied.',
  });

  // Asked, not yet done: no review form.
  await page.goto(`/contractors/${hughes.id}`);
  await expect(page.getByRole('form', { name: 'Leave a review' })).toHaveCount(0);

  // The trade marks the job done from the lead, after a second press that says what follows.
  const trade = await signedInAs('contractor');
  await trade.goto(`/leads/${leadId}`);
  await expect(trade.getByRole('heading', { level: 1, name: jobTitle })).toBeVisible();
  await trade.getByRole('button', { name: /^Mark job done/ }).click();
  await expect(trade.getByText('The customer is emailed and may then review you')).toBeVisible();
  await trade.getByRole('button', { name: 'Yes, the job is done' }).click();
  await expect(trade.getByTestId('toast')).toContainText('Job Marked Done');
  await expect(trade.getByTestId('job-done')).toContainText('Job done');
  await expect(trade.getByRole('button', { name: /^Mark job done/ })).toHaveCount(0);

  // The customer follows the emailed link's address and reviews the job.
  await page.goto(`/contractors/${hughes.id}?lead=${leadId}#review`);
  const form = page.getByRole('form', { name: 'Leave a review' });
  await expect(form).toContainText(`About your job: ${jobTitle}`);
  const mine = await postReview(page, 5, 'New tap fitted in an hour, old one taken away.');
  await expect(mine).toContainText('New tap fitted in an hour');
  await expect(mine).toContainText('Verified job');
});

test('the review form waits until it is live: nothing typed into the server-drawn form is wiped as it hydrates', async ({
  page,
  signedInAs,
}) => {
  const { hughes, jobTitle, leadId } = await tenantAsksHughes(page, await signedInAs('admin'), 'Ravi', {
    jobTitle: `Bleed the radiators ${Date.now()}`,
    description: 'Three radiators, cold at the top.',
  });
  const trade = await signedInAs('contractor');
  const done = await trade.request.post(`/api/contractor/leads/${leadId}/complete`);
  expect(done.ok(), await done.text()).toBeTruthy();

  // The form's script is held back, as on a slow phone: the page shows the server's form, and it takes no typing.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/review-form-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/contractors/${hughes.id}?lead=${leadId}#review`);
  await untilHydrated(page);
  const form = page.getByRole('form', { name: 'Leave a review' });
  // The server drew the job the review rests on, so nothing is added above the stars as the form hydrates.
  await expect(form).toContainText(`About your job: ${jobTitle}`);
  await expect(form.getByLabel('Your review')).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Post Review' })).toBeDisabled();

  // Once it is live, what is typed stays and is posted.
  release();
  await expect(form.getByLabel('Your review')).toBeEnabled();
  const mine = await postReview(page, 4, 'Came within the hour; all three radiators warm now.');
  await expect(mine).toContainText('all three radiators warm now');
  await expect(mine).toContainText('Verified job');
});
