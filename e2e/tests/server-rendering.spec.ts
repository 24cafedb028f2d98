// Issue 15: catalog pages come from the server with their content, status and head tags, and hydrate without errors;
// a new catalog build reaches the server's HTML without a restart; a stopped or hanging catalog still gives a page.
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test, type Page } from '../support/test';
import { CUSTOMER_PHONE, devToken, PARTNER_PHONE } from '../support/app';
import { auth } from '../support/orders';
import { serveApp, serveFolder, stop } from '../support/extraStack';
import { slugPublicRoutes, STATIC_PUBLIC_ROUTES } from '../support/routes';
import { local, port, SITE } from '../support/ports';

const repo = path.resolve(__dirname, '../..');
const EXCURSION = /^\/excursion\/(?!sight\/|guides\/|reviews\/)[^/]+\/[^/]+\/(?!tags\/)[^/]+$/;
const CRAWLER = 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)';

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
const titleOf = (html: string) => decode(/<head>[\s\S]*?<title>([^<]*)<\/title>[\s\S]*?<\/head>/.exec(html)?.[1] ?? '');
const h1Of = (html: string) => decode((/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ''));
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="excursio-router-data">/.exec(html)?.[1] ?? '';

test('every public catalog page comes from the server with its title, heading, head tags and data', async ({ request }) => {
  test.setTimeout(90_000);
  const paths = [...STATIC_PUBLIC_ROUTES.map(([p]) => p), '/blog/kak-vybrat-gida', ...(await slugPublicRoutes(request)).filter((p) => !p.endsWith('/order'))];
  for (const address of paths) {
    const res = await request.get(address);
    expect(res.status(), address).toBe(200);
    expect(res.headers()['x-rendered-by'], address).toMatch(/^ssr /);
    const html = await res.text();
    const h1 = h1Of(html);
    expect(h1, `${address}: h1 in the HTML`).not.toBe('');
    expect(titleOf(html), `${address}: <title> in <head>`).toMatch(/— Excursio$/);
    expect(html, `${address}: description`).toMatch(/<head>[\s\S]*<meta name="description" content="[^"]+"[\s\S]*<\/head>/);
    // a search's canonical address is the list's own (its query is left out, as any filter but the page is)
    expect(html, `${address}: canonical`).toContain(`<link rel="canonical" href="${SITE}${address.split('?')[0]}"/>`);
    expect(html, `${address}: Open Graph`).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
    expect(html, `${address}: breadcrumbs as structured data`).toMatch(address === '/' ? /./ : /"@type":"BreadcrumbList"/);
  }
});

test('the data is in the HTML: the home page blocks, the cities, an excursion with its offer as structured data', async ({ request }) => {
  const home = await (await request.get('/')).text();
  for (const block of ['Популярные города', 'Популярные экскурсии', 'Свежие отзывы', 'Блог о путешествиях']) expect(rootOf(home)).toContain(block);

  const cities = (await (await request.get('/api/excursion/public/excursion/cities?limit=3')).json()) as { data: { data: Array<{ name: string }> } };
  const citiesHtml = rootOf(await (await request.get('/excursion/cities')).text());
  for (const city of cities.data.data) expect(citiesHtml).toContain(city.name);

  const excursionPath = (await slugPublicRoutes(request)).find((p) => EXCURSION.test(p))!;
  const [, region, city, slug] = excursionPath.split('/').slice(1);
  const detail = (await (await request.get(`/api/excursion/public/excursion/${region}/${city}/${slug}`)).json()) as { data: { title: string; price: number } };
  const html = await (await request.get(excursionPath)).text();
  expect(h1Of(html)).toBe(detail.data.title);
  const trip = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)).find((d) => Array.isArray(d['@type']));
  expect(trip).toMatchObject({ '@type': ['TouristTrip', 'Product'], name: detail.data.title, offers: { '@type': 'Offer', price: detail.data.price, priceCurrency: 'RUB' } });
});

test('rendered pages are kept until the catalog changes: a partner’s new price is in the next HTML', async ({ request }) => {
  const token = await devToken(request, PARTNER_PHONE);
  const mine = (await (await request.get('/api/excursion/partner/excursions', { headers: auth(token) })).json()) as {
    data: Array<{ id: number; status: string; path: string | null }>;
  };
  const excursion = mine.data.find((e) => e.status === 'published' && e.path)!;
  const full = (await (await request.get(`/api/excursion/partner/excursions/${excursion.id}`, { headers: auth(token) })).json()) as {
    data: { price_units: Array<{ code: string; name: string; price: number }> };
  };
  const units = full.data.price_units;
  const offerPrice = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)).find((d) => Array.isArray(d['@type']))?.offers?.price;
  const setPrice = async (price: number) => {
    const res = await request.put(`/api/excursion/partner/excursions/${excursion.id}`, { headers: auth(token), data: { price_units: units.map((u, i) => (i === 0 ? { ...u, price } : u)) } });
    expect(res.status()).toBe(200);
  };
  await request.get(excursion.path!);
  const kept = await request.get(excursion.path!);
  expect(kept.headers()['x-render-cache']).toBe('hit');
  expect(kept.headers()['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);

  const lowest = Math.min(...units.map((u) => u.price));
  const price = lowest - 10;
  try {
    await setPrice(price);
    const changed = Date.now();
    const next = await request.get(excursion.path!);
    const html = await next.text();
    console.log(`the new price was in the server's HTML ${Date.now() - changed} ms after the change`);
    expect(next.headers()['x-render-cache']).toBe('miss');
    expect(offerPrice(html)).toBe(price);
    expect((await request.get(excursion.path!)).headers()['x-render-cache']).toBe('hit');
  } finally {
    await setPrice(units[0]!.price);
  }
  expect(offerPrice(await (await request.get(excursion.path!)).text())).toBe(lowest);
});

test('unknown addresses answer 404 from the server: the error page for people, a plain page for crawlers', async ({ request }) => {
  for (const address of ['/no/such/page', '/excursion/no-such-region', '/excursion/cities/no-such-city/no-such-excursion', '/blog/no-such-post']) {
    const person = await request.get(address);
    expect(person.status(), address).toBe(404);
    const html = await person.text();
    expect(html, address).toContain('Неправильно набран адрес или такой страницы не существует.');
    expect(html, address).toMatch(/<head>[\s\S]*<meta name="robots" content="noindex"[\s\S]*<\/head>/);
    const crawler = await request.get(address, { headers: { 'user-agent': CRAWLER } });
    expect(crawler.status(), address).toBe(404);
    expect(await crawler.text(), address).not.toContain('Вернуться на главную');
  }
  // account pages, sign-in links and the order form stay with the browser
  expect((await request.get('/account/user')).headers()['x-rendered-by']).toBeUndefined();
  const orderForm = (await slugPublicRoutes(request)).find((p) => p.endsWith('/order'))!;
  const form = await request.get(orderForm);
  expect(form.status()).toBe(200);
  expect(form.headers()['x-rendered-by']).toBeUndefined();
  expect(form.headers()['cache-control']).toBe('no-cache');
  expect((await request.get('/excursion?token=abc')).headers()['x-rendered-by']).toBeUndefined();
});

/** Hydration problems React reports (the shell logs them as `[shell] hydration: …`) and page errors. */
async function watchHydration(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  // the server's nodes are marked before any script runs: hydration keeps them, a client re-render would not
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      for (const el of document.querySelectorAll('#root h1, #root header')) el.setAttribute('data-from-server', '');
    }),
  );
  return problems;
}

test('pages hydrate without errors and keep the server’s nodes; the signed-in header comes after hydration', async ({ page, request }) => {
  const slugs = await slugPublicRoutes(request);
  const city = slugs.find((p) => /^\/excursion\/(?!sight\/|guides\/|reviews\/)[^/]+\/[^/]+$/.test(p))!;
  const excursion = slugs.find((p) => EXCURSION.test(p))!;
  const problems = await watchHydration(page);
  for (const address of ['/', city, excursion]) {
    await page.goto(address);
    await expect(page.locator('h1[data-from-server]')).toBeVisible();
    await expect(page.locator('header.sh-header[data-from-server]')).toBeVisible();
    // the router is alive: a client-side navigation works
    await page.getByRole('link', { name: 'Города', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Города');
  }
  expect(problems).toEqual([]);

  const token = await devToken(page.request, CUSTOMER_PHONE);
  await page.goto(`/?token=${token}`);
  await page.waitForURL('**/account/user');
  await page.goto(excursion);
  await expect(page.locator('header.sh-header').getByText('Анна Смирнова')).toBeVisible();
  await expect(page.locator('h1[data-from-server]')).toBeVisible();
  expect(problems).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('nothing on a rendered page moves when it comes alive and the header learns who is there', async ({ page, request }) => {
    const slugs = await slugPublicRoutes(request);
    const excursion = slugs.find((p) => EXCURSION.test(p))!;
    for (const address of ['/', excursion]) {
      await page.goto(address);
      await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible();
      const shifts = await page.evaluate(
        () =>
          new Promise<{ value: number; nodes: string[] }[]>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Element }[] }[];
              resolve(entries.filter((e) => !e.hadRecentInput).map((e) => ({ value: e.value, nodes: e.sources.map((s) => s.node?.className ?? '?') })));
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve([]), 1_000);
          }),
      );
      expect(shifts, address).toEqual([]);
    }
  });
});

test.describe('before the page’s scripts run', () => {
  test.use({ javaScriptEnabled: false });
  test('the page reads and works as HTML: its first paint needs no script, links and the search form go to rendered pages', async ({ page }) => {
    const response = await page.goto('/');
    const html = await response!.text();
    // nothing in the way of the first paint but the HTML: styles inline, scripts named for after it (not preloaded)
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"|<link rel="preload" as="script"|<script defer/);
    expect(html).toMatch(/<link data-after-paint href="\/main\.[0-9a-f]{8}\.js">/);
    await page.getByRole('search').getByRole('combobox', { name: 'Город или экскурсия' }).fill('Кремль');
    await page.getByRole('search').getByRole('button', { name: 'Найти' }).click();
    await expect(page).toHaveURL(/\/excursion\?q=%D0%9A%D1%80%D0%B5%D0%BC%D0%BB%D1%8C$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Экскурсии по запросу «Кремль»');
    await expect(page.locator('.cat-card__title').first()).toBeVisible();
    await page.locator('.cat-card__title a').first().click();
    await expect(page).toHaveURL(/\/excursion\/[a-z-]+\/[a-z-]+\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('a visitor on another clock', () => {
  // the server renders on UTC; this browser is 10 hours ahead: nothing on any page may depend on the visitor's clock
  test.use({ timezoneId: 'Asia/Vladivostok' });
  test('every public catalog page hydrates without errors and keeps the server’s nodes', async ({ page, request }) => {
    test.setTimeout(90_000);
    const problems = await watchHydration(page);
    const paths = [...STATIC_PUBLIC_ROUTES.map(([p]) => p), '/blog/kak-vybrat-gida', ...(await slugPublicRoutes(request)).filter((p) => !p.endsWith('/order'))];
    for (const address of paths) {
      await page.goto(address);
      await expect(page.locator('h1[data-from-server]'), address).toBeVisible();
      expect(problems, address).toEqual([]);
    }
  });
});

test.describe('a catalog deployed alone', () => {
  // A second shell (:3200) whose catalog is a copy (:3201) that the test rebuilds and stops, and a third (:3300)
  // whose catalog never answers.
  const work = path.join(repo, 'e2e', '.ssr-swap');
  const copy = path.join(work, 'mfe-catalog');
  let catalog: ChildProcess | null = null;
  let shell: ChildProcess | undefined;
  let hangingShell: ChildProcess | undefined;
  let hanging: http.Server | undefined;

  test.beforeAll(async () => {
    // two shell servers, each ready once its first render generation is warm or given up (SSR_READY_TIMEOUT_MS, 60 s)
    test.setTimeout(180_000);
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    // the catalog's sources and build set-up beside a link to the repository's scripts (node_modules resolve upwards)
    for (const item of ['src', 'package.json', 'tsconfig.json', 'rspack.config.mjs', 'dist']) cpSync(path.join(repo, 'mfe-catalog', item), path.join(copy, item), { recursive: true });
    symlinkSync(path.join(repo, 'scripts'), path.join(work, 'scripts'));
    catalog = await serveFolder(path.join(copy, 'dist'), port(3201));
    shell = await serveApp('shell', { SHELL_PORT: String(port(3200)), REMOTE_CATALOG_URL: `${local(3201)}/remoteEntry.js`, SSR_VERSION_TTL_MS: '5000' });
    const silent = http.createServer(() => undefined);
    hanging = silent;
    await new Promise<void>((resolve) => silent.listen(port(3301), '127.0.0.1', resolve));
    // its catalog never answers: this shell is ready once it gives up waiting for a first render generation
    hangingShell = await serveApp('shell', { SHELL_PORT: String(port(3300)), REMOTE_CATALOG_URL: `${local(3301)}/remoteEntry.js`, SSR_READY_TIMEOUT_MS: '3000' });
  });

  test.afterAll(async () => {
    // (what the set-up did not get to start is not there to stop)
    if (shell) await stop(shell);
    if (hangingShell) await stop(hangingShell);
    hanging?.closeAllConnections();
    hanging?.close();
    if (catalog) await stop(catalog);
    rmSync(work, { recursive: true, force: true });
  });

  test('a rebuilt catalog with a changed heading reaches the server’s HTML within 15 s, without a restart', async ({ page, request }) => {
    test.setTimeout(120_000);
    const before = await request.get(`${local(3200)}/excursion/cities`);
    expect(before.status()).toBe(200);
    expect(h1Of(await before.text())).toBe('Города');
    const firstBuild = before.headers()['x-rendered-by'];

    const source = path.join(copy, 'src/features/cities/CitiesPage.tsx');
    writeFileSync(source, readFileSync(source, 'utf8').replace('heading="Города"', 'heading="Города и курорты"'));
    execFileSync(process.execPath, [path.join(repo, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'], { cwd: copy, stdio: 'ignore' });
    const built = Date.now();

    await expect
      .poll(async () => h1Of(await (await request.get(`${local(3200)}/excursion/cities`)).text()), { timeout: 15_000, intervals: [500] })
      .toBe('Города и курорты');
    console.log(`the new heading was served ${((Date.now() - built) / 1000).toFixed(1)} s after the build`);
    const after = await request.get(`${local(3200)}/excursion/cities`);
    expect(after.headers()['x-rendered-by']).not.toBe(firstBuild);
    expect(shell?.exitCode).toBeNull();

    // the browser gets the build that rendered the page: it hydrates without a mismatch
    const problems = await watchHydration(page);
    const entries: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(`${local(3201)}/remoteEntry`)) entries.push(r.url());
    });
    await page.goto(`${local(3200)}/excursion/cities`);
    await expect(page.locator('h1[data-from-server]')).toHaveText('Города и курорты');
    expect([...new Set(entries)]).toEqual([`${local(3201)}/remoteEntry.${after.headers()['x-rendered-by']!.slice(4)}.js`]);
    expect(problems).toEqual([]);
  });

  test('a catalog that never answers: the page comes client-rendered, 200 and no-store, within the budget', async ({ page, request }) => {
    test.setTimeout(90_000);
    const started = Date.now();
    const res = await request.get(`${local(3300)}/excursion/cities`);
    expect(Date.now() - started).toBeLessThan(3_500);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('no-store');
    expect(res.headers()['x-rendered-by']).toBeUndefined();
    // the page still works: the shell, and the catalog's area answers with its fallback
    // (the page's preload of the catalog's entry never finishes, so the load event never comes: the page is used before)
    await page.goto(`${local(3300)}/docs/help`, { waitUntil: 'domcontentloaded' });
    await expect(page.getByText('Раздел временно недоступен')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Помощь' })).toBeVisible();
  });

  test('the catalog stopped: pages still come, client-rendered where the server cannot render them', async ({ page, request }) => {
    await stop(catalog!);
    catalog = null;
    // what the running server already loaded keeps rendering; a page needing code it never loaded is client-rendered
    const loaded = await request.get(`${local(3200)}/excursion/cities`);
    expect(loaded.status()).toBe(200);
    expect(loaded.headers()['x-rendered-by']).toMatch(/^ssr /);
    const notLoaded = await request.get(`${local(3200)}/docs/oferta`);
    expect(notLoaded.status()).toBe(200);
    expect(notLoaded.headers()['x-rendered-by']).toBeUndefined();
    expect(notLoaded.headers()['cache-control']).toBe('no-store');
    await page.goto(`${local(3200)}/excursion`);
    await expect(page.getByRole('link', { name: 'Помощь' })).toBeVisible();
    await expect(page.getByText('Раздел временно недоступен')).toBeVisible({ timeout: 30_000 });
  });
});
