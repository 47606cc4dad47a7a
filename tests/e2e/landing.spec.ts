// Journeys through the public pages (doc 1 "Landing page", "Search panel", §8; doc 2 "Preview", "Contact").
import { LANDING_PAGES } from '../../src/domain/pages';
import { expect, logInAs, registerViaApi, seriousA11yViolations, test } from './fixtures';

const pathAndQuery = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

test.describe('who is signed in comes with the page', () => {
  const PUBLIC = LANDING_PAGES.filter((path) => !path.includes('{id}'));

  test('a visitor’s page loads never ask /api/auth/user, log no error and raise no DevTools issue', async ({
    page,
  }) => {
    const asked: string[] = [];
    const errors: string[] = [];
    // What Lighthouse's Best Practices reads as "issues logged in the Issues panel" (a CSP violation, for one).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Audits.enable');
    cdp.on('Audits.issueAdded', ({ issue }) =>
      errors.push(`${page.url()}: issue ${JSON.stringify(issue).slice(0, 300)}`),
    );
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') asked.push(page.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    for (const path of PUBLIC) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    }
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a signed-in member’s page shows them signed in without asking, and signing out sticks', async ({
    page,
  }) => {
    await registerViaApi(page);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/user') asked.push(request.url());
    });
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    expect(asked).toEqual([]);
    expect((await page.request.post('/api/logout')).ok()).toBeTruthy();
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  });
});

test.describe('landing page for visitors', () => {
  for (const [card, role] of [
    ["I'm a Tenant", 'tenant'],
    ["I'm a Landlord", 'landlord'],
    ["I'm a Contractor", 'contractor'],
  ] as const) {
    test(`the ${role} role card goes to simple registration for ${role}s`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name: card }).click();
      await expect.poll(() => pathAndQuery(page.url())).toBe(`/simple-registration?type=${role}`);
    });
  }

  test('role cards are keyboard operable', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: "I'm a Landlord" }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => pathAndQuery(page.url())).toBe('/simple-registration?type=landlord');
  });

  test('the tenant premium upgrade adds premium=true, and the plain sign-up link has no query', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/simple-registration',
    );
    await expect(page.getByRole('link', { name: /^Start Listing/ })).toHaveAttribute(
      'href',
      '/simple-registration?type=landlord',
    );
    await page.getByRole('link', { name: /^Get Premium/ }).click();
    await expect.poll(() => pathAndQuery(page.url())).toBe('/simple-registration?type=tenant&premium=true');
  });

  test('the search panel goes to /properties with every filter that is set', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Location').fill('SW1A');
    await page.getByLabel('Property type').selectOption('house');
    await page.getByLabel(/^Budget/).selectOption({ label: '£1,000 - £1,500' });
    await page.getByRole('button', { name: 'Search Properties' }).click();
    // The panel sends the spec's names (postcode=SW1A …); the list page rewrites them to its own in place.
    await expect
      .poll(() => pathAndQuery(page.url()))
      .toBe('/properties?location=SW1A&propertyType=house&minRent=1000&maxRent=1500');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('the search panel leaves out filters that are not set', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel(/^Budget/).selectOption({ label: '£2,000+' });
    await page.getByRole('button', { name: 'Search Properties' }).click();
    // The list page opens for everyone and keeps the filter (its own canonical form drops an open-ended maximum).
    await expect.poll(() => new URL(page.url()).pathname).toBe('/properties');
    await expect.poll(() => new URL(page.url()).searchParams.get('minRent')).toBe('2000');
    const query = new URL(page.url()).searchParams;
    expect(query.get('postcode')).toBeNull();
    expect(query.get('propertyType')).toBeNull();
  });

  test('shows live featured homes, live trades and counted figures, and links to no other portal', async ({
    page,
  }) => {
    await page.goto('/');
    const featured = page.getByRole('region', { name: 'Featured homes to rent' });
    await expect(featured.getByRole('article')).toHaveCount(3);
    // Fed from the newest live listings: each links to its own page and carries one availability badge.
    await expect(featured.locator('a[href^="/properties/"]')).toHaveCount(3);
    // The one availability rule's labels (src/domain/availability.ts).
    await expect(featured.locator('[data-availability]')).toHaveCount(3);
    await expect(featured.locator('[data-availability]').first()).toHaveText(
      /^(Available now|Available from \d{1,2} [A-Z][a-z]{2}( \d{4})?|Let agreed|Not available)$/,
    );

    // Trades are the directory's own best-rated live profiles, each opening its real profile.
    const trades = page.getByRole('region', { name: 'Trusted trades, vetted by us' });
    await expect(trades.getByTestId('contractor-card')).toHaveCount(4);
    const directory = await (await page.request.get('/api/contractors?sort=rating&limit=4')).json();
    const names = directory.contractors.map((c: { businessName: string }) => c.businessName);
    await expect(trades.getByRole('heading', { level: 3 })).toHaveText(names);
    await expect(trades.getByRole('link', { name: /^View Profile/ }).first()).toHaveAttribute(
      'href',
      `/contractors/${directory.contractors[0].id}`,
    );

    // The figures are counted, not written into the copy. Journeys running beside this one list and let homes, so the
    // page is read again until it and the API agree on one moment's counts.
    const figures = page.getByTestId('marketplace-figures');
    await expect(async () => {
      const counts = await (await page.request.get('/api/figures')).json();
      await page.reload();
      await expect(figures).toContainText(counts.homesToRent.toLocaleString('en-GB'), { timeout: 1000 });
      await expect(figures).toContainText(counts.vettedTrades.toLocaleString('en-GB'), { timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    for (const portal of ['rightmove', 'zoopla', 'openrent']) {
      await expect(page.locator(`a[href*="${portal}"]`)).toHaveCount(0);
    }
    await expect(page.getByText('Illustrative')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Explore the map' })).toHaveAttribute(
      'href',
      '/properties?view=map',
    );
  });

  test('a site with nothing live shows no invented homes or trades', async ({ page }) => {
    await page.route('**/api/properties/featured', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"properties":[]}' }),
    );
    await page.route('**/api/contractors?*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"contractors":[],"total":0,"page":1,"limit":4,"totalPages":0,"hasMore":false}',
      }),
    );
    // Drawn in the browser (the server's render of an empty site is tests/api/server-render.test.ts): arriving from
    // another page, so the calls it makes are the ones stubbed here.
    await page.goto('/about');
    await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Find homes on the map' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Featured homes to rent' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Trusted trades, vetted by us' })).toHaveCount(0);
  });

  test('error=access_denied shows the Access Denied toast and clears the query', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/?error=access_denied');
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Access Denied');
    await expect(toast).toContainText(
      'Only authorized administrators can access this platform. Please contact us for assistance.',
    );
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    await expect(page).toHaveURL(`${baseURL}/`);
  });

  test('preview=true shows the three price cards and Back to Original', async ({ page }) => {
    await page.goto('/?preview=true');
    for (const [plan, price] of [
      ['Tenant Premium', '£1'],
      ['Landlord Pro', '£20'],
      ['Contractor Pro', '£10'],
    ]) {
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: plan }) });
      await expect(card).toContainText(price);
    }
    await expect(page.getByRole('link', { name: "I'm a Tenant" })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Original' }).click();
    await expect.poll(() => pathAndQuery(page.url())).toBe('/');
    await expect(page.getByRole('link', { name: "I'm a Tenant" })).toBeVisible();
  });
});

test.describe('landing page when signed in', () => {
  test('a signed-in user visiting / lands on the dashboard', async ({ page }) => {
    await registerViaApi(page);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto('/');
    // /dashboard then forwards each person to their own dashboard (doc 1 "Generic dashboard").
    await expect.poll(() => visited).toContain('/dashboard');
    await expect(page.getByRole('link', { name: "I'm a Tenant" })).toHaveCount(0);
  });

  test('the preview variant stays and offers the signed-in calls to action', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/?preview=true');
    await expect(page.getByRole('link', { name: /^Subscribe Now: Landlord Pro/ })).toHaveAttribute(
      'href',
      '/subscribe?plan=landlord',
    );
    await expect(page.getByRole('link', { name: /^Upgrade to Premium/ })).toHaveAttribute(
      'href',
      '/subscribe?plan=tenant',
    );
    await expect(page.getByRole('link', { name: /^Go to Dashboard/ })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('link', { name: /^Subscribe to Join/ })).toHaveAttribute(
      'href',
      '/subscribe?plan=contractor',
    );
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

test('a visitor sent to /preview lands on the admin sign-in, and the public pages do not link it', async ({
  page,
}) => {
  await page.goto('/preview');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/');
  await expect(page.locator('a[href="/admin/login"]')).toHaveCount(0);
  await expect(page.locator('a[href="/preview"]')).toHaveCount(0);
  await page.goto('/sitemap');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('a[href="/preview"]')).toHaveCount(0);
});

test.describe('preview page (admins only)', () => {
  test.beforeEach(async ({ page }) => {
    await logInAs(page.request, 'admin');
  });

  test('links each plan to subscribe by type and marks landlords Popular', async ({ page }) => {
    await page.goto('/preview');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Your Place' })).toBeVisible();
    for (const [plan, type] of [
      ['Tenant Premium', 'tenant'],
      ['Landlord Pro', 'landlord'],
      ['Contractor Pro', 'contractor'],
    ]) {
      await expect(page.getByRole('link', { name: new RegExp(`^Subscribe Now: ${plan}`) })).toHaveAttribute(
        'href',
        `/subscribe?type=${type}`,
      );
    }
    await expect(page.getByRole('article').filter({ hasText: 'Popular' })).toContainText('Landlord Pro');
    await expect(
      page.getByRole('navigation', { name: 'Preview' }).getByRole('link', { name: 'Back to Original' }),
    ).toHaveAttribute('href', '/');
  });

  test('the search box goes to /properties?search= only when text is entered', async ({ page }) => {
    await page.goto('/preview');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('Enter a town, area or postcode to search.')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/preview');
    await page.getByLabel('Search properties').fill('Camden Town');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // The list page rewrites search= to its canonical q= in place; either may be the one read first.
    await expect.poll(() => pathAndQuery(page.url())).toMatch(/^\/properties\?(search|q)=Camden\+Town$/);
  });

  test('has one h1, no serious or critical axe violations and no horizontal scroll at 320 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/preview');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('an unknown path shows the 404 page, for people and without the developer hint', async ({ page }) => {
  const res = await page.goto('/no-such-page-here');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText("We couldn't find that page.");
  await expect(main.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  // The spec's original shows "Did you forget to add the page to the router?": not for visitors.
  await expect(main).not.toContainText(/router|forget/i);
});

test.describe('at 320 px wide', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the mobile drawer opens and offers Sign In and one Sign Up', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
    // One way to sign up: every registration link in the drawer goes to the same form.
    await expect(drawer.locator('a[href*="registration"], a[href^="/register"]')).toHaveCount(1);
    await expect(drawer.getByRole('link', { name: /Quick Sign Up/ })).toHaveCount(0);
    await drawer.getByRole('link', { name: 'Sign Up', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  });

  for (const path of [
    '/',
    '/?preview=true',
    '/about',
    '/contact',
    '/privacy-policy',
    '/terms-of-service',
    '/sitemap',
  ]) {
    test(`${path} has no horizontal scroll`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});

test.describe('contact page', () => {
  test('shows a message beside each empty field', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Subject is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  });

  test('sends the message and shows the success state', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('textbox', { name: 'Name' }).fill('Priya Shah');
    await page.getByRole('textbox', { name: 'Email' }).fill('priya.shah@example.test');
    await page.getByRole('textbox', { name: 'Subject' }).fill('Listing question');
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('How long does the review of a new listing take?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(
      page.getByRole('heading', { name: "Message sent — we'll reply within 24 hours" }),
    ).toBeVisible();
  });

  test('lists support hours and an FAQ that opens with the keyboard', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByText('Monday to Friday:')).toBeVisible();
    await expect(page.getByText('9:00 to 18:00 GMT')).toBeVisible();
    await expect(page.getByText('10:00 to 16:00 GMT')).toBeVisible();
    const question = page.getByText('How do I cancel my subscription?');
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Within 14 days of the start, your plan ends at once')).toBeVisible();
  });
});

test.describe('legal and about pages', () => {
  test('the privacy policy and terms have 13 and 15 numbered sections with working contents links', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByText('Last updated 27 November 2026')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Contents' }).getByRole('link')).toHaveCount(13);
    await page.getByRole('link', { name: '9. Cookies' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#cookies');
    await expect(page.getByRole('heading', { level: 2, name: '9. Cookies' })).toBeInViewport();
    // How long each kind of data is kept (issue 29), from src/domain/retention.ts.
    await page.getByRole('link', { name: '7. How long we keep it' }).click();
    await expect(
      page.getByText('365 days after the last report on it is closed', { exact: false }),
    ).toBeVisible();

    await page.goto('/terms-of-service');
    await expect(page.getByText('Last updated 27 November 2026')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Contents' }).getByRole('link')).toHaveCount(15);
    await expect(page.getByRole('heading', { level: 2, name: '15. Governing law' })).toBeAttached();
  });

  test('the about page carries Organization structured data', async ({ page }) => {
    await page.goto('/about');
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? '{}');
    expect(data['@type']).toBe('Organization');
    // No founding year nobody configured (issue 28: COMPANY_FOUNDED_YEAR is unset on the test server).
    expect(data).not.toHaveProperty('foundingDate');
    await expect(page.getByTestId('company-facts')).toHaveCount(0);
    await expect(page.getByText(/2011/)).toHaveCount(0);
  });
});

test.describe('accessibility', () => {
  for (const path of ['/', '/about', '/contact', '/privacy-policy', '/terms-of-service']) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});
