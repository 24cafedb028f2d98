import { expect, test, type Page } from '../support/test';
import { signInNewTravellerIn } from '../support/signIn';

/** Prices on the cards of the list, in roubles, top to bottom. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('.cat-card__price strong').allTextContents();
  return texts.map((t) => Number(t.replace(/\D/g, '')));
}

test.describe('a visitor finds an excursion', () => {
  test('search → city → tag → the full list sorted → sight → guide → excursion', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Город или экскурсия' });
    await search.fill('Моск');
    await page.getByRole('option', { name: /^Москва.*Город/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Москва');
    await expect(page).toHaveTitle('Экскурсии: Москва — Excursio');
    const cityUrl = page.url();

    // A tag: the same screen, narrowed.
    const tags = page.getByRole('navigation', { name: 'Темы экскурсий' });
    const tag = tags.getByRole('link').nth(1);
    const tagName = (await tag.textContent())!.replace(/\d+/g, '').trim();
    await tag.click();
    await expect(page).toHaveURL(/\/excursion\/[a-z-]+\/moskva\/tags\/[a-z-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Москва: ${tagName.toLowerCase()}`);
    await expect(tags.getByRole('link', { name: new RegExp(tagName) })).toHaveAttribute('aria-current', 'page');

    // The whole list of the tag, then sorted by price.
    await page.getByRole('link', { name: /^Все экскурсии \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/\/excursion\?region=[a-z-]+&city=moskva&tag=[a-z-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Экскурсии: Москва');
    await page.getByRole('combobox', { name: 'Сортировка' }).selectOption('price_asc');
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page.locator('.cat-listing__main')).toHaveAttribute('aria-busy', 'false');
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // Back on the city page: a sight, then a guide.
    await page.goto(cityUrl);
    const sights = page.getByRole('region', { name: 'Достопримечательности' });
    const sight = sights.getByRole('link').first();
    const sightName = (await sight.locator('.cat-tile__name').textContent())!;
    await sight.click();
    await expect(page).toHaveURL(/\/excursion\/sight\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sightName);
    await expect(page.getByRole('region', { name: 'Экскурсии с посещением' }).locator('.cat-card').first()).toBeVisible();

    await page.goto(cityUrl);
    const guide = page.getByRole('region', { name: 'Гиды' }).locator('.cat-guide').first();
    const guideName = (await guide.locator('.cat-guide__name').textContent())!;
    await guide.click();
    await expect(page).toHaveURL(/\/excursion\/guides\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(guideName);
    await expect(page).toHaveTitle(`Гид ${guideName} — Excursio`);

    // One of the guide's excursions.
    const card = page.getByRole('region', { name: 'Экскурсии гида' }).locator('.cat-card__link').first();
    const title = (await card.textContent())!;
    await card.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('region', { name: 'Бронирование' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Гид' })).toBeVisible();
    await expect(page.locator('main').getByText(guideName).first()).toBeVisible();
    // React 19 hoists the page's description into the head (after the shell's own default one).
    await expect(page.locator('meta[name="description"]').last()).toHaveAttribute('content', /.+/);
  });

  test('filters narrow the catalog through the address, and the list keeps its place on back', async ({ page }) => {
    await page.goto('/excursion');
    const count = page.getByRole('status').filter({ hasText: 'Найдено' });
    const all = Number((await count.textContent())!.replace(/\D/g, ''));

    await page.getByRole('combobox', { name: 'Страна' }).selectOption({ label: 'Грузия' });
    await expect(page).toHaveURL(/country=gruziya/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Экскурсии: Грузия');
    await page.getByRole('combobox', { name: 'Формат' }).selectOption('individual');
    await expect(page).toHaveURL(/country=gruziya&format=individual/);
    await expect(page.locator('.cat-listing__main')).toHaveAttribute('aria-busy', 'false');
    const narrowed = Number((await count.textContent())!.replace(/\D/g, ''));
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(all);
    for (const place of await page.locator('.cat-card__place').allTextContents()) expect(place).toContain('Индивидуальная');

    await page.getByRole('link', { name: 'Сбросить фильтры' }).click();
    await expect(page).toHaveURL('/excursion');

    // Page 2, scroll down, open a card, come back: same page, same place.
    await page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Страница 2' }).click();
    await expect(page).toHaveURL('/excursion?page=2');
    await expect(page.getByRole('navigation', { name: 'Страницы' }).locator('[aria-current="page"]')).toHaveText('2');
    await expect(page.locator('.cat-listing__main')).toHaveAttribute('aria-busy', 'false');
    const card = page.locator('.cat-card').nth(10);
    await card.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(500);
    await card.locator('.cat-card__link').click();
    await expect(page.getByRole('region', { name: 'Бронирование' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL('/excursion?page=2');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 50);
  });

  test('a search by words lists what matches', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('combobox', { name: 'Город или экскурсия' }).fill('Кремль');
    await page.getByRole('combobox', { name: 'Город или экскурсия' }).press('Enter');
    await expect(page).toHaveURL(/\/excursion\?q=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Экскурсии по запросу «Кремль»');
    const titles = await page.locator('.cat-card__title').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.some((t) => /кремл/i.test(t))).toBe(true);
  });
});

test('a visitor adds a favorite, signing in on the way', async ({ page, request }) => {
  await page.goto('/excursion?sort=rating');
  await page.locator('.cat-card__link').first().click();
  const booking = page.getByRole('region', { name: 'Бронирование' });
  await expect(booking).toBeVisible();
  const excursionUrl = page.url();
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!;

  // Signed out, the heart opens the sign-in; once signed in (a new traveller), the favorite is added on the spot.
  await booking.getByRole('button', { name: 'В избранное' }).click();
  const dialog = page.getByRole('dialog', { name: 'Вход в Excursio' });
  await expect(dialog).toBeVisible();
  await signInNewTravellerIn(dialog, request);
  await expect(page).toHaveURL(excursionUrl);
  await expect(booking.getByRole('button', { name: 'В избранном' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/account/user/favorite');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await page.getByRole('button', { name: `Убрать из избранного: ${title}` }).click();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  await expect(page.getByText(/В избранном пока ничего нет/)).toBeVisible();
});

test.describe('unknown slugs give the 404 page', () => {
  const unknown = [
    '/country/atlantida',
    '/excursion/net-takogo-regiona',
    '/excursion/moskva-i-podmoskove/net-goroda',
    '/excursion/moskva-i-podmoskove/moskva/tags/net-temy',
    '/excursion/moskva-i-podmoskove/moskva/net-ekskursii',
    '/excursion/moskva-i-podmoskove/moskva/net-ekskursii/order',
    '/excursion/sight/net-mesta',
    '/excursion/guides/net-gida',
    '/excursion/guides/regions/net-regiona',
    '/excursion/reviews/net-regiona',
    '/blog/net-stati',
  ];
  for (const path of unknown) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText('404', { exact: true })).toBeVisible();
      await expect(page.getByText(`Page Not Found: ${path}`)).toBeVisible();
      await expect(page.getByText('Неправильно набран адрес или такой страницы не существует.')).toBeVisible();
    });
  }
});
