// "Download my data" (issue 29 item 4; decision 0054): a seeded member downloads their data from Settings by
// keyboard, the file holds their account and saved homes, and an email tells them a copy was taken; past the daily
// limit the page shows the server's reason.
import { readFile } from 'node:fs/promises';
import { DATA_EXPORT_TEXT, DATA_EXPORTS_PER_DAY } from '../../src/domain/data-export';
import { demoLogin, expect, registerViaApi, seriousA11yViolations, test } from './fixtures';
import { untilHydrated } from './support/hydration';
import { mailsTo } from './support/mail-capture';

const DEMO_TENANT_EMAIL = 'premium@demo.yourplace.test';

test.describe('your data', () => {
  test('the demo tenant downloads their data from Settings and is emailed about it', async ({ page }) => {
    await demoLogin(page);
    await page.goto('/settings');
    await untilHydrated(page);
    const button = page.getByRole('button', { name: DATA_EXPORT_TEXT.button });
    await expect(button).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // By keyboard: focus the button and press Enter.
    await button.focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toMatch(/^your-place-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.account.email).toBe(DEMO_TENANT_EMAIL);
    expect(data.savedHomes.length).toBeGreaterThan(0);
    expect(data.savedHomes[0]).toEqual(expect.objectContaining({ title: expect.any(String) }));
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|\$argon2/);
    await expect(page.getByRole('status').filter({ hasText: 'Your data was saved as' })).toBeVisible();

    await expect
      .poll(async () =>
        (await mailsTo(DEMO_TENANT_EMAIL)).some(
          (m) =>
            m.subject === DATA_EXPORT_TEXT.emailSubject &&
            /You downloaded a copy of your Your Place data on .+ from Chrome/.test(m.text),
        ),
      )
      .toBe(true);
  });

  test('past the daily limit, the page shows why and when to come back', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/settings');
    await untilHydrated(page);
    const button = page.getByRole('button', { name: DATA_EXPORT_TEXT.button });
    for (let i = 0; i < DATA_EXPORTS_PER_DAY; i++) {
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(/\.json$/);
      await expect(button).toBeEnabled();
    }
    const refused = page.waitForResponse((res) => res.url().endsWith('/api/account/export'));
    await button.click();
    expect((await refused).status()).toBe(429);
    await expect(page.getByRole('alert')).toContainText(
      `You can download your data ${DATA_EXPORTS_PER_DAY} times a day. Please try again in 24 hours.`,
    );
  });
});
