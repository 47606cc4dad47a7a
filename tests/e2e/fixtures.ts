// Playwright fixtures: users are created and signed in through the API (code), not through the UI.

import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  test as base,
  expect,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { PAGE_READY_ATTRIBUTE } from '../../src/client/lib/page-modules';

export interface E2EUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  userType: 'tenant' | 'landlord' | 'contractor';
}

let counter = 0;
export function newUserData(userType: E2EUser['userType'] = 'tenant'): E2EUser {
  counter += 1;
  const stamp = `${Date.now()}${counter}${Math.floor(Math.random() * 1000)}`;
  return {
    email: `e2e.${stamp}@example.test`,
    password: 'e2e-password-1',
    firstName: 'Erin',
    lastName: `Tester`,
    userType,
  };
}

/** Register through the API in the page's browser context, so the page is signed in. */
export async function registerViaApi(page: Page, user: E2EUser = newUserData()): Promise<E2EUser> {
  const res = await page.request.post('/api/register', { data: user });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

/** Sign in as the premium demo tenant through the demo-login endpoint. */
export async function demoLogin(page: Page) {
  const res = await page.request.post('/api/auth/demo-login', { data: {} });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Serious or critical accessibility violations on the current page (axe-core). */
export async function seriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
}

export const ADMIN = { email: 'admin@yourplace.test', password: 'admin-e2e-password' };

/** The seeded demo accounts (src/server/db/seed/demo-accounts.ts) and the e2e server's super admin. */
export const ACCOUNTS = {
  landlord: { email: 'landlord@demo.yourplace.test', password: 'demo1234' },
  contractor: { email: 'contractor@demo.yourplace.test', password: 'demo1234' },
  premiumTenant: { email: 'premium@demo.yourplace.test', password: 'demo1234' },
} as const;

export type Who = keyof typeof ACCOUNTS | 'admin';

/** Sign a request context (a page's, or a standalone one) in through the API as a demo account or the admin. */
export async function logInAs(request: APIRequestContext, who: Who): Promise<void> {
  const res =
    who === 'admin'
      ? await request.post('/api/admin/login', { data: { username: ADMIN.email, password: ADMIN.password } })
      : await request.post('/api/login', { data: ACCOUNTS[who] });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** One of the demo landlord's live listings that is taking enquiries (not let agreed). */
export async function demoLandlordListing(baseURL: string): Promise<{ id: string; title: string }> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await logInAs(api, 'landlord');
    const me = await (await api.get('/api/auth/user')).json();
    const listings: Array<{ id: string; title: string; status: string; letAgreedAt: string | null }> = await (
      await api.get(`/api/properties/landlord/${me.id}`)
    ).json();
    const live = listings.find((l) => l.status === 'live' && !l.letAgreedAt);
    expect(live, 'the demo landlord has a live listing').toBeTruthy();
    return { id: live!.id, title: live!.title };
  } finally {
    await api.dispose();
  }
}

interface Fixtures {
  /**
   * A second person in the same test: a page in its own browser context, signed in as a demo account (or the
   * admin), closed when the test ends.
   */
  signedInAs: (who: Who) => Promise<Page>;
}

/**
 * A server-rendered page shows before React has taken it over; a click or a choice made in between does nothing
 * (as for a person on a slow phone). Every navigation to a page therefore waits until the page is live
 * (src/client/lib/page-modules.ts marks it).
 */
function waitingUntilLive(page: Page): Page {
  const live = async (response: Awaited<ReturnType<Page['goto']>>) => {
    if (response?.headers()['content-type']?.includes('text/html'))
      await page.waitForFunction((name) => document.documentElement.hasAttribute(name), PAGE_READY_ATTRIBUTE);
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => live(await goto(url, options));
  page.reload = async (options) => live(await reload(options));
  return page;
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    await use(waitingUntilLive(page));
  },
  signedInAs: async ({ browser }, use) => {
    const contexts: Array<Awaited<ReturnType<typeof browser.newContext>>> = [];
    await use(async (who) => {
      const context = await browser.newContext();
      contexts.push(context);
      const page = waitingUntilLive(await context.newPage());
      await logInAs(page.request, who);
      return page;
    });
    for (const context of contexts) await context.close();
  },
});
export { expect };
