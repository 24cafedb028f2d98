// The e2e suite's `test`: Playwright's, with a page that, after loading a server-rendered address, also waits until the
// page is live (hydrated: <html data-app="live">). A rendered page is readable and its links and search form work
// before that, but what needs its scripts (suggestions, the sign-in button, forms) does not; a person takes longer
// than the few hundred milliseconds in between, a test does not. Tests of the page before hydration pass
// `waitUntil: 'domcontentloaded'` (or 'commit'), which skips the wait.
//
// An anonymous visitor's rendered page starts its scripts when the visitor starts using it (shell/server/
// startOnIntent.mjs). The suite's visitor moves the pointer as each page finishes loading (`actsOnLoad`, in every
// context the suite opens); a test of the page before anyone acts sets `test.use({ actsOnLoad: false })`.
import { test as base, type Browser, type BrowserContext } from '@playwright/test';
import { SITE } from './ports';

export * from '@playwright/test';

/** How long a rendered page may take to come alive before the test goes on anyway (it then fails on what it checks). */
const LIVE_TIMEOUT_MS = 15_000;

/** What a person does as a page appears: the pointer moves over it (one of the events that start its scripts). */
const POINTER_ON_LOAD = `addEventListener('load', () => dispatchEvent(new PointerEvent('pointermove', { bubbles: true })))`;

/** Whether the running test's visitor acts (its `actsOnLoad`); contexts made for it read it. */
let acting = true;
const acted = new WeakSet<BrowserContext>();
const actOnLoad = async (context: BrowserContext) => {
  if (!acting || acted.has(context)) return;
  acted.add(context);
  await context.addInitScript({ content: POINTER_ON_LOAD });
};

export const test = base.extend<{ actsOnLoad: boolean; actingTest: void }, { actingBrowser: Browser }>({
  actsOnLoad: [true, { option: true }],
  actingTest: [
    async ({ actsOnLoad }, use) => {
      acting = actsOnLoad;
      await use();
      acting = true;
    },
    { auto: true },
  ],
  // every context of the test acts: the test's own page's and those it opens (a second visitor, a partner beside a customer)
  actingBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await actOnLoad(context);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker', auto: true },
  ],
  context: async ({ context, actingTest: _ }, use) => {
    await actOnLoad(context);
    await use(context);
  },
  // the site of this worker's own stack (playwright.config.ts starts one per worker)
  // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from a destructured first argument
  baseURL: async ({}, use) => {
    await use(SITE);
  },
  page: async ({ page, javaScriptEnabled, actsOnLoad }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const waitsForLoad = (options?.waitUntil ?? 'load') === 'load' || options?.waitUntil === 'networkidle';
      if (actsOnLoad && javaScriptEnabled !== false && response?.headers()['x-rendered-by'] && waitsForLoad) {
        await page.locator('html[data-app="live"]').waitFor({ state: 'attached', timeout: LIVE_TIMEOUT_MS }).catch(() => undefined);
      }
      return response;
    };
    await use(page);
  },
});
