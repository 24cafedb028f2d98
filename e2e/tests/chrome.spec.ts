import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, PARTNER_PHONE, signInAs } from '../support/app';

const docs = [
  ['Помощь', '/docs/help'],
  ['Условия использования', '/docs/terms'],
  ['Оферта', '/docs/oferta'],
  ['Оплата', '/docs/plateji'],
  ['Политика конфиденциальности', '/docs/privacy'],
  ['Возврат', '/docs/vozvrat'],
  ['Статьи', '/docs/articles'],
  ['Юридическая информация', '/docs/legal-info'],
  ['Соглашение гида и путешественника', '/docs/agreement-guide-user'],
] as const;

test('the footer links every /docs page', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of docs) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await footer.getByRole('link', { name: 'Возврат', exact: true }).click();
  await expect(page).toHaveURL('/docs/vozvrat');
});

test('the header leads to the catalog and to the sign-in modal; the modal closes by button, backdrop and Esc', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Экскурсии' }).click();
  await expect(page).toHaveURL('/excursion');
  await header.getByRole('button', { name: 'Войти' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  await header.getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toBeHidden();
});

test('signed in, the header shows the account entry by user type and the notifications bell', async ({ page }) => {
  await signInAs(page, CUSTOMER_PHONE);
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Профиль: Анна Смирнова' }).click();
  const profile = page.getByRole('dialog', { name: 'Профиль' });
  await expect(profile.getByRole('link', { name: 'Личный кабинет' })).toHaveAttribute('href', '/account/user');
  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();
  await header.getByRole('button', { name: 'Уведомления' }).click();
  await expect(page.getByRole('dialog', { name: 'Уведомления' })).toBeVisible();
});

test('the partner account entry leads to the partner area; signing out clears the session', async ({ page }) => {
  await signInAs(page, PARTNER_PHONE);
  await page.getByRole('banner').getByRole('button', { name: 'Профиль: Михаил Орлов' }).click();
  await expect(page.getByRole('dialog', { name: 'Профиль' }).getByRole('link', { name: 'Личный кабинет' })).toHaveAttribute('href', '/account/partner');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Выйти' }).first().click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible();
  await page.goto('/account/partner');
  await page.waitForURL((url) => url.pathname === '/');
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test('nothing overflows horizontally at 360 px', async ({ page }) => {
    for (const path of ['/', '/excursion/cities', '/docs/help']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the first response already draws the site frame (header, footer), which stands without JavaScript', async ({ page, request }) => {
    // index.html carries the header and footer pre-rendered at build time, on every address
    const html = await (await request.get('/excursion/cities')).text();
    expect(html).toContain('<header class="sh-header">');
    expect(html).toContain('href="/docs/agreement-guide-user"');
    // (shown by browsers with scripts turned off; Chromium under test automation parses <noscript> as text)
    expect(html).toContain('<noscript><p class="sh-noscript">Каталог открывается и без JavaScript, а чтобы войти, заказать экскурсию или открыть личный кабинет, включите его в настройках браузера.</p></noscript>');

    // the shell's start-up scripts are named in <head> and carry V8's compile hint (compiled off the main thread):
    // preloaded on a client-rendered page, fetched right after the first paint on a server-rendered one like this
    const hint = (href: string) => `<link data-after-paint href="${href}">`;
    const startup = [...html.matchAll(/<link data-after-paint href="(\/(?:main|singletons)\.[0-9a-f]{8}\.js)">/g)].map((m) => m[1]);
    expect(startup).toHaveLength(2);
    // … and so do the entry of the remote that owns the page and its routes chunk
    const runtime = JSON.parse(/<script type="application\/json" id="excursio-runtime">(.*?)<\/script>/.exec(html)?.[1] ?? '{}');
    const catalogEntry = runtime.remotes.mfe_catalog as string;
    expect(html).toContain(hint(catalogEntry));
    const clientRendered = await (await request.get('/account/user')).text();
    for (const src of startup) expect(clientRendered).toContain(`<link rel="preload" as="script" href="${src}">`);
    startup.push(catalogEntry);
    for (const src of startup) expect((await (await request.get(src as string)).text()).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);

    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Excursio — на главную' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Города' })).toHaveAttribute('href', '/excursion/cities');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Оферта', exact: true })).toHaveAttribute('href', '/docs/oferta');
    // the visitor is not known without the script: no «Войти» and no account entry
    await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toHaveCount(0);
  });
});
