// The e2e suite's `test`: Playwright's, with a page that, after loading a server-rendered address, also waits until the
// page is live (hydrated: <html data-app="live">). A rendered page is readable and its links and search form work
// before that, but what needs its scripts (suggestions, the sign-in button, forms) does not; a person takes longer
// than the few hundred milliseconds in between, a test does not. Tests of the page before hydration pass
// `waitUntil: 'domcontentloaded'` (or 'commit'), which skips the wait.
import { test as base } from '@playwright/test';
import { SITE } from './ports';

export * from '@playwright/test';

/** How long a rendered page may take to come alive before the test goes on anyway (it then fails on what it checks). */
const LIVE_TIMEOUT_MS = 15_000;

export const test = base.extend({
  // the site of this worker's own stack (playwright.config.ts starts one per worker)
  // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from a destructured first argument
  baseURL: async ({}, use) => {
    await use(SITE);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const waitsForLoad = (options?.waitUntil ?? 'load') === 'load' || options?.waitUntil === 'networkidle';
      if (javaScriptEnabled !== false && response?.headers()['x-rendered-by'] && waitsForLoad) {
        await page.locator('html[data-app="live"]').waitFor({ state: 'attached', timeout: LIVE_TIMEOUT_MS }).catch(() => undefined);
      }
      return response;
    };
    await use(page);
  },
});
