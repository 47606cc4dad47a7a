import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 5099);
const baseURL = `http://127.0.0.1:${PORT}`;
// The mail capture's ports follow the server's, so two suites on one machine (E2E_PORT apart) never share a mailbox:
// the global setup of one would reuse the other's, and lose it when the other stopped. Read by
// tests/e2e/support/mail-capture.ts here and in every worker, and passed to the server below.
process.env.E2E_SMTP_PORT ??= String(PORT + 1000);
process.env.E2E_MAIL_HTTP_PORT ??= String(PORT + 2000);

// Debian's Chromium, never a downloaded browser.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  // The journeys wait on the browser and the server more than they compute: 4 at a time on 2 cores took 6.8 min
  // against 8.6 min for 2 (issue 27).
  workers: Number(process.env.E2E_WORKERS ?? 4),
  // In CI a failing journey runs once more, recording its trace (tracing every run cost a quarter of the suite's
  // time); .ci/run still fails on a journey that passed only the second time (--fail-on-flaky-tests).
  retries: process.env.CI ? 1 : 0,
  // A limit, not a measure: the longest journeys take ~45 s alone, and this shared machine has run at a quarter of
  // its speed (28 November 2026: the PostgreSQL suite 456 s against 112 s quiet), when 2 minutes cut off a journey
  // that was passing.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: [
            '--headless=new',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--disable-dev-shm-usage',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/readyz`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT), E2E_SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}` },
  },
});
