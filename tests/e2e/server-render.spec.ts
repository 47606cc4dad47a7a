// The public pages arrive as complete HTML and hydrate without a mismatch (issue 15): the server's markup is what
// the browser's first render draws, so React takes it over with no error or warning, and the content is there
// before any script runs.

import type { Page } from '@playwright/test';
import { LANDING_PAGES } from '../../src/domain/pages';
import { expect, test } from './fixtures';
import { untilHydrated } from './support/hydration';

interface Ids {
  propertyId: string;
  propertyTitle: string;
  contractorId: string;
  contractorName: string;
}

async function liveIds(page: Page): Promise<Ids> {
  const homes = await (await page.request.get('/api/properties?location=Leeds&limit=1')).json();
  const trades = await (await page.request.get('/api/contractors?limit=1')).json();
  expect(homes.properties.length, 'the demo data has a home in Leeds').toBeGreaterThan(0);
  expect(trades.contractors.length, 'the demo data has a live trade').toBeGreaterThan(0);
  return {
    propertyId: homes.properties[0].id,
    propertyTitle: homes.properties[0].title,
    contractorId: trades.contractors[0].id,
    contractorName: trades.contractors[0].businessName,
  };
}

/** Every landing page, with a live listing and trade for the {id} ones, and a search with filters. */
const publicPages = (ids: Ids) => [
  ...LANDING_PAGES.map((path) =>
    path.replace('/properties/{id}', `/properties/${ids.propertyId}`).replace('{id}', ids.contractorId),
  ),
  '/properties?location=Leeds&bedrooms=2',
  '/what-we-check',
];

/** Console errors and warnings, and uncaught errors (React reports a hydration mismatch as one). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${page.url()}: ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: uncaught: ${error.message}`));
  return problems;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
/** One element a layout shift moved: what it is, and its box before and after. */
interface Moved {
  node: string;
  from: Box;
  to: Box;
}
type RecordedShifts = Array<{ at: number; value: number; moved: Moved[] }>;

/** Records the page's layout shifts not caused by input (what CLS counts), as window.layoutShifts, with what moved. */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: Array<{ node?: Element; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
    };
    const w = window as unknown as { layoutShifts: RecordedShifts };
    w.layoutShifts = [];
    const box = (r: DOMRectReadOnly) => ({
      x: Math.round(r.x),
      y: Math.round(r.y),
      width: Math.round(r.width),
      height: Math.round(r.height),
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        w.layoutShifts.push({
          at: entry.startTime,
          value: entry.value,
          moved: (entry.sources ?? []).map((s) => ({
            node: `${s.node?.nodeName} ${s.node?.getAttribute?.('class') ?? ''}`.slice(0, 100),
            from: box(s.previousRect),
            to: box(s.currentRect),
          })),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The page's layout shifts from the moment its HTML was parsed (domInteractive): hydration always comes after it (the
 * page's scripts are modules, run only once the document is parsed). What moves before it is the browser drawing a
 * half-parsed page, which a loaded machine does at random (a header whose last links have not arrived yet).
 */
const layoutShiftOf = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { layoutShifts: RecordedShifts };
    const parsed = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
      .domInteractive;
    const after = w.layoutShifts.filter((s) => s.at >= parsed);
    return { value: after.reduce((sum, s) => sum + s.value, 0), shifted: after.flatMap((s) => s.moved) };
  });

/** React has taken the page over: the toaster, drawn only by the browser after hydration, is in place. */
async function hydrated(page: Page) {
  await untilHydrated(page);
  await page.waitForLoadState('networkidle');
}

test.describe('server-rendered public pages', () => {
  test('every public page hydrates with no console error or warning, for a visitor', async ({ page }) => {
    const ids = await liveIds(page);
    const problems = watchConsole(page);
    for (const path of publicPages(ids)) {
      await page.goto(path);
      await hydrated(page);
    }
    expect(problems).toEqual([]);
  });

  test('and for a signed-in member, whose header the server draws, with nothing of theirs moving as it hydrates', async ({
    signedInAs,
    page: visitor,
  }) => {
    // About 40 page loads, and more when a path is measured again: on a loaded machine that is more than 2 minutes.
    test.setTimeout(300_000);
    const page = await signedInAs('premiumTenant');
    await watchLayoutShifts(page);
    await watchLayoutShifts(visitor);
    const ids = await liveIds(page);
    const problems = watchConsole(page);
    const moved: Array<{ path: string; member: unknown; visitor: unknown }> = [];
    for (const path of publicPages(ids).filter((p) => p !== '/')) {
      // The member's page is drawn by the server as they see it (decision 0068): hydrating it moves nothing that
      // the visitor's page does not move too. A page that moves for the member moves every time; the text face
      // arriving after the first frame (its fallback is close to Inter's widths, not equal) moves a centred heading
      // by a pixel on either side at random on a loaded machine. So a path fails when the member's page moved more
      // than the visitor's on three loads in a row.
      let tries = 0;
      for (;;) {
        await page.goto(path);
        await hydrated(page);
        await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
        await visitor.goto(path);
        await hydrated(visitor);
        const [mine, theirs] = [await layoutShiftOf(page), await layoutShiftOf(visitor)];
        if (mine.value <= theirs.value + 1e-9) break;
        tries += 1;
        test
          .info()
          .annotations.push({ type: 'measured again', description: JSON.stringify({ path, mine, theirs }) });
        if (tries === 3) {
          moved.push({ path, member: mine, visitor: theirs });
          break;
        }
      }
    }
    expect(problems).toEqual([]);
    expect(moved).toEqual([]);
  });

  test('the filters draw the distance hint before the scripts run, so hydrating /properties moves nothing below it', async ({
    page,
  }) => {
    // Without a location the distance waits for one; the hint saying so is in the server's HTML, not added by
    // hydration (it used to push the rent, type and bedroom fields 20 px down as the page became live).
    const html = await (await page.request.get('/properties')).text();
    expect(html).toContain('Enter a location to search around it.');
    await watchLayoutShifts(page);
    await page.goto('/properties');
    await hydrated(page);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await expect(filters.getByLabel('Distance')).toBeDisabled();
    await expect(filters.getByText('Enter a location to search around it.')).toBeVisible();
    // Nothing in the filters' column (x < 330) moved down or up as the page hydrated.
    const { shifted } = await layoutShiftOf(page);
    const inFilters = shifted.filter((m) => m.from.x < 330 && Math.abs(m.to.y - m.from.y) >= 10);
    expect(inFilters).toEqual([]);
    // Typing a place opens the distance, and the hint goes.
    await filters.getByLabel('Location').fill('Leeds');
    await expect(filters.getByLabel('Distance')).toBeEnabled();
    await expect(filters.getByText('Enter a location to search around it.')).toHaveCount(0);
  });

  test('a listing or trade that does not exist is drawn by the browser, with no hydration error', async ({
    page,
  }) => {
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    await page.goto('/properties/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Property Not Found' })).toBeVisible();
    await page.goto('/contractors/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Contractor Not Found' })).toBeVisible();
    expect(uncaught).toEqual([]);
  });

  test('the pages show their content with JavaScript off', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const ids = await liveIds(page);
    await page.goto(`/properties/${ids.propertyId}`);
    await expect(page.getByRole('heading', { level: 1, name: ids.propertyTitle })).toBeVisible();
    await expect(page.getByText(/£[\d,]+/).first()).toBeVisible();
    await page.goto('/properties?location=Leeds');
    await expect(page.getByText(ids.propertyTitle).first()).toBeVisible();
    await page.goto(`/contractors/${ids.contractorId}`);
    await expect(page.getByRole('heading', { level: 1, name: ids.contractorName })).toBeVisible();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: /About/ })).toBeVisible();
    await context.close();
  });

  test('after hydration the page is live: a filter and a link work without a full load', async ({ page }) => {
    await page.goto('/properties');
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.getByRole('link', { name: 'Find Contractors' }).first().click();
    await expect(page).toHaveURL(/\/contractors$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The same document: React Router moved, the browser did not load a page.
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  });

  test('a rendered page fetches its scripts after its stylesheet and first photo; a browser-drawn page at once', async ({
    page,
  }) => {
    const ids = await liveIds(page);
    // Decision 0039: no script in a rendered page's head, only the loader that fetches them after the first paint.
    const rendered = await (await page.request.get(`/properties/${ids.propertyId}`)).text();
    expect(rendered).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(rendered).toMatch(/<script defer src="\/after-paint\.js" data-entry="\/assets\/[^"]+\.js"/);
    // A private page is drawn by its scripts, so they stay in the head.
    const drawn = await (await page.request.get('/login')).text();
    expect(drawn).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js">/);
    expect(drawn).not.toContain('after-paint.js');

    // Photos come slowly, as on a phone's link: the scripts must still wait for the first one.
    await page.route(/\.webp(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    const pages = [
      { path: `/properties/${ids.propertyId}`, photo: true },
      { path: '/properties?location=Leeds', photo: true },
      { path: '/about', photo: false },
    ];
    for (const { path, photo } of pages) {
      await page.goto(path);
      await hydrated(page);
      const timing = await page.evaluate(() => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const photo = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
        return {
          stylesheetDone: Math.max(
            ...resources.filter((r) => r.name.endsWith('.css')).map((r) => r.responseEnd),
          ),
          photoDone: resources.find((r) => photo && r.name === photo.currentSrc)?.responseEnd ?? null,
          scriptStarts: resources.filter((r) => /\/assets\/.+\.js$/.test(r.name)).map((r) => r.startTime),
        };
      });
      expect(timing.scriptStarts.length, path).toBeGreaterThan(0);
      expect(
        Math.min(...timing.scriptStarts),
        `${path}: scripts after the stylesheet`,
      ).toBeGreaterThanOrEqual(timing.stylesheetDone);
      if (photo) {
        expect(timing.photoDone, `${path}: the first photo was fetched`).not.toBeNull();
        expect(
          Math.min(...timing.scriptStarts),
          `${path}: scripts after the first photo`,
        ).toBeGreaterThanOrEqual(timing.photoDone ?? Number.POSITIVE_INFINITY);
      }
    }
    expect(
      await page.evaluate(() => document.querySelectorAll('script[type="module"]').length),
    ).toBeGreaterThan(0);
  });
});
