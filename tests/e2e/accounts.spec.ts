// Account journeys (doc 2 "Registration, login and recovery", "Profile", "Settings"; doc 1 dashboards).
import {
  ADMIN,
  demoLogin,
  expect,
  newUserData,
  registerViaApi,
  seriousA11yViolations,
  test,
} from './fixtures';
import { untilHydrated } from './support/hydration';
import { mailsTo } from './support/mail-capture';

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const toast = (page: import('@playwright/test').Page) => page.getByTestId('toast');

test.describe('accounts', () => {
  test('a new tenant registers, edits the profile, changes the password, logs out and signs in with the new one', async ({
    page,
  }) => {
    const user = newUserData('tenant');
    const newPassword = 'a-brand-new-password';

    // Register through the UI; the type comes preselected from the link.
    await page.goto('/simple-registration?type=tenant');
    await expect(page.getByRole('radio', { name: /Tenant/ })).toBeChecked();
    // The rule is shown before anyone types, and each empty field says what it wants (issue 30).
    await expect(page.getByText('At least 12 characters, and not a common password.')).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please enter your first name')).toBeVisible();
    await expect(page.getByText('Please enter your last name')).toBeVisible();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await expect(page.getByText('Please choose a password')).toBeVisible();
    await page.getByLabel('First name').fill(user.firstName);
    await page.getByLabel('Last name').fill(user.lastName);
    await page.getByLabel('Email').fill(user.email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('short-pass');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password must be at least 12 characters long')).toBeVisible();
    // Long enough but common: the server says so beside the password field.
    await password.fill('Password2026!');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: /one of the most common ones/ })).toHaveCount(1);
    await password.fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Welcome to Your Place, ${user.firstName}!`,
    );
    await page.waitForURL('**/free-dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${user.firstName}!`);
    await expect(page.getByText('Free Account').first()).toBeVisible();

    // Profile: change the last name; the header's avatar menu shows it at once.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeVisible();
    await expect(page.getByLabel('Last name')).toHaveValue(user.lastName);
    await page.getByLabel('Last name').fill('Newname');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(toast(page)).toContainText('Profile Updated');
    await expect(page.getByLabel('Last name')).toHaveValue('Newname');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu')).toContainText(`${user.firstName} Newname`);

    // Settings: a mismatched confirmation is refused on that field, then the password is changed.
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    await page.getByLabel('Current password', { exact: true }).fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill('something-else');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(toast(page)).toContainText('Password Updated');
    await expect(page.getByLabel('Current password', { exact: true })).toHaveValue('');

    // Log out through the avatar menu.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);

    // The old password no longer works; the new one does.
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${user.firstName}!`);
    await page.waitForURL('**/free-dashboard');
  });

  test('a forgotten password is reset through the emailed link', async ({ page, request }) => {
    const user = newUserData('tenant');
    const created = await request.post('/api/register', { data: user });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();

    let link = '';
    await expect
      .poll(async () => {
        const mail = (await mailsTo(user.email)).find((m) => m.subject.startsWith('Reset your'));
        link = /https?:\/\/\S+?\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');

    const target = new URL(link);
    await page.goto(`${target.pathname}${target.search}`);
    await page.getByLabel('New password', { exact: true }).fill('reset-password-1');
    await page.getByLabel('Confirm new password', { exact: true }).fill('reset-password-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm new password', { exact: true }).fill('reset-password-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Password reset' })).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('reset-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/free-dashboard');

    // The link works once, and a second click is told it was used, with the way to a new one (decision 0053).
    await page.goto(`${target.pathname}${target.search}`);
    await page.getByLabel('New password', { exact: true }).fill('reset-password-3');
    await page.getByLabel('Confirm new password', { exact: true }).fill('reset-password-3');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const used = page.getByRole('alert').filter({ hasText: 'Failed to reset password' });
    await expect(used).toContainText('This reset link has already been used.');
    await expect(used.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  });

  test('the reset page without a token says the link is invalid', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await page.waitForURL('**/forgot-password');
  });

  test('the demo login signs in as the premium tenant and opens the forum', async ({ page }) => {
    await page.goto('/demo-login');
    await page.getByRole('button', { name: 'Login as Demo User' }).click();
    await expect(toast(page)).toContainText('Demo Login Successful');
    await page.waitForURL('**/forum');
    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me).toMatchObject({ userType: 'tenant', isPremium: true });
  });

  test('a notification switch saves at once, survives a reload, and rolls back when saving fails', async ({
    page,
  }) => {
    await registerViaApi(page);
    await page.goto('/settings');
    // A tenant sees only the switches that change an email a tenant can get; nothing that does nothing.
    await expect(page.getByRole('switch')).toHaveCount(3);
    await expect(page.getByRole('switch', { name: 'Marketing Emails' })).toHaveCount(0);
    await expect(page.getByText(/coming soon|not available yet/i)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Privacy' })).toHaveCount(0);
    const security = page.getByRole('switch', { name: 'Security Alerts' });
    await expect(security).toHaveAttribute('aria-checked', 'true');
    await security.click();
    await expect(security).toHaveAttribute('aria-checked', 'false');
    await expect(toast(page)).toContainText('Settings Updated');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Security Alerts' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    // Stored on the server, not in this browser.
    const stored = await (await page.request.get('/api/notification-settings')).json();
    expect(stored.securityAlerts).toBe(false);

    await page.route('**/api/notification-settings', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
        : route.continue(),
    );
    const alerts = page.getByRole('switch', { name: 'Property Alerts' });
    await expect(alerts).toHaveAttribute('aria-checked', 'true');
    await alerts.click();
    await expect(toast(page)).toContainText('Unable to save notification settings.');
    await expect(alerts).toHaveAttribute('aria-checked', 'true');
  });

  test('private pages send a signed-out visitor to sign in, and back afterwards', async ({ page }) => {
    await page.goto('/settings');
    await page.waitForURL('**/login?returnTo=%2Fsettings');

    await page.goto('/tenant-dashboard');
    await expect(toast(page)).toContainText('You are logged out. Logging in again...');
    await page.waitForURL('**/login?returnTo=%2Ftenant-dashboard');

    const user = newUserData('landlord');
    await page.request.post('/api/register', { data: user });
    await page.goto('/login?returnTo=%2Fprofile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're already signed in");
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/profile');
    await expect(page.getByText('Photo uploads require an active subscription')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload Photo' })).toBeDisabled();
  });

  test('the dashboard sends each account to its own page and greets with the message once', async ({
    page,
  }) => {
    await registerViaApi(page, newUserData('landlord'));
    await page.goto('/dashboard?message=welcome');
    await page.waitForURL((url) => url.pathname === '/landlord-dashboard');
    await expect(toast(page)).toContainText('Welcome back!');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Property Portfolio');
    await expect(page.getByRole('link', { name: 'Upgrade to Add Properties' })).toHaveAttribute(
      'href',
      '/subscribe?plan=landlord',
    );
  });

  test('a premium member uploads a profile photo, non-images are refused, and the photo can be removed', async ({
    page,
  }) => {
    await demoLogin(page);
    await page.goto('/profile');
    await expect(page.getByText('Photo uploads require an active subscription')).toHaveCount(0);
    const fileInput = page.locator('input[type="file"]');

    await fileInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await expect(toast(page)).toContainText('Please select an image file (JPG, PNG, GIF).');

    await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await expect(toast(page)).toContainText('Photo Updated');
    await expect(page.getByRole('main').locator('img[src^="/media/"]')).toBeVisible();

    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page)).toContainText('Photo Removed');
    await expect(page.getByRole('main').locator('img[src^="/media/"]')).toHaveCount(0);
  });

  test('changing the email asks for the password and waits for the link sent to the new address', async ({
    page,
  }) => {
    const user = await registerViaApi(page);
    const newEmail = newUserData().email.replace('e2e.', 'moved.');
    await page.goto('/profile');
    await expect(page.getByLabel('Current password')).toHaveCount(0);
    await page.getByLabel('Email').fill(newEmail);
    // The password field appears only for an email change, and is required by the server.
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(
      page.getByRole('main').getByText('Enter your current password to change your email address.'),
    ).toBeVisible();
    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(toast(page)).toContainText('Check your new inbox');
    const waiting = page.getByRole('status').filter({ hasText: 'Waiting for confirmation' });
    await expect(waiting).toContainText(newEmail);
    // Until the link is opened, the old address stays the sign-in address.
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await expect
      .poll(async () => (await mailsTo(user.email)).some((m) => m.text.includes(newEmail)))
      .toBe(true);

    let link = '';
    await expect
      .poll(async () => {
        const mail = (await mailsTo(newEmail)).find((m) => /\/confirm-email\?token=/.test(m.text));
        link = /https?:\/\/\S+\/confirm-email\?token=[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByRole('button', { name: 'Confirm new email address' }).click();
    await expect(page.getByRole('heading', { name: 'Email address changed' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(newEmail);
    await page.goto('/profile');
    await expect(page.getByLabel('Email')).toHaveValue(newEmail);
    await expect(page.getByText('Waiting for confirmation')).toHaveCount(0);

    // Opened again (a second tab, a forwarded copy): the link says it has been used (decision 0053).
    await page.goto(new URL(link).pathname + new URL(link).search);
    await untilHydrated(page);
    await page.getByRole('button', { name: 'Confirm new email address' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Could not change your email' })).toContainText(
      'This confirmation link has already been used.',
    );
  });

  test('every sign-up link opens the one form, at either address, and a taken email points to sign in', async ({
    page,
  }) => {
    // The header, the hero and the role cards all lead to the same form.
    await page.goto('/');
    const signUps = [
      page.getByRole('banner').getByRole('link', { name: 'Sign Up', exact: true }),
      page.getByRole('link', { name: 'Register', exact: true }),
    ];
    for (const link of signUps) await expect(link).toHaveAttribute('href', /^\/simple-registration/);
    await page.getByRole('link', { name: "I'm a Landlord" }).click();
    await expect(page.getByRole('radio', { name: /Landlord/ })).toBeChecked();

    // /register is the same form: the same fields and the same terms line.
    const fieldsOf = async (path: string) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
      const form = page.locator('form');
      return {
        labels: await form.locator('label, legend').allInnerTexts(),
        terms: await form.getByText('By creating an account you agree to our').innerText(),
      };
    };
    const simple = await fieldsOf('/simple-registration');
    expect(await fieldsOf('/register')).toEqual(simple);
    expect(simple.labels.join(' ')).toMatch(/Password/);

    const user = newUserData('contractor');
    await page.request.post('/api/register', { data: user });
    await page.context().clearCookies();
    await page.goto('/register?type=tenant');
    await page.getByLabel('First name').fill(user.firstName);
    await page.getByLabel('Last name').fill(user.lastName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    // Said once, beside the address (issue 30: which field and why), with the way to sign in above the form.
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: /already exists/ })).toHaveCount(1);
    const alert = page.getByRole('alert').filter({ hasText: 'Already have an account with this address?' });
    await expect(alert.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    await expect(page.getByLabel('First name')).toHaveValue(user.firstName);
  });

  test('deleting the account asks first and for the password, then signs out and goes home', async ({
    page,
  }) => {
    const user = await registerViaApi(page);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(
      'Are you sure you want to delete your account? This action cannot be undone.',
    );
    // What happens to the subscription and to viewings is said before (decision 0056).
    await expect(dialog).toContainText('no further payments are taken');
    await expect(dialog).toContainText('the other person is told');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete Account' }).click();
    await dialog.getByLabel('Your password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Your password is incorrect.');
    await dialog.getByLabel('Your password').fill(user.password);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await expect(toast(page)).toContainText('Your account has been permanently deleted.');
    await page.waitForURL((url) => url.pathname === '/');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('account pages have no serious accessibility violations', async ({ page }) => {
    for (const [path, heading] of [
      ['/login', 'Sign in to Your Place'],
      ['/simple-registration', 'Create your account'],
      ['/register', 'Create your account'],
      ['/forgot-password', 'Forgot your password?'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }

    const user = await registerViaApi(page);
    for (const [path, heading] of [
      ['/profile', 'Profile Settings'],
      ['/settings', 'Account Settings'],
      ['/free-dashboard', `Welcome, ${user.firstName}!`],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
  });

  test('an administrator without an account type is sent to the admin statistics', async ({ page }) => {
    const login = await page.request.post('/api/login', { data: ADMIN });
    expect(login.ok(), await login.text()).toBeTruthy();
    await page.goto('/dashboard');
    await page.waitForURL('**/admin/statistics');
  });

  test('settings list the signed-in devices and sign out everywhere else', async ({ page, browser }) => {
    const user = await registerViaApi(page);
    // The same account signed in on a second device (a browser context of its own).
    const phone = await browser.newContext();
    const phonePage = await phone.newPage();
    const signedIn = await phonePage.request.post('/api/login', {
      data: { email: user.email, password: user.password },
    });
    expect(signedIn.ok()).toBeTruthy();
    expect((await phonePage.request.get('/api/auth/user')).status()).toBe(200);

    await page.goto('/settings');
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expect(devices.getByText('This device')).toHaveCount(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(toast(page).filter({ hasText: 'Signed Out Elsewhere' })).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
    // The other device is signed out; this one is not.
    expect((await phonePage.request.get('/api/auth/user')).status()).toBe(401);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
    await phone.close();
  });
});
