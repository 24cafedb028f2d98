// Issue 30 §2: an anonymous visitor's server-rendered page loads no script until the visitor starts using it
// (shell/server/startOnIntent.mjs); what is clicked or typed meanwhile is not lost; a signed-in visitor's page starts at
// once. These visitors do not move the pointer as a page loads (the suite's others do: e2e/support/test.ts).
import { expect, test, type Page } from '../support/test';
import { CUSTOMER_PHONE, devToken, signInAs } from '../support/app';
import { chromiumPath } from '../support/chromium';

test.use({
  actsOnLoad: false,
  // the desktop browser: the headless shell the suite runs moves its pointer (resting at 0,0, over the page) as each new
  // page lays out, the way a desktop browser does only under a real cursor: a visitor who does nothing cannot be had
  launchOptions: [async ({ launchOptions }, use) => use({ ...launchOptions, executablePath: chromiumPath }), { scope: 'worker' }],
});

/** The scripts the page requests from now on. */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

const live = (page: Page) => page.locator('html[data-app="live"]');

/** Whether a click reached the page before it was live (seen on the window, before the page's own listeners). */
const CLICKS_BEFORE_LIVE = `addEventListener('click', () => { if (document.documentElement.dataset.app !== 'live') window.__clicksBeforeLive = (window.__clicksBeforeLive || 0) + 1 }, true)`;

/** The first excursion of the rendered listing (read as HTML: the page under test is left alone). */
async function anExcursionAddress(page: Page): Promise<string> {
  const html = await (await page.request.get('/excursion?sort=rating')).text();
  const link = html.match(/<a [^>]*class="cat-card__link"[^>]*>/)?.[0] ?? '';
  const href = link.match(/href="([^"]+)"/)?.[1];
  expect(href, 'an excursion card on the listing').toMatch(/^\/excursion\/[^/]+\/[^/]+\/[^/?]+$/);
  return href!;
}

test('an anonymous visitor’s page is whole with no script at all; the first pointer move starts it', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/excursion?sort=rating');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.cat-card__link').first()).toHaveAttribute('href', /^\/excursion\//);
  expect(scripts, 'no script before the visitor acts').toEqual([]);
  await expect(live(page)).toHaveCount(0);

  await page.mouse.move(200, 200);
  await expect(live(page)).toBeAttached();
  expect(scripts.some((url) => /\/main\.[0-9a-f]{8}\.js$/.test(url)), scripts.join('\n')).toBe(true);
});

test('on a phone: the home page, whose rows of cards settle by scrolling as they lay out, loads no script until touched', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    expect(scripts, 'no script before the visitor acts').toEqual([]);
    await expect(live(page)).toHaveCount(0);

    const box = (await heading.boundingBox())!;
    await page.touchscreen.tap(box.x + 5, box.y + box.height / 2);
    await expect(live(page)).toBeAttached();
    expect(scripts.length).toBeGreaterThan(0);
  } finally {
    await context.close();
  }
});

test('the heart clicked before the page is live: the page starts, and the click opens the sign-in once it is', async ({ page }) => {
  await page.addInitScript({ content: CLICKS_BEFORE_LIVE });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  // the shell's entry arrives a second late (a slow network): the click surely comes before the page is live
  await page.route(/\/main\.[0-9a-f]{8}\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto(await anExcursionAddress(page));
  await page.waitForLoadState('networkidle');
  await expect(live(page)).toHaveCount(0);

  const booking = page.getByRole('region', { name: 'Бронирование' });
  await booking.getByRole('button', { name: 'В избранное' }).click();
  // held: the page shows it is working (the loading bar, the pointer) until it is live
  await expect(page.locator('html[data-app="starting"]')).toBeAttached();
  expect(await page.evaluate(() => getComputedStyle(document.body, '::before').height)).toBe('3px');
  await expect(page.getByRole('dialog', { name: 'Вход в Excursio' })).toBeVisible();
  expect(await page.evaluate(() => (window as { __clicksBeforeLive?: number }).__clicksBeforeLive), 'the click came before the page was live').toBe(1);
  expect(problems).toEqual([]);
});

test('text typed in the search box before the page is live is kept, and its suggestions come once it is', async ({ page }) => {
  await page.route(/\/main\.[0-9a-f]{8}\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(live(page)).toHaveCount(0);
  const box = page.getByRole('combobox', { name: 'Город или экскурсия' });
  // the keyboard alone: the focus is the first sign of the visitor, then the keys
  await box.focus();
  await page.keyboard.type('rfpfym');
  await expect(live(page)).toHaveCount(0);
  await expect(live(page)).toBeAttached();
  await expect(box).toHaveValue('rfpfym');
  await expect(page.getByRole('option', { name: /^Казань.*Город/ })).toBeVisible();
});

test('a signed-in visitor’s page starts without waiting for the visitor: the header shows who is signed in', async ({ page }) => {
  await signInAs(page, CUSTOMER_PHONE);
  const scripts = scriptsOf(page);
  await page.goto(await anExcursionAddress(page));
  await expect(live(page)).toBeAttached();
  expect(scripts.length).toBeGreaterThan(0);
  await expect(page.getByRole('banner').getByRole('button', { name: /^Профиль: / })).toBeVisible();
});

test('a sign-in link to a rendered page starts it without waiting: the visitor lands in the account, signed in', async ({ page, request }) => {
  const token = await devToken(request, CUSTOMER_PHONE);
  // the shell server leaves a sign-in link's address to the browser (a client-rendered page, whose scripts start at
  // once); were it rendered, the start-up script would see the token index.html's first script took out of the address
  await page.goto(`/excursion/cities?token=${token}`);
  await expect(page).toHaveURL(/\/account\/user$/);
  await expect(page.getByRole('banner').getByRole('button', { name: /^Профиль: / })).toBeVisible();
});
