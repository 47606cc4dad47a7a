import { expect, type Page } from '@playwright/test';
import { PAGE_READY_ATTRIBUTE } from '../../../src/client/lib/page-modules';

/**
 * React has taken a server-rendered page over: the toaster, drawn only by the browser after hydration, is in place.
 * Before that a form is the server's HTML, and a click on its button submits it natively (a reload that loses what
 * was typed), so a journey waits for this before it fills a form on a page it has just opened.
 */
export async function untilHydrated(page: Page) {
  await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached();
}

/** Go to a page and wait until it is live (a click before then does nothing). */
export async function openLive(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction((name) => document.documentElement.hasAttribute(name), PAGE_READY_ATTRIBUTE);
}
