import { expect, test } from '@playwright/test';
import { CUSTOMER_PHONE, PARTNER_PHONE, devToken, layoutOf, signInAs, trackRemotes } from '../support/app';

const publicRoutes: Array<[string, RegExp]> = [
  ['/', /Экскурсии с местными гидами/],
  ['/blog', /Блог/],
  ['/docs/help', /Помощь/],
  ['/docs/terms', /Условия использования/],
  ['/docs/oferta', /Оферта/],
  ['/docs/plateji', /Оплата/],
  ['/docs/privacy', /Политика конфиденциальности/],
  ['/docs/vozvrat', /Возврат/],
  ['/docs/articles', /Статьи/],
  ['/docs/legal-info', /Юридическая информация/],
  ['/docs/agreement-guide-user', /Соглашение/],
  ['/excursion', /Экскурсии/],
  ['/excursion/cities', /Города/],
];

test.describe('public routes', () => {
  for (const [path, heading] of publicRoutes) {
    test(`${path} resolves through the catalog in the default layout`, async ({ page }) => {
      const remotes = trackRemotes(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(layoutOf(page)).toHaveAttribute('data-layout', 'default');
      expect([...remotes]).toEqual(['catalog']);
    });
  }

  test('slug routes of the catalog resolve (country, region, city, tag, sight, guides, reviews, excursion, order)', async ({ page, request }) => {
    const cities = (await (await request.get('/api/excursion/public/excursion/cities?limit=1')).json()) as {
      data: { data: Array<{ slug: string; region_slug: string; country_slug: string }> };
    };
    const city = cities.data.data[0]!;
    // Real slugs of that city, from its page in the api.
    const cityPage = (await (await request.get(`/api/excursion/public/cities/${city.region_slug}/${city.slug}`)).json()) as {
      data: { tags: Array<{ slug: string }>; sights: Array<{ slug: string }>; guides: Array<{ slug: string }>; excursions: Array<{ slug: string }> };
    };
    const { tags, sights, guides, excursions } = cityPage.data;
    const excursion = `/excursion/${city.region_slug}/${city.slug}/${excursions[0]!.slug}`;
    const paths = [
      `/country/${city.country_slug}`,
      `/excursion/${city.region_slug}`,
      `/excursion/${city.region_slug}/${city.slug}`,
      `/excursion/${city.region_slug}/${city.slug}/tags/${tags[0]!.slug}`,
      `/excursion/sight/${sights[0]!.slug}`,
      `/excursion/guides/${guides[0]!.slug}`,
      `/excursion/guides/regions/${city.region_slug}`,
      `/excursion/guides/regions/${city.region_slug}/${city.slug}`,
      `/excursion/reviews/${city.region_slug}/${city.slug}`,
      excursion,
      `${excursion}/order`,
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expect(layoutOf(page)).toHaveAttribute('data-layout', 'default');
      await expect(page.getByText('Неправильно набран адрес')).toHaveCount(0);
    }
  });

  test('the home page shows popular cities from the api', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Популярные города' });
    await expect(section.locator('a[href^="/excursion/"]:not([href="/excursion/cities"])')).toHaveCount(10);
    await expect(section.getByRole('link', { name: /Все города/ })).toHaveAttribute('href', '/excursion/cities');
  });
});

test.describe('account routes', () => {
  test('signed out, an account page opens the sign-in modal and goes to /', async ({ page }) => {
    await page.goto('/account/user/ticket');
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText('Вход');
  });

  test('the customer reaches every user route in its layout, through the user-account remote', async ({ page }) => {
    await signInAs(page, CUSTOMER_PHONE);
    // An order of this customer (the order page validates the id against the api).
    const token = await devToken(page.request, CUSTOMER_PHONE);
    const orders = (await (await page.request.get('/api/excursion/user/order', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      data: { data: Array<{ id: number }> };
    };
    const orderId = orders.data.data[0]!.id;
    const routes: Array<[string, string, string]> = [
      ['/account/user', 'account', 'user-account'],
      ['/account/user/ticket', 'account', 'user-account'],
      ['/account/user/profile', 'account', 'user-account'],
      ['/account/user/reviews', 'account-sub', 'user-account'],
      ['/account/user/support', 'account', 'user-account'],
      ['/account/user/favorite', 'account', 'user-account'],
      [`/account/user/${orderId}`, 'account', 'user-account'],
      ['/account/user/notification', 'account-notification', 'notifications'],
      ['/account/user/notificationold', 'account-notification', 'notifications'],
    ];
    for (const [path, layout] of routes) {
      await page.goto(path);
      await expect(layoutOf(page), path).toHaveAttribute('data-layout', layout);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await expect(page.getByText('Анна Смирнова').first()).toBeVisible();
  });

  test('the partner reaches every partner route in its layout', async ({ page }) => {
    await signInAs(page, PARTNER_PHONE);
    const routes: Array<[string, string]> = [
      ['/account/partner', 'account'],
      ['/account/partner/static', 'account'],
      ['/account/partner/profile', 'account'],
      ['/account/partner/reviews', 'account-sub'],
      ['/account/partner/support', 'account'],
      ['/account/partner/calendar', 'account'],
      ['/account/partner/calendarOLD', 'account'],
      ['/account/partner/42', 'account'],
      ['/account/partner/order/7', 'account'],
      ['/account/partner/notification', 'account-notification'],
      ['/account/partner/notificationold', 'account-notification'],
      ['/account/partner/excursions', 'account-sub'],
      ['/account/partner/excursions/add', 'account'],
      ['/account/partner/excursions/edit/3', 'account'],
      ['/account/partner/excursions/edit/3old', 'account'],
      ['/account/partner/excursions/edit/closed_fields/3', 'account'],
    ];
    for (const [path, layout] of routes) {
      await page.goto(path);
      await expect(layoutOf(page), path).toHaveAttribute('data-layout', layout);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    }
  });

  test('a partner opening the customer area is sent to the partner area', async ({ page }) => {
    await signInAs(page, PARTNER_PHONE);
    await page.goto('/account/user/ticket');
    await page.waitForURL('**/account/partner');
  });

  test('only the remote of the current page is loaded at start-up, plus notifications once signed in', async ({ page }) => {
    const visitor = trackRemotes(page);
    await page.goto('/excursion/cities');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect([...visitor]).toEqual(['catalog']);

    await signInAs(page, CUSTOMER_PHONE);
    const remotes = trackRemotes(page);
    await page.goto('/account/user/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // the realtime connection and the bell's count come from mfe-notifications; nothing of the catalog or sign-in
    await expect.poll(() => [...remotes].sort()).toEqual(['notifications', 'user-account']);
  });
});
