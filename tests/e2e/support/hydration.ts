import { expect, type Page } from '@playwright/test';

/**
 * React has taken a server-rendered page over: the toaster, drawn only by the browser after hydration, is in place.
 * Before that a form is the server's HTML, and a click on its button submits it natively (a reload that loses what
 * was typed), so a journey waits for this before it fills a form on a page it has just opened.
 */
export async function untilHydrated(page: Page) {
  await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached();
}
