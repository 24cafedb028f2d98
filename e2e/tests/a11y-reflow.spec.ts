// Issue 17: text reflows at 320 CSS px (WCAG 1.4.10: what 400 % zoom of a 1280 px window gives, so 200 % is covered
// too) without scrolling sideways, on every route as visitor, customer and partner; motion stops for those who ask.
import { expect, test, type Page } from '../support/test';
import { CUSTOMER_PHONE, PARTNER_PHONE, signInAs } from '../support/app';
import { customerRoutes, partnerRoutes, slugPublicRoutes, STATIC_PUBLIC_ROUTES } from '../support/routes';

async function overflowAt(page: Page, route: string): Promise<number> {
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function wideRoutes(page: Page, routes: string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const route of routes) {
    const overflow = await overflowAt(page, route);
    if (overflow > 0) wide.push(`${route}: ${overflow}px`);
  }
  return wide;
}

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('no public page scrolls sideways', async ({ page, request }) => {
    test.setTimeout(120_000);
    const routes = [...STATIC_PUBLIC_ROUTES.map(([p]) => p), ...(await slugPublicRoutes(request))];
    expect(await wideRoutes(page, routes)).toEqual([]);
  });

  test('no customer page scrolls sideways', async ({ page }) => {
    test.setTimeout(90_000);
    await signInAs(page, CUSTOMER_PHONE);
    const routes = (await customerRoutes(page.request, CUSTOMER_PHONE)).map(([p]) => p);
    expect(await wideRoutes(page, routes)).toEqual([]);
  });

  test('no partner page scrolls sideways', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, PARTNER_PHONE);
    const routes = (await partnerRoutes(page.request, PARTNER_PHONE)).map(([p]) => p);
    expect(await wideRoutes(page, routes)).toEqual([]);
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('animations and transitions become instant', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const timings = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.animation = 'x 2s infinite';
      probe.style.transition = 'opacity 1s';
      document.body.append(probe);
      const style = getComputedStyle(probe);
      const result = { animation: style.animationDuration, iterations: style.animationIterationCount, transition: style.transitionDuration };
      probe.remove();
      return result;
    });
    expect(timings).toEqual({ animation: '1e-05s', iterations: '1', transition: '1e-05s' });
  });
});
