// The landlord and tenant dashboards (doc 1 "Landlord dashboard", "Tenant dashboard", §4 new listing → admin
// review, §5 property form and photos, §6 landlord rules, §8 toasts) against the demo seed.
import { deflateSync } from 'node:zlib';
import { type Page, request as playwrightRequest } from '@playwright/test';
import {
  demoLogin,
  expect,
  logInAs,
  newUserData,
  registerViaApi,
  seriousA11yViolations,
  test,
} from './fixtures';

const toast = (page: Page) => page.getByTestId('toast');

// ---- a small, valid PNG made here (no fixture files) ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A solid-colour RGB PNG. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An admin approves the landlord's pending submission for a property (doc 2 admin review). */
async function approveListing(baseURL: string, landlordPage: Page, propertyId: string) {
  const mine: Array<{ id: string; targetId: string | null; submissionStatus: string }> = await (
    await landlordPage.request.get('/api/content-submissions/mine')
  ).json();
  const submission = mine.find((s) => s.targetId === propertyId && s.submissionStatus === 'pending');
  expect(submission, 'the new listing waits for review').toBeTruthy();
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    await logInAs(admin, 'admin');
    const review = await admin.post(`/api/admin/content-submissions/${submission!.id}/review`, {
      data: { status: 'approved' },
    });
    expect(review.ok(), await review.text()).toBeTruthy();
  } finally {
    await admin.dispose();
  }
}

test.describe('landlord dashboard', () => {
  test('a subscribed landlord lists a property with photos, sees it pending, edits it and deletes it', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await logInAs(page.request, 'landlord');
    await page.goto('/landlord-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'My Property Portfolio' })).toBeVisible();
    await expect(page.getByTestId('landlord-property').first()).toBeVisible();

    await page.getByRole('button', { name: 'Add Property' }).first().click();
    await expect(page.getByRole('heading', { name: 'Add New Property' })).toBeFocused();

    // Nothing filled in: the spec's required fields say so, next to the fields.
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Property type is required')).toBeVisible();
    await expect(page.getByText('Monthly rent is required')).toBeVisible();
    await expect(page.getByText('Postcode is required')).toBeVisible();

    const title = `Two-bed flat by the canal ${Date.now()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page
      .getByLabel('Description', { exact: true })
      .fill('Light, quiet and ten minutes from the station.');
    await page.getByLabel('Property type', { exact: true }).selectOption('apartment');
    await page.getByLabel('Bedrooms', { exact: true }).fill('2');
    await page.getByLabel('Bathrooms', { exact: true }).fill('1');
    await page.getByLabel('Area (m²)', { exact: true }).fill('64');
    await page.getByLabel('Monthly rent (£)', { exact: true }).fill('1150.50');
    // Tenant Fees Act cap, live (England's until the postcode says otherwise): 5 weeks of £1,150.50 is £1,327.50.
    await expect(page.getByText('Legal maximum in England: £1,327.50.')).toBeVisible();
    // Holding deposit: at most one week's rent (£265.50); more is refused beside the field.
    await expect(page.getByText("Legal maximum: £265.50 (one week's rent)")).toBeVisible();
    const holding = page.getByLabel('Holding deposit (£)', { exact: true });
    await holding.fill('300');
    await expect(page.getByText('The holding deposit can be at most £265.50')).toBeVisible();
    await holding.fill('265');
    await expect(page.getByText('The holding deposit can be at most £265.50')).toHaveCount(0);
    // The deposit: more than five weeks' rent is refused too; left blank, it shows as "Not stated".
    const deposit = page.getByLabel('Tenancy deposit (£)', { exact: true });
    await deposit.fill('1400');
    await expect(page.getByText('The deposit can be at most £1,327.50')).toBeVisible();
    await deposit.fill('');
    await expect(page.getByText('The deposit can be at most £1,327.50')).toHaveCount(0);
    // The optional details, and the home is available to let unless the box is unticked.
    const availableFrom = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Available from', { exact: true }).fill(availableFrom);
    await page.getByLabel('Furnishing', { exact: true }).selectOption('part_furnished');
    await page.getByLabel('EPC rating', { exact: true }).selectOption('C');
    await page.getByLabel('Council tax band', { exact: true }).selectOption('B');
    await expect(page.getByLabel('Available to let')).toBeChecked();
    await page.getByLabel('Address', { exact: true }).fill('12 Canal Wharf, Leeds');
    const postcode = page.getByLabel('Postcode', { exact: true });
    await postcode.pressSequentially('ls1 4');
    await expect(postcode).toHaveValue('LS1 4');
    await postcode.fill('LS1 4AP');
    await postcode.blur();
    await expect(page.getByText('Enter a full UK postcode')).toHaveCount(0);

    const amenity = page.getByLabel('Amenities', { exact: true });
    await amenity.fill('Parking');
    await amenity.press('Enter');
    await amenity.fill('  parking ');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await amenity.fill('Garden');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const chips = page.getByRole('list', { name: 'Amenities added' }).getByRole('listitem');
    await expect(chips).toHaveText(['Parking', 'Garden']);

    // Photos: a file that is not an image is refused in the browser; two PNGs upload.
    const photoInput = page.getByLabel('Add photos', { exact: true });
    await photoInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(toast(page)).toContainText('Invalid file type');
    await expect(toast(page)).toContainText('notes.txt is not a valid image file');
    await photoInput.setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: png(40, 30, [200, 80, 40]) },
      { name: 'kitchen.png', mimeType: 'image/png', buffer: png(40, 30, [40, 120, 200]) },
    ]);
    const photos = page.getByTestId('listing-photo');
    await expect(photos).toHaveCount(2);
    await expect(toast(page)).toContainText('Images processed');
    const firstSrc = await photos.nth(0).getByRole('img').getAttribute('src');
    const secondSrc = await photos.nth(1).getByRole('img').getAttribute('src');
    // The second photo becomes the cover.
    await page.getByRole('button', { name: 'Move photo 2 left' }).click();
    await expect(photos.nth(0).getByRole('img')).toHaveAttribute('src', secondSrc!);
    await expect(photos.nth(1).getByRole('img')).toHaveAttribute('src', firstSrc!);
    await expect(photos.nth(0)).toContainText('Cover');

    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(toast(page)).toContainText('Submission Received');
    await expect(toast(page)).toContainText(
      "Your property listing has been submitted for admin review. You'll be notified once approved.",
    );
    await expect(page.getByRole('heading', { name: 'Add New Property' })).toHaveCount(0);

    const card = page.getByTestId('landlord-property').filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Pending review')).toBeVisible();
    await expect(card).toContainText('£1,150.50 pcm');
    await expect(card).toContainText('2 bedrooms');
    await expect(card).toContainText('12 Canal Wharf, Leeds, LS1 4AP');
    await expect(card.getByRole('img', { name: title })).toBeVisible();
    const viewHref = await card.getByRole('link', { name: /^View\b/ }).getAttribute('href');
    const propertyId = viewHref!.split('/').pop()!;

    // A listing still waiting for its first review cannot take a second change: the server's 409 is shown,
    // and what was typed stays in the form.
    await card.getByRole('button', { name: /^Edit/ }).click();
    await expect(page.getByRole('heading', { name: `Edit Property: ${title}` })).toBeFocused();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByLabel('Postcode', { exact: true })).toHaveValue('LS1 4AP');
    await expect(photos).toHaveCount(2);
    await page.getByLabel('Title', { exact: true }).fill(`${title} (renovated)`);
    await page.getByRole('button', { name: 'Submit Changes for Review' }).click();
    await expect(toast(page)).toContainText('Submission Failed');
    await expect(toast(page)).toContainText('This property already has a change waiting for review.');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`${title} (renovated)`);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Once approved it is live (Available); an edit then waits for review while the live listing stays.
    await approveListing(baseURL!, page, propertyId);
    await page.reload();
    await expect(card.getByText('Available', { exact: true })).toBeVisible();
    const live = await (await page.request.get(`/api/properties/${propertyId}`)).json();
    expect(live).toMatchObject({
      holdingDepositPence: 26_500,
      // Left blank, the deposit is "Not stated": never the legal cap filled in for the landlord.
      depositPence: null,
      nation: 'england',
      availableFrom,
      furnished: 'part_furnished',
      epcRating: 'C',
      councilTaxBand: 'B',
    });
    await page.goto(`/properties/${propertyId}`);
    await expect(page.getByTestId('detail-holding-deposit')).toHaveText('£265');
    await expect(page.getByTestId('detail-deposit')).toHaveText('Not stated');
    await page.goto('/landlord-dashboard');
    await card.getByRole('button', { name: /^Edit/ }).click();
    await expect(page.getByLabel('Holding deposit (£)', { exact: true })).toHaveValue('265');
    await page.getByLabel('Title', { exact: true }).fill(`${title} (renovated)`);
    await page.getByRole('button', { name: 'Submit Changes for Review' }).click();
    await expect(toast(page)).toContainText('Submission Received');
    await expect(card.getByText('Changes pending review')).toBeVisible();
    await expect(card.getByText('Available', { exact: true })).toBeVisible();

    // Delete, after the spec's confirmation.
    await card.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this property?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete Property' }).click();
    await expect(toast(page)).toContainText('Property Deleted');
    await expect(toast(page)).toContainText('Property has been removed from your portfolio.');
    await expect(card).toHaveCount(0);
    expect((await page.request.get(`/api/properties/${propertyId}`)).status()).toBe(404);
  });

  test('a landlord without a subscription is offered the upgrade and cannot add properties', async ({
    page,
  }) => {
    await registerViaApi(page, newUserData('landlord'));
    await page.goto('/landlord-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'My Property Portfolio' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to Add Properties' })).toHaveAttribute(
      'href',
      '/subscribe?plan=landlord',
    );
    await expect(page.getByText('A subscription is needed to list properties')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No Properties Yet' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Property' })).toHaveCount(0);
  });

  test('a signed-out visitor is sent to sign in', async ({ page }) => {
    await page.goto('/landlord-dashboard');
    await expect(toast(page)).toContainText('Unauthorized');
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe('tenant dashboard', () => {
  test('a premium tenant sees the home and search they saved, and removes the home from the dashboard', async ({
    page,
  }) => {
    await demoLogin(page);
    const already: Array<{ id: string }> = await (await page.request.get('/api/saved-properties')).json();
    const found = await (
      await page.request.get(
        '/api/properties?location=Leeds&bedrooms=2&maxRent=1200&propertyType=apartment&limit=50',
      )
    ).json();
    // The oldest of the newest fifty: a seeded home, not one another journey running beside this one has just
    // published and will take down again (the super admin's live content in Leeds did, failing this once).
    const home: { id: string; title: string } | undefined = [...found.properties]
      .reverse()
      .find((p: { id: string }) => !already.some((s) => s.id === p.id));
    expect(home, 'a two-bed flat in Leeds under £1,200 that is not saved yet').toBeTruthy();
    const save = await page.request.post('/api/property-interactions', {
      data: { propertyId: home!.id, type: 'save' },
    });
    expect(save.status(), await save.text()).toBe(201);
    const searchName = `Leeds two-beds ${Date.now()}`;
    const created = await page.request.post('/api/saved-searches', {
      data: {
        name: searchName,
        emailAlerts: true,
        alertFrequency: 'daily',
        searchCriteria: { location: 'Leeds', bedrooms: 2, maxRent: 1200, propertyType: 'apartment' },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id: searchId } = await created.json();

    try {
      await page.goto('/tenant-dashboard');
      await expect(page.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeVisible();
      await expect(page.getByTestId('stat-card').filter({ hasText: 'Account status' })).toContainText(
        'Premium',
      );
      await expect(page.getByTestId('stat-card').filter({ hasText: 'Homes viewed' })).toContainText(/\d/);

      const savedRow = page.getByTestId('saved-property').filter({ hasText: home!.title });
      await expect(savedRow).toBeVisible();
      await expect(savedRow).toContainText(/£[\d,]+(\.\d\d)? pcm/);
      await expect(savedRow.getByRole('link', { name: /^View Details/ })).toHaveAttribute(
        'href',
        `/properties/${home!.id}`,
      );
      await expect(page.getByRole('link', { name: 'View all saved properties' })).toHaveAttribute(
        'href',
        '/properties?filter=saved',
      );

      const searchRow = page.getByTestId('saved-search').filter({ hasText: searchName });
      await expect(searchRow).toBeVisible();
      await expect(searchRow.getByTestId('last-alert')).toHaveText('Never');
      await expect(searchRow).toContainText('Leeds');
      await expect(searchRow).toContainText('£1,200');
      await expect(searchRow).toContainText('Alerts on');
      await expect(searchRow.getByRole('link', { name: /^View Results/ })).toHaveAttribute(
        'href',
        `/properties?search=${searchId}`,
      );
      await expect(page.getByRole('link', { name: 'Manage saved searches' })).toHaveAttribute(
        'href',
        '/properties?view=searches',
      );

      const savedCount = page.getByTestId('stat-card').filter({ hasText: 'Saved properties' });
      const before = Number((await savedCount.getByTestId('stat-value').textContent()) ?? 'NaN');
      await savedRow.getByRole('button', { name: /^Remove/ }).click();
      await expect(toast(page)).toContainText('Property Removed');
      await expect(savedRow).toHaveCount(0);
      await expect(savedCount.getByTestId('stat-value')).toHaveText(String(before - 1));
      const after: Array<{ id: string }> = await (await page.request.get('/api/saved-properties')).json();
      expect(after.some((s) => s.id === home!.id)).toBe(false);
    } finally {
      await page.request.delete(`/api/saved-searches/${searchId}`);
    }
  });

  test('a free tenant is sent to the free dashboard and offered only the tenant plan', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/tenant-dashboard');
    await expect(page).toHaveURL(/\/free-dashboard$/);
    // A tenant cannot buy Landlord Pro or Contractor Pro (the server refuses it): they are not offered (issue 30).
    const upgrade = page.getByRole('region', { name: 'Upgrade your account' });
    await expect(upgrade.getByRole('link', { name: 'Choose Tenant Premium' })).toHaveAttribute(
      'href',
      '/subscribe?plan=tenant',
    );
    await expect(upgrade.getByRole('link', { name: /^Choose / })).toHaveCount(1);
    await expect(upgrade).not.toContainText(/Landlord Pro|Contractor Pro/);
  });
});

test.describe('dashboard accessibility', () => {
  test('the landlord dashboard with the form open has no serious or critical axe violations', async ({
    page,
  }) => {
    await logInAs(page.request, 'landlord');
    await page.goto('/landlord-dashboard');
    await expect(page.getByTestId('landlord-property').first()).toBeVisible();
    await page.getByRole('button', { name: 'Add Property' }).first().click();
    await expect(page.getByRole('heading', { name: 'Add New Property' })).toBeVisible();
    // The form's own errors are part of what must be readable.
    await page.getByRole('button', { name: 'Submit for Review' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test('the tenant dashboard has no serious or critical axe violations', async ({ page }) => {
    await demoLogin(page);
    await page.goto('/tenant-dashboard');
    await expect(
      page.getByTestId('saved-properties').or(page.getByText('No saved properties yet')),
    ).toBeVisible();
    await expect(
      page.getByTestId('saved-searches').or(page.getByText('No saved searches yet')),
    ).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
