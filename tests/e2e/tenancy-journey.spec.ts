// From viewing to tenancy in the browser (issue 31 item 7): a tenant with a booked viewing applies from their
// conversation, the landlord asks the previous landlord for a reference, the referee answers from the emailed link
// (no account), the landlord offers the home, the tenant accepts and sees "My home", and the landlord records the
// deposit's protection and moves the start date. A second journey: a reasoned decline and a withdrawal. Each makes
// its own landlord, home and tenants, so no other journey's home is let.
import { expect, seriousA11yViolations, test } from './fixtures';
import { mailsTo } from './support/mail-capture';
import { enquire, liveListing, londonDay, member, renterProfile } from './support/tenancy';

test('a tenant with a booked viewing applies, is referenced, offered the home, accepts it and sees My home', async ({
  page,
  browser,
  signedInAs,
}) => {
  test.setTimeout(180_000);
  const admin = await signedInAs('admin');
  const landlordPage = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL })
  ).newPage();
  const landlord = await member(landlordPage, admin, 'landlord');
  const stamp = Date.now();
  const title = `Flat by the station ${stamp}`;
  const propertyId = await liveListing(landlordPage.request, admin.request, title);

  // The landlord publishes a viewing slot; the tenant (premium, with a renter profile) enquires and books it.
  const slot = await landlordPage.request.post(`/api/listings/${propertyId}/viewing-slots`, {
    data: { date: londonDay(5), startTime: '17:30', durationMinutes: 30, capacity: 2 },
  });
  expect(slot.ok(), await slot.text()).toBeTruthy();
  const tenant = await member(page, admin, 'tenant');
  const refereeEmail = `referee.${stamp}@example.test`;
  await renterProfile(page.request, refereeEmail);
  const conversationId = await enquire(page.request, propertyId);
  const booked = await page.request.post(`/api/conversations/${conversationId}/viewings`, {
    data: { slotId: (await slot.json()).id },
  });
  expect(booked.ok(), await booked.text()).toBeTruthy();

  // The tenant applies from the conversation, with a message: one click, then "Applied".
  await page.goto(`/inbox?c=${conversationId}`);
  const apply = page.getByTestId('apply-panel');
  // By keyboard: the message box opens with focus in it, and Tab goes on to Apply.
  await apply.getByRole('button', { name: 'Add a message' }).click();
  await expect(apply.getByLabel('Message to the landlord (optional)')).toBeFocused();
  await page.keyboard.type('We loved the flat at the viewing.');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(apply.getByRole('button', { name: 'Apply for this home' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(apply.getByTestId('application-status')).toHaveText('Applied');
  await expect(page.getByTestId('system-line').filter({ hasText: /appl/i }).last()).toBeVisible();
  // The home's page says so too.
  await page.goto(`/properties/${propertyId}`);
  await expect(page.getByTestId('apply-panel').getByTestId('application-status')).toHaveText('Applied');

  // The landlord finds the applicant beside the viewings, with their profile, and asks for a reference.
  await landlordPage.goto('/landlord-dashboard');
  await landlordPage.getByRole('link', { name: `Applicants for ${title}` }).click();
  await expect(landlordPage.getByRole('heading', { level: 1, name: 'Applicants' })).toBeVisible();
  const applicant = landlordPage.getByTestId('applicant').filter({ hasText: tenant.firstName });
  await expect(applicant).toContainText('We loved the flat at the viewing.');
  const profileFacts = applicant.getByTestId('applicant-profile');
  await expect(profileFacts).toContainText('People who would live there');
  await expect(profileFacts).toContainText('£3,100');
  await expect(profileFacts).toContainText('Pat Previous');
  await expect(profileFacts).not.toContainText(/child|benefit/i);
  expect(await seriousA11yViolations(landlordPage)).toEqual([]);
  await applicant.getByRole('button', { name: 'Ask for a reference' }).click();
  await expect(applicant.getByTestId('references-panel')).toContainText('Pat Previous');

  // The referee answers from the emailed link, with no account.
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(refereeEmail)).at(-1);
      link = /https?:\/\/[^\s"<>]+\/references\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const referee = await (await browser.newContext()).newPage();
  await referee.goto(link);
  await referee.getByLabel('Tenancy started').fill('2023-01-01');
  await referee.getByLabel('Tenancy ended (optional)').fill('2026-10-31');
  await referee.getByLabel('Always on time').check();
  await referee
    .getByRole('group', { name: /let to .* again/ })
    .getByLabel('Yes')
    .check();
  await referee.getByLabel('Comments (optional)').fill('Always paid on time, left the flat spotless.');
  await referee.getByRole('button', { name: 'Send reference' }).click();
  await expect(referee.getByText('Thank you')).toBeVisible();
  await referee.context().close();

  // The landlord sees the answer and offers the home: the deposit comes prefilled, the rent is the advertised rent.
  await landlordPage.reload();
  await expect(applicant.getByTestId('references-panel')).toContainText('left the flat spotless');
  const offerButton = applicant.getByRole('button', { name: /^Offer/ });
  await offerButton.click();
  const offer = landlordPage.getByRole('dialog', { name: /Offer the home to/ });
  await expect(offer.getByTestId('offer-rent')).toHaveText('£1,200 per month');
  await expect(offer.getByLabel('Deposit (£)')).toHaveValue('1300');
  // Above the legal cap (five weeks' rent, £1,384.61) is refused before anything is sent.
  await offer.getByLabel('Deposit (£)').fill('1500');
  const start = londonDay(21);
  await offer.getByLabel('Start date').fill(start);
  await offer.getByRole('button', { name: 'Send offer' }).click();
  await expect(offer.getByText('The deposit can be at most £1,384.61 (the legal cap)')).toBeVisible();
  await offer.getByLabel('Deposit (£)').fill('1300');
  await offer.getByRole('button', { name: 'Send offer' }).click();
  await expect(offer).toBeHidden();
  await expect(applicant.getByTestId('application-status')).toHaveText('Offered');

  // The tenant sees the offer on My applications, with the reference, and accepts it.
  await page.goto('/applications');
  const mine = page.getByTestId('application').filter({ hasText: title });
  await expect(mine.getByTestId('application-status')).toHaveText('Offered');
  await expect(mine.getByTestId('offer')).toContainText('£1,300');
  await expect(mine.getByTestId('references-panel')).toContainText('left the flat spotless');
  expect(await seriousA11yViolations(page)).toEqual([]);
  await mine.getByRole('button', { name: /^Accept offer/ }).click();
  const accept = page.getByRole('dialog', { name: 'Accept this offer?' });
  await accept.getByRole('button', { name: 'Accept offer' }).click();
  await expect(page).toHaveURL(/\/my-home/);
  await expect(page.getByRole('heading', { level: 1, name: 'My home' })).toBeVisible();
  const home = page.getByTestId('tenancy');
  await expect(home.getByTestId('tenancy-address')).toContainText('12 Lemon Street, Truro');
  await expect(home).toContainText(landlord.email);
  await expect(home).toContainText('£1,200 per month');
  await expect(home.getByTestId('tenancy-todo')).toContainText('Protect the deposit');
  await expect(home.getByTestId('tenancy-todo')).toContainText('information sheet');
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The landlord records the deposit's protection on the tenancy; the tenant's My home shows it done.
  await landlordPage.goto('/landlord-dashboard');
  await landlordPage.getByTestId('tenancies-summary').getByRole('link', { name: 'Tenancies' }).click();
  await landlordPage.getByTestId('tenancy-link').filter({ hasText: title }).click();
  await expect(landlordPage.getByRole('heading', { level: 1, name: 'Tenancy' })).toBeVisible();
  expect(await seriousA11yViolations(landlordPage)).toEqual([]);
  await landlordPage.getByLabel('Deposit received on').fill(londonDay(0));
  await landlordPage.getByLabel('Protection scheme').selectOption('dps');
  await landlordPage.getByLabel('Scheme reference').fill(`DPS-${stamp}`);
  await landlordPage.getByLabel('Deposit protected on').fill(londonDay(0));
  await landlordPage.getByLabel('Information sheet given on').fill(londonDay(0));
  // The start date has not arrived: the landlord may still move it.
  const moved = londonDay(28);
  await landlordPage.getByLabel('Start date').fill(moved);
  await landlordPage.getByRole('button', { name: 'Save the record' }).click();
  await expect(landlordPage.getByTestId('tenancy-todo')).toContainText('Nothing: every step is recorded.');
  await page.reload();
  await expect(page.getByTestId('tenancy')).toContainText(`DPS-${stamp}`);
  await expect(page.getByTestId('tenancy')).toContainText(
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${moved}T00:00:00Z`)),
  );
  await expect(page.getByTestId('tenancy-todo')).toContainText('Nothing: every step is recorded.');

  // At 375 px wide, My applications and the applicants read without sideways scrolling.
  for (const [who, path] of [
    [page, '/applications'],
    [landlordPage, `/listings/${propertyId}/applicants`],
  ] as const) {
    await who.setViewportSize({ width: 375, height: 740 });
    await who.goto(path);
    await expect(
      who.getByTestId(path === '/applications' ? 'application' : 'applicant').first(),
    ).toBeVisible();
    expect(await who.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
  await landlordPage.context().close();
});

test('the landlord declines with a reason the tenant reads; another applicant withdraws', async ({
  page,
  browser,
  signedInAs,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInAs('admin');
  const landlordPage = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL })
  ).newPage();
  await member(landlordPage, admin, 'landlord');
  const stamp = Date.now();
  const title = `Terrace by the canal ${stamp}`;
  const propertyId = await liveListing(landlordPage.request, admin.request, title);
  // Two applicants, Amira first, then Bruno (this page is Bruno's).
  const amiraPage = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  for (const [who, name] of [
    [amiraPage, 'Amira'],
    [page, 'Bruno'],
  ] as const) {
    await member(who, admin, 'tenant', name);
    await enquire(who.request, propertyId);
    if (who === page) {
      // Without a renter profile, Apply points to it first (no empty applications, decision 0063).
      await page.goto(`/properties/${propertyId}`);
      const panel = page.getByTestId('apply-panel');
      await expect(panel.getByRole('link', { name: 'Fill in your renter profile' })).toHaveAttribute(
        'href',
        '/renter-profile',
      );
      await expect(panel.getByRole('button', { name: 'Apply for this home' })).toHaveCount(0);
    }
    await renterProfile(who.request, `previous.${name.toLowerCase()}.${stamp}@example.test`);
    const applied = await who.request.post(`/api/properties/${propertyId}/applications`, { data: {} });
    expect(applied.status(), await applied.text()).toBe(201);
  }

  // The landlord sees both, in the order they applied, and declines Amira: "Other" needs a note.
  await landlordPage.goto(`/listings/${propertyId}/applicants`);
  const applicants = landlordPage.getByTestId('applicant');
  await expect(applicants).toHaveCount(2);
  await expect(applicants.nth(0).getByRole('heading', { level: 2 }).first()).toHaveText('1. Amira Tester');
  await expect(applicants.nth(1).getByRole('heading', { level: 2 }).first()).toHaveText('2. Bruno Tester');
  const decline = applicants.nth(0).getByRole('button', { name: /^Decline/ });
  await decline.click();
  const dialog = landlordPage.getByRole('dialog', { name: "Decline Amira Tester's application" });
  await dialog.getByRole('button', { name: 'Decline application' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason from the list');
  await dialog.getByLabel('Reason').selectOption('other');
  await dialog.getByRole('button', { name: 'Decline application' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Say why in the note');
  await dialog.getByLabel('Note').fill('The owner is moving back in.');
  await dialog.getByRole('button', { name: 'Decline application' }).click();
  await expect(dialog).toBeHidden();
  await expect(applicants.nth(0).getByTestId('application-status')).toHaveText('Declined');
  await expect(applicants.nth(0).getByTestId('decline-reason')).toContainText('The owner is moving back in.');

  // Amira reads the reason on My applications.
  await amiraPage.goto('/applications');
  const amiras = amiraPage.getByTestId('application').filter({ hasText: title });
  await expect(amiras.getByTestId('application-status')).toHaveText('Declined');
  await expect(amiras.getByTestId('decline-reason')).toContainText('Other');
  await expect(amiras.getByTestId('decline-reason')).toContainText('The owner is moving back in.');
  await expect(amiras.getByRole('button', { name: /^Withdraw/ })).toHaveCount(0);

  // Bruno opens Withdraw by keyboard, thinks better of it (focus comes back to the button), then withdraws.
  await page.goto('/applications');
  const brunos = page.getByTestId('application').filter({ hasText: title });
  const withdraw = brunos.getByRole('button', { name: /^Withdraw/ });
  await withdraw.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Withdraw this application?' });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(withdraw).toBeFocused();
  await withdraw.click();
  await confirm.getByRole('button', { name: 'Withdraw application' }).click();
  await expect(confirm).toBeHidden();
  await expect(brunos.getByTestId('application-status')).toHaveText('Withdrawn');
  await landlordPage.reload();
  await expect(applicants.nth(1).getByTestId('application-status')).toHaveText('Withdrawn');
  expect(await seriousA11yViolations(landlordPage)).toEqual([]);
  await amiraPage.context().close();
  await landlordPage.context().close();
});
