// Issue 28: independent releases of a remote. A shell (:3400) of its own release environment and a catalog server
// (:3401) serving its release store; the catalog is copied, rebuilt with a changed heading and released with
// `npm run release`, rolled back, refused by the compatibility gate.
import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '../support/test';
import { axeViolations } from '../support/axe';
import { ADMIN_PHONE, staffPage } from '../support/backoffice';
import { serveApp, stop } from '../support/extraStack';
import { local, port } from '../support/ports';

const repo = path.resolve(__dirname, '../..');
const work = path.join(repo, 'e2e', '.releases-work');
const copy = path.join(work, 'mfe-catalog');
const store = path.join(work, 'store');
const ENV = `e2e-${Date.now().toString(36)}`;
const SHELL = local(3400);
const CATALOG = local(3401);

const h1Of = (html: string) => (/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '').trim();

/** `npm run release -- …` against the stack's api, into this spec's store: its status and output. */
function release(...args: string[]): { status: number | null; out: string } {
  const result = spawnSync(process.execPath, [path.join(repo, 'scripts/release.mjs'), ...args, '--env', ENV], {
    env: { ...process.env, RELEASES_DIR: store, RELEASE_API_URL: local(8080), RELEASE_ACTOR: 'e2e' },
    encoding: 'utf8',
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

const hashOf = (out: string) => /live ([0-9a-f]{12})/.exec(out)?.[1] ?? '';

/** The documents a page loads (its full page loads; a client-side navigation loads none). */
function countDocuments(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (r) => {
    if (r.resourceType() === 'document' && r.frame() === page.mainFrame()) seen.count += 1;
  });
  return seen;
}

/** Errors the page reports (uncaught, console errors) while a test uses it. */
function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  return problems;
}

test.describe.serial('a catalog released, followed, rolled back', () => {
  let catalog: ChildProcess | undefined;
  let shell: ChildProcess | undefined;
  let releaseA = '';
  let releaseB = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    for (const item of ['src', 'package.json', 'tsconfig.json', 'rspack.config.mjs', 'dist']) cpSync(path.join(repo, 'mfe-catalog', item), path.join(copy, item), { recursive: true });
    symlinkSync(path.join(repo, 'scripts'), path.join(work, 'scripts'));
    const first = release('mfe-catalog', '--from', path.join(copy, 'dist'));
    expect(first.status, first.out).toBe(0);
    releaseA = hashOf(first.out);
    catalog = await serveApp('mfe-catalog', { MFE_CATALOG_PORT: String(port(3401)), RELEASES_DIR: store });
    shell = await serveApp('shell', { SHELL_PORT: String(port(3400)), REMOTE_CATALOG_URL: `${CATALOG}/remoteEntry.js`, RELEASE_ENV: ENV, RELEASES_POLL_MS: '500' });
  });

  test.afterAll(async () => {
    if (shell) await stop(shell);
    if (catalog) await stop(catalog);
    rmSync(work, { recursive: true, force: true });
  });

  test('/remotes.json (no-cache) names the released build, served immutable; the page is rendered from it', async ({ request }) => {
    const list = await request.get(`${SHELL}/remotes.json`);
    expect(list.headers()['cache-control']).toBe('no-cache');
    const entry = (await list.json()).mfe_catalog as string;
    expect(entry).toBe(`${CATALOG}/mfe-catalog/${releaseA}/remoteEntry.js`);
    const file = await request.get(entry);
    expect(file.status()).toBe(200);
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const html = await (await request.get(`${SHELL}/excursion/cities`)).text();
    expect(html).toContain(`${CATALOG}/mfe-catalog/${releaseA}/remoteEntry.`);
    expect(h1Of(html)).toBe('Города');
  });

  test('a tab open on release A, release B with a changed heading: a click in the tab shows B in place (no page load), with no error', async ({ page, request }) => {
    test.setTimeout(150_000);
    const problems = watchErrors(page);
    const documents = countDocuments(page);
    await page.goto(`${SHELL}/`);
    await expect(page.locator('h1')).toHaveText('Экскурсии с местными гидами');
    await expect(page.locator('html[data-app="live"]')).toBeAttached();
    await expect(page.locator('style[data-ssr-css]'), 'rendered on the server, with A’s styles inline').toHaveCount(1);
    // the catalog says it allows an in-place switch (mfe-catalog/rspack.config.mjs → its manifest)
    expect((await (await request.get(`${CATALOG}/mfe-catalog/${releaseA}/mf-manifest.json`)).json()).metaData.inPlaceRelease).toBe(true);

    const source = path.join(copy, 'src/features/cities/CitiesPage.tsx');
    writeFileSync(source, readFileSync(source, 'utf8').replace('heading="Города"', 'heading="Города и курорты"'));
    execFileSync(process.execPath, [path.join(repo, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'], { cwd: copy, stdio: 'ignore' });
    const started = Date.now();
    const second = release('mfe-catalog', '--from', path.join(copy, 'dist'));
    expect(second.status, second.out).toBe(0);
    releaseB = hashOf(second.out);
    expect(releaseB).not.toBe(releaseA);
    await expect
      .poll(async () => h1Of(await (await request.get(`${SHELL}/excursion/cities`)).text()), { timeout: 15_000, intervals: [250] })
      .toBe('Города и курорты');
    console.log(`release → first page rendered from it: ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // the open tab started on A: its next navigation switches the catalog to B in the page, with no page load
    await page.evaluate(() => Object.assign(window, { releaseTab: 'opened on A' }));
    const loadsBefore = documents.count;
    await page.getByRole('banner').getByRole('link', { name: 'Города', exact: true }).click();
    await expect(page.locator('h1')).toHaveText('Города и курорты');
    await expect(page).toHaveURL(`${SHELL}/excursion/cities`);
    expect(await page.evaluate(() => (window as unknown as { releaseTab?: string }).releaseTab)).toBe('opened on A');
    expect(documents.count - loadsBefore).toBe(0);
    // the page runs B's code now, with B's stylesheets only (A's were taken out once B's page showed)
    const styles = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.href));
    expect(styles.filter((href) => href.includes(`/mfe-catalog/${releaseA}/`))).toEqual([]);
    expect(styles.filter((href) => href.includes(`/mfe-catalog/${releaseB}/`)).length).toBeGreaterThan(0);
    await expect(page.locator('style[data-ssr-css]'), 'the server-rendered page’s inline styles were A’s').toHaveCount(0);
    expect(await page.locator('.cat-dir__regions').first().evaluate((el) => getComputedStyle(el).display), 'styled by B').toBe('grid');
    // the next pages come from B as well: back home and into another catalog page
    await page.goBack();
    await expect(page.locator('h1')).toHaveText('Экскурсии с местными гидами');
    await page.goForward();
    await expect(page.locator('h1')).toHaveText('Города и курорты');
    expect(documents.count - loadsBefore).toBe(0);
    // A's files stay where they were (tabs still on A keep loading its chunks)
    expect((await request.get(`${CATALOG}/mfe-catalog/${releaseA}/remoteEntry.js`)).status()).toBe(200);
    expect(problems).toEqual([]);
  });

  test('rollback: the server’s HTML shows A again within 10 s, with no build', async ({ request }) => {
    const started = Date.now();
    const back = release('rollback', 'mfe-catalog');
    expect(back.status, back.out).toBe(0);
    expect(back.out).toContain(`live ${releaseA}`);
    await expect
      .poll(async () => h1Of(await (await request.get(`${SHELL}/excursion/cities`)).text()), { timeout: 10_000, intervals: [250] })
      .toBe('Города');
    console.log(`rollback → first page rendered from A: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const list = release('list', 'mfe-catalog');
    expect(list.out).toMatch(/rollback\s+[0-9a-f]{12}.*by e2e/);
  });

  test('a remote requiring @excursio/shared ^99 is refused by the gate, naming the package, the range and the version', async ({ request }) => {
    const incompatible = path.join(work, 'incompatible');
    cpSync(path.join(copy, 'dist'), incompatible, { recursive: true });
    const manifestFile = path.join(incompatible, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    for (const shared of manifest.shared) if (shared.name === '@excursio/shared') shared.requiredVersion = '^99.0.0';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const refused = release('mfe-catalog', '--from', incompatible);
    expect(refused.status).toBe(1);
    const provided = JSON.parse(readFileSync(path.join(repo, 'shared/package.json'), 'utf8')).version;
    expect(refused.out).toContain(`mfe-catalog требует @excursio/shared ^99.0.0, а живая оболочка (served) даёт ${provided}`);
    expect((await (await request.get(`${SHELL}/remotes.json`)).json()).mfe_catalog).toContain(`/mfe-catalog/${releaseA}/`);
  });

  /** A browser on one side of a canary: its bucket cookie (0: in every canary's share, 99: in none). */
  async function browserIn(browser: Browser, bucket: number | null) {
    const context = await browser.newContext();
    if (bucket !== null) await context.addCookies([{ name: 'excursio_bucket', value: String(bucket), url: SHELL }]);
    return context;
  }
  const catalogEntry = async (context: { request: { get: (url: string) => Promise<{ json: () => Promise<Record<string, string>> }> } }) =>
    (await (await context.request.get(`${SHELL}/remotes.json`)).json()).mfe_catalog!;

  test('canary 50 %: both releases are served, each browser sticks to its own', async ({ browser }) => {
    test.setTimeout(90_000);
    const canary = release('mfe-catalog', '--from', path.join(copy, 'dist'), '--canary', '50');
    expect(canary.status, canary.out).toBe(0);
    expect(canary.out).toContain(`live ${releaseA}`);
    expect(canary.out).toContain(`canary ${releaseB}`);
    await expect.poll(async () => catalogEntry(await browserIn(browser, 0)), { timeout: 10_000 }).toContain(`/${releaseB}/`);

    const seen = new Set<string>();
    for (let i = 0; i < 30 && seen.size < 2; i += 1) {
      const context = await browserIn(browser, null);
      const first = await catalogEntry(context);
      for (let again = 0; again < 3; again += 1) expect(await catalogEntry(context), 'sticky').toBe(first);
      seen.add(first);
      await context.close();
    }
    expect([...seen].sort()).toEqual([`${CATALOG}/mfe-catalog/${releaseA}/remoteEntry.js`, `${CATALOG}/mfe-catalog/${releaseB}/remoteEntry.js`].sort());

    // each side's page: the canary's browser gets B, rendered on the server from B (a renderer of the canary's build),
    // the other A
    for (const [bucket, heading] of [[0, 'Города и курорты'], [99, 'Города']] as const) {
      const context = await browserIn(browser, bucket);
      await expect
        .poll(async () => {
          const res = await context.request.get(`${SHELL}/excursion/cities`);
          return `${res.headers()['x-rendered-by'] ? 'rendered' : 'client'}: ${h1Of(await res.text())}`;
        }, { timeout: 20_000, intervals: [500] })
        .toBe(`rendered: ${heading}`);
      const page = await context.newPage();
      const problems = watchErrors(page);
      await page.goto(`${SHELL}/excursion/cities`);
      await expect(page.locator('h1')).toHaveText(heading);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  test('promote: the canary becomes the live release for every browser and the server’s HTML', async ({ browser }) => {
    const promoted = release('promote', 'mfe-catalog');
    expect(promoted.status, promoted.out).toBe(0);
    expect(promoted.out).toContain(`live ${releaseB}`);
    // a browser outside the canary's share (a fresh request context got a random bucket: on the canary's side, it saw
    // B before the promotion was followed, and the list below was asked before the shell's next read)
    const outside = await browserIn(browser, 99);
    await expect
      .poll(async () => h1Of(await (await outside.request.get(`${SHELL}/excursion/cities`)).text()), { timeout: 10_000, intervals: [250] })
      .toBe('Города и курорты');
    expect(await catalogEntry(outside)).toContain(`/${releaseB}/`);
    await outside.close();
  });

  test('a canary with an injected error rolls back by itself, and says so in the history', async ({ browser }) => {
    test.setTimeout(150_000);
    const source = path.join(copy, 'src/features/cities/CitiesPage.tsx');
    writeFileSync(source, readFileSync(source, 'utf8').replace('export function CitiesPage() {', "export function CitiesPage() {\n  if (typeof window !== 'undefined') throw new Error('injected into the canary');"));
    execFileSync(process.execPath, [path.join(repo, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'], { cwd: copy, stdio: 'ignore' });
    const canary = release('mfe-catalog', '--from', path.join(copy, 'dist'), '--canary', '50');
    expect(canary.status, canary.out).toBe(0);
    const releaseC = /canary ([0-9a-f]{12})/.exec(canary.out)![1]!;
    const context = await browserIn(browser, 0);
    await expect.poll(async () => catalogEntry(context), { timeout: 10_000 }).toContain(`/${releaseC}/`);
    const page = await context.newPage();
    page.on('pageerror', () => undefined);
    // the canary's visitors meet the broken page: each load is reported, with the build it ran
    for (let i = 0; i < 3; i += 1) {
      await page.goto(`${SHELL}/excursion/cities`);
      await expect(page.getByRole('heading', { name: 'Раздел временно недоступен' })).toBeVisible();
    }
    await expect.poll(() => release('list', 'mfe-catalog').out, { timeout: 15_000, intervals: [500] }).toMatch(/auto_rollback\s+[0-9a-f]{12}.*by автооткат.*канарейка: ошибок/);
    await expect.poll(async () => catalogEntry(context), { timeout: 10_000 }).toContain(`/${releaseB}/`);
    await page.goto(`${SHELL}/excursion/cities`);
    await expect(page.locator('h1')).toHaveText('Города и курорты');
    await context.close();
  });

  test('a preview link opens the site with a release that takes no traffic; without it, the live one', async ({ browser }) => {
    const link = release('preview', 'mfe-catalog', releaseA, '--minutes', '5');
    expect(link.status, link.out).toBe(0);
    const pathAndQuery = /(\/\?release_preview=[\w.-]+)/.exec(link.out)![1]!;
    const previewer = await browserIn(browser, null);
    const page = await previewer.newPage();
    const problems = watchErrors(page);
    await page.goto(`${SHELL}${pathAndQuery}`);
    expect(new URL(page.url()).search).toBe('');
    // the previewed release renders its pages on the server too, pinned to it
    await expect
      .poll(async () => {
        const res = await previewer.request.get(`${SHELL}/excursion/cities`);
        const html = await res.text();
        return `${res.headers()['x-rendered-by'] ? 'rendered' : 'client'}: ${h1Of(html)} ${html.includes(`/mfe-catalog/${releaseA}/remoteEntry.`) ? 'pinned to A' : ''}`;
      }, { timeout: 20_000, intervals: [500] })
      .toBe('rendered: Города pinned to A');
    await page.goto(`${SHELL}/excursion/cities`);
    await expect(page.locator('h1')).toHaveText('Города');
    expect(await catalogEntry(previewer)).toContain(`/${releaseA}/`);
    expect(problems).toEqual([]);
    const visitor = await browserIn(browser, null);
    expect(await catalogEntry(visitor)).toContain(`/${releaseB}/`);
    const forged = await browserIn(browser, null);
    await forged.addCookies([{ name: 'excursio_preview', value: `${pathAndQuery.split('=')[1]}x`, url: SHELL }]);
    expect(await catalogEntry(forged)).toContain(`/${releaseB}/`);
    await Promise.all([previewer.close(), visitor.close(), forged.close()]);
  });

  test('the back office shows the history with the automatic rollback and the canary, and rolls back as the admin', async ({ browser }) => {
    test.setTimeout(90_000);
    const page = await staffPage(browser, ADMIN_PHONE);
    await page.getByRole('navigation', { name: 'Разделы бэк-офиса' }).getByRole('link', { name: 'Выпуски' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Выпуски' })).toBeVisible();
    // this journey's own environment (the stack's production pointers are left alone)
    await page.goto(`/backoffice/releases?env=${ENV}`);
    const app = page.getByRole('region', { name: 'Каталог (mfe-catalog)' });
    await expect(app).toContainText(`Живой выпуск: ${releaseB}`);
    const history = app.getByRole('region', { name: 'История: Каталог' });
    await expect(history.getByRole('row').nth(1)).toContainText('Автооткат канарейки');
    await expect(history.getByRole('row').nth(1)).toContainText('канарейка: ошибок');
    await expect(history).toContainText('Канарейка стала основной');
    const violations = await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    const older = app.getByRole('region', { name: 'Сборки: Каталог' }).getByRole('row').filter({ hasText: releaseA });
    await older.getByRole('button', { name: 'Вернуть этот выпуск' }).click();
    await older.getByLabel('Причина (необязательно)').fill('проверка отката из бэк-офиса');
    await older.getByRole('button', { name: 'Вернуть', exact: true }).click();
    await expect(page.getByText(`Каталог: живой выпуск теперь ${releaseA}.`)).toBeVisible();
    await expect(history.getByRole('row').nth(1)).toContainText('проверка отката из бэк-офиса');
    await expect.poll(async () => h1Of(await (await page.request.get(`${SHELL}/excursion/cities`)).text()), { timeout: 10_000 }).toBe('Города');
    expect(release('list', 'mfe-catalog').out).toMatch(/rollback\s+[0-9a-f]{12}.*проверка отката из бэк-офиса/);
    await page.context().close();
  });

  test('a release whose build does not allow the in-place switch: the open tab’s next click loads the page in full once, with no error', async ({ page, request }) => {
    test.setTimeout(90_000);
    const problems = watchErrors(page);
    const documents = countDocuments(page);
    await page.goto(`${SHELL}/`);
    await expect(page.locator('html[data-app="live"]')).toBeAttached();
    const live = (await (await request.get(`${SHELL}/remotes.json`)).json()).mfe_catalog as string;
    // the live build (A after the back office's rollback), its manifest without the flag: another build, which refuses
    const liveHash = /\/mfe-catalog\/([0-9a-f]{12})\//.exec(live)![1]!;
    const refusing = path.join(work, 'refusing');
    cpSync(path.join(store, 'mfe-catalog', liveHash), refusing, { recursive: true });
    const manifestFile = path.join(refusing, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    delete manifest.metaData.inPlaceRelease;
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const next = release('mfe-catalog', '--from', refusing);
    expect(next.status, next.out).toBe(0);
    const releaseC = hashOf(next.out);
    await expect.poll(async () => (await (await request.get(`${SHELL}/remotes.json`)).json()).mfe_catalog, { timeout: 10_000 }).toContain(`/${releaseC}/`);

    await page.evaluate(() => Object.assign(window, { releaseTab: 'opened before C' }));
    const loadsBefore = documents.count;
    await page.getByRole('banner').getByRole('link', { name: 'Города', exact: true }).click();
    await expect(page).toHaveURL(`${SHELL}/excursion/cities`);
    await expect(page.locator('html[data-app="live"]')).toBeAttached();
    await expect(page.locator('h1')).toHaveText('Города');
    expect(await page.evaluate(() => (window as unknown as { releaseTab?: string }).releaseTab)).toBeUndefined();
    expect(documents.count - loadsBefore).toBe(1);
    expect(await page.content()).toContain(`/mfe-catalog/${releaseC}/`);
    // the page now runs C: the next click stays in the page
    await page.getByRole('banner').getByRole('link', { name: 'Excursio — на главную' }).click();
    await expect(page.locator('h1')).toHaveText('Экскурсии с местными гидами');
    expect(documents.count - loadsBefore).toBe(1);
    expect(problems).toEqual([]);
  });
});

// The shell released like a remote: a copy of it is built twice, each «edition» with its own footer line and its own
// mark on the overlay frame (a lazy chunk), released into this journey's store; a shell server (:3410) of its own
// release environment follows the shell's pointer.
test.describe.serial('the shell released, followed, rolled back', () => {
  const shellWork = path.join(repo, 'e2e', '.releases-shell-work');
  const shellCopy = path.join(shellWork, 'shell');
  const shellStore = path.join(shellWork, 'store');
  const SHELL_ENV = `e2e-shell-${Date.now().toString(36)}`;
  const SITE_B = local(3410);
  const TAGLINE = 'Экскурсии с гидами по всей стране';
  let shell: ChildProcess | undefined;
  let editionA = '';
  let editionB = '';

  const shellRelease = (...args: string[]) => {
    const result = spawnSync(process.execPath, [path.join(repo, 'scripts/release.mjs'), ...args, '--env', SHELL_ENV], {
      env: { ...process.env, RELEASES_DIR: shellStore, RELEASE_API_URL: local(8080), RELEASE_ACTOR: 'e2e' },
      encoding: 'utf8',
    });
    return { status: result.status, out: `${result.stdout}${result.stderr}` };
  };

  /** Builds the copy as edition `name` (its footer line, its overlay frame's mark) and releases it: its build hash. */
  function buildAndRelease(name: string, ...options: string[]): string {
    const footer = path.join(shellCopy, 'src/features/chrome/SiteFooter.tsx');
    writeFileSync(footer, readFileSync(path.join(repo, 'shell/src/features/chrome/SiteFooter.tsx'), 'utf8').replace(TAGLINE, `${TAGLINE} · оболочка ${name}`));
    const overlay = path.join(shellCopy, 'src/ui/overlay/OverlayFrame.tsx');
    writeFileSync(overlay, readFileSync(path.join(repo, 'shell/src/ui/overlay/OverlayFrame.tsx'), 'utf8').replace('data-testid={`${variant}-backdrop`}', `data-testid={\`\${variant}-backdrop\`} data-edition="${name}"`));
    execFileSync(process.execPath, [path.join(repo, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'], { cwd: shellCopy, stdio: 'ignore' });
    const released = shellRelease('shell', '--from', path.join(shellCopy, 'dist'), ...options);
    expect(released.status, released.out).toBe(0);
    return /(?:live|canary) ([0-9a-f]{12})(?![\s\S]*canary)/.exec(released.out)?.[1] ?? '';
  }

  const footerOf = (html: string) => /<p class="sh-footer__tagline">([^<]*)<\/p>/.exec(html)?.[1] ?? '';
  /** The footer line of a client-rendered page (its start-up frame) and of a server-rendered one. */
  const footers = async (get: (url: string) => Promise<{ text: () => Promise<string>; headers: () => Record<string, string> }>) => {
    const client = await get(`${SITE_B}/account/user`);
    const rendered = await get(`${SITE_B}/excursion/cities`);
    return `${footerOf(await client.text())} | ${rendered.headers()['x-rendered-by'] ? 'rendered' : 'client'}: ${footerOf(await rendered.text())}`;
  };
  const edition = (name: string) => `${TAGLINE} · оболочка ${name}`;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    rmSync(shellWork, { recursive: true, force: true });
    mkdirSync(shellCopy, { recursive: true });
    for (const item of ['src', 'package.json', 'tsconfig.json', 'rspack.config.mjs']) cpSync(path.join(repo, 'shell', item), path.join(shellCopy, item), { recursive: true });
    symlinkSync(path.join(repo, 'scripts'), path.join(shellWork, 'scripts'));
    editionA = buildAndRelease('A');
    shell = await serveApp('shell', { SHELL_PORT: String(port(3410)), RELEASE_ENV: SHELL_ENV, RELEASES_POLL_MS: '500', RELEASES_DIR: shellStore });
  });

  test.afterAll(async () => {
    if (shell) await stop(shell);
    rmSync(shellWork, { recursive: true, force: true });
  });

  test('the pages are made of the released shell: its footer, its scripts served immutable, its CSP', async ({ page, request }) => {
    expect(editionA).toMatch(/^[0-9a-f]{12}$/);
    expect(readdirSync(path.join(shellStore, 'shell', editionA, 'ssr')), 'the render bundle is part of the release').toContain('render.cjs');
    await expect.poll(() => footers((url) => request.get(url)), { timeout: 20_000, intervals: [500] }).toBe(`${edition('A')} | rendered: ${edition('A')}`);
    const html = await (await request.get(`${SITE_B}/account/user`)).text();
    const main = /<script defer src="(\/main\.[0-9a-f]{8}\.js)"/.exec(html)![1]!;
    expect(readdirSync(path.join(shellStore, 'shell', 'chunks'))).toContain(main.slice(1));
    const file = await request.get(`${SITE_B}${main}`);
    expect(file.status()).toBe(200);
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    // the release's inline start-up script runs under the page's CSP: the page goes live with no error
    const problems = watchErrors(page);
    await page.goto(`${SITE_B}/excursion/cities`);
    await expect(page.locator('html[data-app="live"]')).toBeAttached();
    await expect(page.locator('.sh-footer__tagline')).toHaveText(edition('A'));
    expect(problems).toEqual([]);
  });

  test('release B: the server’s HTML shows it within 10 s; a tab open on A still navigates and loads A’s lazy chunk; its next load is B', async ({ page, request }) => {
    test.setTimeout(150_000);
    const problems = watchErrors(page);
    await page.goto(`${SITE_B}/`);
    await expect(page.locator('html[data-app="live"]')).toBeAttached();
    await expect(page.locator('.sh-footer__tagline')).toHaveText(edition('A'));

    const started = Date.now();
    editionB = buildAndRelease('B');
    expect(editionB).not.toBe(editionA);
    const released = Date.now();
    await expect.poll(() => footers((url) => request.get(url)), { timeout: 10_000, intervals: [250] }).toBe(`${edition('B')} | rendered: ${edition('B')}`);
    console.log(`shell release (build included: ${((released - started) / 1000).toFixed(1)} s) → pages of B: ${((Date.now() - released) / 1000).toFixed(1)} s`);

    // the tab started on A: a navigation, then the overlay frame (a lazy chunk of A, no longer in the live release)
    const chunks: { url: string; status: number }[] = [];
    page.on('response', (r) => {
      if (/\/overlay\.[0-9a-f]{8}\.js$/.test(r.url())) chunks.push({ url: r.url(), status: r.status() });
    });
    await page.getByRole('banner').getByRole('link', { name: 'Города', exact: true }).click();
    await expect(page).toHaveURL(`${SITE_B}/excursion/cities`);
    await expect(page.locator('h1')).toHaveText('Города');
    await expect(page.locator('.sh-footer__tagline'), 'the tab keeps the shell it started with').toHaveText(edition('A'));
    await page.getByRole('banner').getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.locator('[data-testid="modal-backdrop"]')).toHaveAttribute('data-edition', 'A');
    expect(chunks.length).toBe(1);
    expect(chunks[0]!.status).toBe(200);
    expect(readdirSync(path.join(shellStore, 'shell', editionB)), 'A’s overlay chunk is not B’s').not.toContain(chunks[0]!.url.split('/').pop());
    expect(problems).toEqual([]);

    // its next full page load gets B
    await page.reload();
    await expect(page.locator('.sh-footer__tagline')).toHaveText(edition('B'));
    await expect(page.locator('html[data-app="live"]')).toBeAttached();
    expect(problems).toEqual([]);
  });

  test('rollback: the server’s HTML is the old shell again within 10 s, with no build', async ({ request }) => {
    const started = Date.now();
    const back = shellRelease('rollback', 'shell');
    expect(back.status, back.out).toBe(0);
    expect(back.out).toContain(`live ${editionA}`);
    await expect.poll(() => footers((url) => request.get(url)), { timeout: 10_000, intervals: [250] }).toBe(`${edition('A')} | rendered: ${edition('A')}`);
    console.log(`shell rollback → pages of A: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  test('a shell canary: a browser in its share gets B (rendered by B’s bundle), the others A', async ({ browser }) => {
    test.setTimeout(90_000);
    const canary = shellRelease('shell', '--from', path.join(shellStore, 'shell', editionB), '--canary', '50');
    expect(canary.status, canary.out).toBe(0);
    expect(canary.out).toContain(`canary ${editionB}`);
    for (const [bucket, name] of [[0, 'B'], [99, 'A']] as const) {
      const context = await browser.newContext();
      await context.addCookies([{ name: 'excursio_bucket', value: String(bucket), url: SITE_B }]);
      await expect.poll(() => footers((url) => context.request.get(url)), { timeout: 20_000, intervals: [500] }).toBe(`${edition(name)} | rendered: ${edition(name)}`);
      await context.close();
    }
    const promoted = shellRelease('promote', 'shell');
    expect(promoted.out).toContain(`live ${editionB}`);
  });
});
