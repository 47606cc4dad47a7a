// The API reference (decision 0043): Swagger UI at /api/docs, drawn from the site's own files under the site's
// Content-Security-Policy, with nothing fetched from another host (it works offline).
// Playwright's own page, not the fixtures' one: that waits for our pages' ready mark, which Swagger UI has not.
import { expect, test } from '@playwright/test';

interface Document {
  paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
}

test('the API reference shows every operation, offline and within the security policy', async ({
  page,
  baseURL,
}) => {
  const problems: string[] = [];
  const elsewhere: string[] = [];
  // A CSP violation is logged as an error and raised as a DevTools issue. Swagger UI's own form markup (inputs
  // without an id or a name) raises a generic issue that says nothing about what we serve: that one is let be.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Audits.enable');
  cdp.on('Audits.issueAdded', ({ issue }) => {
    const markup =
      issue.details.genericIssueDetails?.errorType === 'FormEmptyIdAndNameAttributesForInputError';
    if (!markup) problems.push(`issue ${JSON.stringify(issue).slice(0, 300)}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // Offline: a request for anything outside the site fails, and is counted.
  await page.context().route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${baseURL}/`)) return route.continue();
    elsewhere.push(url);
    return route.abort();
  });

  const doc: Document = await (await page.request.get('/api/openapi.json')).json();
  const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
  expect(operations.length).toBeGreaterThan(100);

  await page.goto('/api/docs');
  await expect(page).toHaveTitle('Your Place API reference');
  // With some 150 operations Swagger UI keeps only the tags near the view drawn: scroll through the page and
  // collect every operation drawn on the way.
  const drawn = new Set<string>();
  await expect(async () => {
    for (const id of await page.locator('.opblock').evaluateAll((all) => all.map((el) => el.id)))
      drawn.add(id);
    // At the bottom with one still unseen (drawn after the view passed it), go round again from the top.
    const atBottom = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
    );
    if (atBottom) await page.evaluate(() => window.scrollTo(0, 0));
    else await page.mouse.wheel(0, 400);
    expect(drawn.size).toBe(operations.length);
  }).toPass({ timeout: 90_000, intervals: [150] });
  await page.evaluate(() => window.scrollTo(0, 0));
  // One operation opened: its path parameter, described as the document says.
  const detail = doc.paths['/api/properties/{id}'].get;
  const block = page.locator(`#operations-${detail.tags[0]}-${detail.operationId}`);
  await expect(async () => {
    if ((await block.count()) === 0) await page.mouse.wheel(0, 400);
    await expect(block).toBeVisible({ timeout: 100 });
  }).toPass({ timeout: 60_000, intervals: [100] });
  await block.locator('.opblock-summary').click();
  await expect(block.locator('.parameter__name')).toHaveText(/^id/);
  await expect(block.locator('.parameter__type')).toContainText('uuid');

  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
});
