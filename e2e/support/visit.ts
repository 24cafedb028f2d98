// Moving through many pages the way a reader does: the first address loads as a document, every later one through the
// shell's router. A sweep over every route then pays for the shell and its remotes once, not once per route (on two
// cores, booting the app again for each of ~60 routes × 2 widths was most of the accessibility sweep's time).
import { expect, type Page, type Request } from './test';

/**
 * Counts the page's requests in flight, so a sweep can wait until a page has fetched everything it asked for
 * (`waitForLoadState('networkidle')` says nothing after a navigation inside the app: the document's state was reached long
 * before). Websockets are not requests and do not count.
 */
export function trackNetwork(page: Page): { quiet(): Promise<void> } {
  // the requests themselves, not a count: one that began before the tracking ends without having been counted
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return {
    quiet: () =>
      expect
        .poll(() => [...inFlight].map((request) => request.url()), { message: 'requests still in flight', timeout: 15_000, intervals: [50, 100, 250] })
        .toEqual([]),
  };
}

/** The page is drawn: its heading is there and nothing is still loading (no skeleton, no request in flight). */
async function settled(page: Page, network: { quiet(): Promise<void> }): Promise<void> {
  await expect(page.locator('#main h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await network.quiet();
}

/**
 * Opens `route`: as a document when the app is not running yet, else through the router (history + popstate, what the
 * browser's own back and forward do). It resolves once the router has finished and the new page's heading has taken the
 * focus — the shell's RouteAnnouncer does that only when a navigation is complete — and the page is settled.
 */
export async function visit(page: Page, route: string, network: { quiet(): Promise<void> }): Promise<void> {
  const at = await page
    .evaluate(() => ({ live: document.documentElement.dataset.app === 'live', path: window.location.pathname + window.location.search }))
    .catch(() => ({ live: false, path: '' }));
  if (at.live && at.path === route) {
    await settled(page, network);
    return;
  }
  if (!at.live) {
    await page.goto(route);
    await expect(page.locator('html[data-app="live"]')).toBeAttached();
    await settled(page, network);
    return;
  }
  await page.evaluate((to) => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, route);
  // an old address that redirects back to the page already shown moves no focus: there the redirect is the arrival
  await page.waitForFunction(
    ({ to, from }) => {
      const now = window.location.pathname + window.location.search;
      return document.activeElement?.matches('#main h1') === true || (now !== to && now === from);
    },
    { to: route, from: at.path },
    { timeout: 15_000 },
  );
  await settled(page, network);
}
