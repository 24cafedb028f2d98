import { expect, test } from '../support/test';
import { CUSTOMER_PHONE, PARTNER_PHONE, layoutOf, signInAs, trackRemotes } from '../support/app';
import { customerRoutes, partnerRoutes, slugPublicRoutes, STATIC_PUBLIC_ROUTES } from '../support/routes';

test.describe('public routes', () => {
  for (const [path, heading] of STATIC_PUBLIC_ROUTES) {
    test(`${path} resolves through the catalog in the default layout`, async ({ page }) => {
      const remotes = trackRemotes(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(layoutOf(page)).toHaveAttribute('data-layout', 'default');
      expect([...remotes]).toEqual(['catalog']);
    });
  }

  test('slug routes of the catalog resolve (country, region, city, tag, sight, guides, reviews, excursion, order)', async ({ page, request }) => {
    const paths = await slugPublicRoutes(request);
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
    const routes = await customerRoutes(page.request, CUSTOMER_PHONE);
    for (const [path, layout] of routes) {
      await page.goto(path);
      await expect(layoutOf(page), path).toHaveAttribute('data-layout', layout);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await expect(page.getByText('Анна Смирнова').first()).toBeVisible();
  });

  test('the partner reaches every partner route in its layout', async ({ page }) => {
    await signInAs(page, PARTNER_PHONE);
    const routes = await partnerRoutes(page.request, PARTNER_PHONE);
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
