// Conversations in the browser (issue 13): a premium tenant enquires from a property page, the landlord answers in
// /inbox and the tenant sees the reply without reloading, the scam shield warns the reader, and a contractor answers
// a quote request in its thread.
import {
  ACCOUNTS,
  demoLandlordListing,
  demoLogin,
  expect,
  newUserData,
  registerViaApi,
  seriousA11yViolations,
  test,
} from './fixtures';
import { mailsTo } from './support/mail-capture';

const LANDLORD = ACCOUNTS.landlord;

test('a premium tenant enquires, the landlord replies in the inbox, and the reply arrives without a reload', async ({
  page,
  signedInAs,
  baseURL,
}) => {
  const listing = await demoLandlordListing(baseURL!);
  const token = `Enquiry ${Date.now()}: is the flat still available, and is there parking?`;
  await demoLogin(page);
  await page.goto(`/properties/${listing.id}`);
  const panel = page.getByRole('complementary', { name: 'Contact' });
  await panel.getByRole('button', { name: 'Send Message' }).click();
  const dialog = page.getByRole('dialog');
  // The message is required: an empty one is refused beside the field.
  await dialog.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(dialog.getByText('Please write a message')).toBeVisible();
  await dialog.getByLabel('Message').fill(token);
  await dialog.getByLabel('How many people would live there').fill('2');
  await dialog.getByLabel('Pets').selectOption('no');
  await dialog.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(dialog.getByRole('heading', { name: 'Enquiry sent' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Open conversation' }).click();
  await expect(page).toHaveURL(/\/inbox\?c=[0-9a-f-]{36}$/);
  const tenantThread = page.getByTestId('thread-messages');
  await expect(tenantThread.getByText(token)).toBeVisible();

  // The landlord: an unread badge, the conversation in the inbox, the enquiry's details, a reply.
  const landlord = await signedInAs('landlord');
  await landlord.goto('/inbox');
  await expect(landlord.getByRole('navigation', { name: 'Main' }).getByTestId('unread-badge')).toBeVisible();
  await landlord.getByTestId('conversation-item').filter({ hasText: token }).click();
  const landlordThread = landlord.getByTestId('thread-messages');
  await expect(landlordThread.getByText(token)).toBeVisible();
  await expect(
    landlordThread.getByTestId('message').filter({ hasText: token }).getByText('People'),
  ).toBeVisible();
  expect(await seriousA11yViolations(landlord)).toEqual([]);
  const reply = `Reply ${Date.now()}: yes, and there is a permit space.`;
  await landlord.getByLabel('Write a message').fill(reply);
  await landlord.getByRole('button', { name: 'Send message' }).click();
  await expect(landlordThread.getByText(reply)).toBeVisible();
  await landlord
    .getByLabel('Write a message')
    .fill('To hold it, please transfer the deposit today: sort code 12-34-56.');
  await landlord.getByRole('button', { name: 'Send message' }).click();

  // The tenant's open thread picks both up by polling; the second carries the scam warnings, for the reader only.
  await expect(tenantThread.getByText(reply)).toBeVisible({ timeout: 15_000 });
  await expect(tenantThread.getByTestId('scam-warning').first()).toBeVisible({ timeout: 15_000 });
  await expect(tenantThread.getByTestId('scam-warning').first()).toContainText('Never pay');
  await expect(landlordThread.getByTestId('scam-warning')).toHaveCount(0);
  // The landlord was emailed about the new enquiry (at most once per 15 minutes per conversation).
  await expect
    .poll(async () => (await mailsTo(LANDLORD.email)).some((m) => m.subject.startsWith('New message from')))
    .toBe(true);
  // The landlord's dashboard sums up enquiries and the response time tenants see.
  await landlord.goto('/landlord-dashboard');
  await expect(landlord.getByTestId('enquiry-summary')).toContainText(/\d+ enquir(y|ies)/);
});

test('a contractor answers a quote request in its thread, from the lead', async ({ signedInAs }) => {
  const contractor = await signedInAs('contractor');
  await contractor.goto('/leads');
  await contractor.locator('a[href^="/leads/"]').first().click();
  await contractor.getByRole('link', { name: 'Reply in your inbox' }).click();
  await expect(contractor).toHaveURL(/\/inbox\?c=[0-9a-f-]{36}$/);
  const thread = contractor.getByTestId('thread-messages');
  await expect(thread.getByTestId('message').first()).toBeVisible();
  const answer = `Quote ${Date.now()}: £180 including parts, I can come on Thursday.`;
  await contractor.getByLabel('Write a message').fill(answer);
  await contractor.getByRole('button', { name: 'Send message' }).click();
  await expect(thread.getByText(answer)).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the inbox stacks: the list, then the thread with a way back', async ({ page }) => {
    await demoLogin(page);
    await page.goto('/inbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    const items = page.getByTestId('conversation-item');
    const empty = page.getByText('No conversations yet');
    // The list (or its empty state) has loaded before it is counted.
    await expect(items.first().or(empty)).toBeVisible();
    if ((await items.count()) > 0) {
      await items.first().click();
      await expect(page.getByTestId('thread-messages')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeHidden();
      await page.getByRole('button', { name: 'Inbox' }).click();
      await expect(items.first()).toBeVisible();
    } else {
      await expect(empty).toBeVisible();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test('the landlord publishes a slot, the tenant books it, the landlord confirms (both get the .ics), then cancels', async ({
  page,
  signedInAs,
  baseURL,
}) => {
  const listing = await demoLandlordListing(baseURL!);
  await demoLogin(page);
  const me = await (await page.request.get('/api/auth/user')).json();
  const enquiry = await page.request.post(`/api/properties/${listing.id}/enquiries`, {
    data: { message: 'Could I view the flat one afternoon next week?' },
  });
  expect(enquiry.ok(), await enquiry.text()).toBeTruthy();
  const { conversationId } = await enquiry.json();

  // The landlord publishes a slot from the listing's viewings page.
  const landlord = await signedInAs('landlord');
  await landlord.goto(`/listings/${listing.id}/viewings`);
  await expect(landlord.getByRole('heading', { level: 1, name: 'Viewings' })).toBeVisible();
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + 6 * 86_400_000),
  );
  const minute = String(Math.floor(Math.random() * 12) * 5).padStart(2, '0');
  await landlord.getByLabel('Date').fill(day);
  await landlord.getByLabel('Start time').fill(`15:${minute}`);
  await landlord.getByLabel('Length (minutes)').fill('30');
  await landlord.getByLabel('People per slot').fill('2');
  await landlord.getByRole('button', { name: 'Publish slot' }).click();
  await expect(landlord.getByTestId('slot').filter({ hasText: `15:${minute}` })).toBeVisible();
  expect(await seriousA11yViolations(landlord)).toEqual([]);

  // The tenant books it from the thread.
  await page.goto(`/inbox?c=${conversationId}`);
  const panel = page.getByTestId('viewing-panel');
  await panel
    .getByRole('button', { name: new RegExp(`15:${minute}`) })
    .first()
    .click();
  await expect(panel.getByText('Waiting for the landlord to confirm')).toBeVisible();
  await expect(page.getByTestId('system-line').filter({ hasText: 'booked a viewing' }).last()).toBeVisible();

  // The landlord confirms in the same thread; the tenant's thread shows it without a reload.
  await landlord.goto(`/inbox?c=${conversationId}`);
  await landlord.getByTestId('viewing-panel').getByRole('button', { name: 'Confirm' }).click();
  await expect(landlord.getByTestId('viewing-panel').getByText('Confirmed')).toBeVisible();
  await expect(
    page.getByTestId('system-line').filter({ hasText: 'confirmed the viewing' }).last(),
  ).toBeVisible({
    timeout: 15_000,
  });

  // Both were emailed with the calendar file, in London time.
  for (const address of [me.email, LANDLORD.email]) {
    await expect
      .poll(async () =>
        (await mailsTo(address)).some(
          (m) =>
            m.subject.startsWith('Viewing confirmed') &&
            m.attachments.some(
              (a) =>
                a.filename === 'viewing.ics' &&
                a.content.includes('BEGIN:VCALENDAR') &&
                a.content.includes(`DTSTART;TZID=Europe/London:${day.replace(/-/g, '')}T15${minute}00`),
            ),
        ),
      )
      .toBe(true);
  }

  // The landlord cancels: a reason is required of them, and the tenant sees it in the thread.
  const landlordPanel = landlord.getByTestId('viewing-panel');
  await landlordPanel.getByRole('button', { name: 'Cancel' }).click();
  const dialog = landlord.getByRole('dialog', { name: 'Cancel the viewing' });
  await dialog.getByRole('button', { name: 'Cancel viewing' }).click();
  await expect(dialog.getByText('Please give the tenant a reason')).toBeVisible();
  const reason = `Boiler being replaced ${Date.now()}`;
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Cancel viewing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('system-line').filter({ hasText: reason })).toBeVisible({ timeout: 15_000 });
});

test('a tenant reports a conversation and an admin reads it, read-only, from the admin area', async ({
  page,
  signedInAs,
  baseURL,
}) => {
  const listing = await demoLandlordListing(baseURL!);
  await demoLogin(page);
  const enquiry = await page.request.post(`/api/properties/${listing.id}/enquiries`, {
    data: { message: 'Is the flat still available from next month?' },
  });
  const { conversationId } = await enquiry.json();
  await page.goto(`/inbox?c=${conversationId}`);
  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please say what is wrong')).toBeVisible();
  const reason = `Asked me to pay before viewing ${Date.now()}`;
  await dialog.getByLabel('What is wrong?').fill(reason);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByTestId('toast')).toContainText('Our team will look at this conversation.');
  // A second report while the first is open: the server's 409 message, in the dialog (issue 29).
  await page.getByRole('button', { name: 'Report' }).click();
  await dialog.getByLabel('What is wrong?').fill('And again, the same thing.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('You have already reported this conversation')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const admin = await signedInAs('admin');
  await admin.goto('/admin/reports');
  const report = admin.getByTestId('report').filter({ hasText: reason });
  await expect(report).toBeVisible();
  await report.getByRole('button', { name: 'Read conversation' }).click();
  const reading = admin.getByRole('dialog');
  await expect(reading.getByText('Is the flat still available from next month?').first()).toBeVisible();
  await expect(reading.getByText(/read-only/)).toBeVisible();
  await expect(reading.getByLabel('Write a message')).toHaveCount(0);
  await reading.getByRole('button', { name: 'Close' }).first().click();
  await report.getByRole('button', { name: 'Close report' }).click();
  await expect(admin.getByTestId('report').filter({ hasText: reason })).toHaveCount(0);
});

test('the landlord keeps a thread after the tenant deletes their account, shown as "Deleted user"', async ({
  page,
  signedInAs,
  baseURL,
}) => {
  // A tenant of this journey's own, given a trial so they may enquire, who then deletes their account.
  const listing = await demoLandlordListing(baseURL!);
  const tenant = await registerViaApi(page, newUserData('tenant'));
  const admin = await signedInAs('admin');
  const trial = await admin.request.post('/api/admin/grant-trial', {
    data: { userEmail: tenant.email, trialDays: 7 },
  });
  expect(trial.ok(), await trial.text()).toBeTruthy();
  const relogin = await page.request.post('/api/login', {
    data: { email: tenant.email, password: tenant.password },
  });
  expect(relogin.ok(), await relogin.text()).toBeTruthy();
  const token = `Leaving ${Date.now()}: could I see the flat next week before I decide?`;
  const enquiry = await page.request.post(`/api/properties/${listing.id}/enquiries`, {
    data: { message: token },
  });
  expect(enquiry.status(), await enquiry.text()).toBe(201);
  const deleted = await page.request.delete('/api/account', { data: { password: tenant.password } });
  expect(deleted.ok(), await deleted.text()).toBeTruthy();

  const landlord = await signedInAs('landlord');
  await landlord.goto('/inbox');
  const item = landlord.getByTestId('conversation-item').filter({ hasText: token });
  await expect(item).toContainText('Deleted user');
  await item.click();
  await expect(landlord.getByTestId('thread-messages').getByText(token)).toBeVisible();
  await expect(landlord.getByText('This person deleted their account.')).toBeVisible();
  await expect(landlord.getByLabel('Write a message')).toHaveCount(0);
  expect(await seriousA11yViolations(landlord)).toEqual([]);
});
