// What crawlers are given (a part of issue 15): robots.txt and a sitemap of the public catalog, made from the
// database; every kind of address the sitemap lists opens a real page, not the 404 page; the address rules the
// server can apply are real redirects.
import { expect, test } from '../support/test';
import { SITE } from '../support/ports';

test('robots.txt and sitemap.xml: every kind of listed page opens', async ({ page, request }) => {
  test.setTimeout(90_000);
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const rules = (await robots.text()).split('\n');
  expect(rules).toEqual(expect.arrayContaining(['Disallow: /account/', 'Disallow: /*/order$', `Sitemap: ${SITE}/sitemap.xml`]));

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
  const paths = [...(await sitemap.text()).matchAll(new RegExp(`<loc>${SITE}([^<]*)</loc>`, 'g'))].map((m) => decodeURI(m[1]!));
  // the seed has hundreds of excursions and their places
  expect(paths.length).toBeGreaterThan(400);
  expect(paths.filter((p) => p.startsWith('/account') || p.endsWith('/order'))).toEqual([]);

  // one address of each kind
  const kinds: Array<[string, RegExp]> = [
    ['home', /^\/$/],
    ['doc', /^\/docs\//],
    ['blog post', /^\/blog\/./],
    ['country', /^\/country\//],
    ['region', /^\/excursion\/(?!cities$|sight\/|guides\/|reviews\/)[^/]+$/],
    ['city', /^\/excursion\/(?!sight\/|guides\/|reviews\/)[^/]+\/[^/]+$/],
    ['tag', /\/tags\//],
    ['sight', /^\/excursion\/sight\//],
    ['guide', /^\/excursion\/guides\/(?!regions\/)/],
    ['guides of a place', /^\/excursion\/guides\/regions\//],
    ['reviews of a place', /^\/excursion\/reviews\//],
    ['excursion', /^\/excursion\/(?!sight\/|guides\/|reviews\/)[^/]+\/[^/]+\/(?!tags\/)[^/]+$/],
  ];
  for (const [kind, pattern] of kinds) {
    const path = paths.find((p) => pattern.test(p));
    expect(path, `the sitemap lists a ${kind} page`).toBeTruthy();
    await page.goto(path!);
    await expect(page.getByRole('heading', { level: 1 }), `${kind}: ${path}`).toBeVisible();
    await expect(page.getByText('Неправильно набран адрес'), `${kind}: ${path}`).toHaveCount(0);
  }
});

test('capital letters and a trailing slash are real 301 redirects from the server, keeping the query', async ({ request }) => {
  for (const [from, to] of [
    ['/Excursion/Cities/?Sort=Price', '/excursion/cities?Sort=Price'],
    ['/blog/', '/blog'],
  ]) {
    const res = await request.get(from!, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(res.headers()['location'], from).toBe(to);
  }
  // a sign-in link is the page's to handle (it takes the token out of the address before any request)
  expect((await request.get('/Docs/Help?token=abc', { maxRedirects: 0 })).status()).toBe(200);
});
