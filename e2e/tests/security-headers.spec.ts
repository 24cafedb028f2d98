// Issue 16, findings 6 and 7: the shell's pages and the remotes send the security headers, the site still loads every
// remote with no CSP violation, and a `?token=` sign-in link never leaks its token in a request made by the page.
import { expect, test, type APIRequestContext, type Page, type Request } from '../support/test';
import { CUSTOMER_PHONE, PARTNER_PHONE, devToken, signInAs, trackRemotes } from '../support/app';
import { local, SITE } from '../support/ports';

const PUBLIC = '/api/excursion/public';

interface Card {
  slug: string;
  city: { slug: string };
  region: { slug: string };
}

async function aCard(request: APIRequestContext): Promise<Card> {
  const list = (await (await request.get(`${PUBLIC}/excursions?format=group&per_page=12`)).json()) as { data: { data: Card[] } };
  const card = list.data.data[0];
  if (!card) throw new Error('no excursion in the seed');
  return card;
}

/** Every CSP violation the page reports, as the console shows it and as a `securitypolicyviolation` event. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy|CSP violation|Refused to (load|execute|apply|connect|frame)/i.test(text)) violations.push(text);
  });
  return violations;
}

test('the pages (/, a city, an account page) carry the CSP and the security headers', async ({ request }) => {
  const card = await aCard(request);
  for (const path of ['/', `/excursion/${card.region.slug}/${card.city.slug}`, '/account/user', '/account/user/notification']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const headers = res.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(new RegExp(`script-src 'self' ${local(3001)} .*'sha256-[A-Za-z0-9+/=]+'`));
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=(), microphone=(), geolocation=()');
    // development stack: no HSTS (production only)
    expect(headers['strict-transport-security']).toBeUndefined();
  }
  for (const base of [3001, 3002, 3003, 3004, 3005, 3006]) {
    const res = await request.get(`${local(base)}/remoteEntry.js`, { headers: { Origin: SITE } });
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(headers['access-control-allow-origin']).toBe(SITE);
  }
});

test('a page cannot be framed by another site (and the CSP watch used below does see violations)', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.setContent(`<iframe src="${SITE}/" style="width:800px;height:600px"></iframe>`);
  await expect.poll(() => violations.join('\n')).toContain("frame-ancestors 'none'");
  // the frame stays empty (blocked by frame-ancestors / X-Frame-Options)
  expect(await page.frames()[1]?.locator('#root').count().catch(() => 0)).toBe(0);
});

test('every remote loads with no CSP violation: home, city, excursion, order, account and notifications', async ({ page }) => {
  const violations = await watchCsp(page);
  const remotes = trackRemotes(page);
  const card = await aCard(page.request);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(`/excursion/${card.region.slug}/${card.city.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('dialog', { name: 'Вход в Excursio' })).toBeVisible();

  await signInAs(page, CUSTOMER_PHONE);
  await expect(page.getByText('Анна Смирнова').first()).toBeVisible();
  await page.goto(`/excursion/${card.region.slug}/${card.city.slug}/${card.slug}`);
  const booking = page.getByRole('region', { name: 'Бронирование' });
  await booking.locator('.cat-cal__time:not([disabled])').first().click();
  await booking.getByRole('link', { name: 'Забронировать' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Оформление заказа');
  await page.goto('/account/user/notification');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/account/user/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect([...remotes].sort()).toEqual(['auth', 'catalog', 'notifications', 'user-account']);
  expect(violations).toEqual([]);
});

test('the partner account loads with no CSP violation', async ({ page }) => {
  const violations = await watchCsp(page);
  const remotes = trackRemotes(page);
  await signInAs(page, PARTNER_PHONE);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(remotes.has('partner-account')).toBe(true);
  expect(violations).toEqual([]);
});

for (const landing of ['/', '/docs/help', '/account/user/profile']) {
  test(`a ?token= link on ${landing} leaves the address before any request: no token in a Referer or URL`, async ({ page }) => {
    const token = await devToken(page.request, CUSTOMER_PHONE);
    const violations = await watchCsp(page);
    const first = `${SITE}${landing}?token=${token}`;
    const seen: Array<Promise<{ url: string; referer: string }>> = [];
    page.on('request', (req: Request) => {
      seen.push(req.allHeaders().then((h) => ({ url: req.url(), referer: h.referer ?? '' })));
    });
    await page.goto(first);
    await page.waitForURL('**/account/user');
    await expect(page.getByText('Анна Смирнова').first()).toBeVisible();
    await page.waitForLoadState('networkidle');

    const requests = await Promise.all(seen);
    expect(requests[0]?.url).toBe(first);
    const rest = requests.slice(1);
    expect(rest.length).toBeGreaterThan(5);
    const leaks = rest.filter((r) => r.url.includes(token) || /token=/.test(r.url) || r.referer.includes(token) || /token=/.test(r.referer));
    expect(leaks).toEqual([]);
    expect(page.url()).not.toContain('token');
    expect(violations).toEqual([]);
  });
}
