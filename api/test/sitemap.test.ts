import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { blogPosts, excursions } from '../src/db/schema';
import { siteOrigin, sitemapXml } from '../src/features/sitemap/sitemap';
import { databaseKinds } from './helpers/database';
import { useTestApp } from './helpers/app';

const SITEMAP = '/api/excursion/public/sitemap.xml';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

for (const kind of databaseKinds()) {
  describe(`sitemap.xml [${kind}]`, () => {
    const ctx = useTestApp(kind);
    const fetchSitemap = async (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: SITEMAP, headers });

    it('lists every public page from the database, absolute on the site, and nothing private', async () => {
      const response = await fetchSitemap({ 'x-forwarded-proto': 'http', 'x-forwarded-host': 'localhost:3000' });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^application\/xml/);
      assert.match(response.body, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
      const paths = locs(response.body).map((loc) => {
        assert.ok(loc.startsWith('http://localhost:3000/'), loc);
        return loc.slice('http://localhost:3000'.length);
      });
      for (const path of [
        '/',
        '/excursion',
        '/excursion/cities',
        '/blog',
        '/blog/kuda-poehat',
        '/docs/help',
        '/docs/oferta',
        '/country/rossiya',
        '/excursion/moskva',
        '/excursion/moskva/moskva',
        '/excursion/moskva/moskva/serdtse-stolitsy',
        '/excursion/moskva/moskva/tags/peshehodnye',
        '/excursion/sight/krasnaya-ploschad',
        '/excursion/guides/orlov-tur',
        '/excursion/guides/regions/leningradskaya-oblast/vyborg',
        '/excursion/reviews/leningradskaya-oblast/sankt-peterburg',
      ]) {
        assert.ok(paths.includes(path), `${path} is listed`);
      }
      assert.equal(new Set(paths).size, paths.length, 'each page once');
      assert.ok(!paths.some((p) => p.startsWith('/account') || p.endsWith('/order') || p.includes('?')), 'no account page, order form or query');
      // an excursion page carries the day its content last changed
      assert.match(response.body, /serdtse-stolitsy<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    });

    it('leaves out what is not public: a hidden excursion and its now empty tag, a future post', async () => {
      await ctx.db.update(excursions).set({ status: 'hidden' }).where(eq(excursions.slug, 'moskva-s-detmi'));
      await ctx.db.insert(blogPosts).values({
        slug: 'skoro',
        title: 'Скоро',
        excerpt: '',
        body: [],
        coverUrl: '/c.svg',
        publishedAt: new Date(Date.now() + 86_400_000),
      });
      const paths = locs((await fetchSitemap()).body).map((loc) => new URL(loc).pathname);
      assert.ok(!paths.includes('/excursion/moskva/moskva/moskva-s-detmi'));
      assert.ok(!paths.includes('/excursion/moskva/moskva/tags/s-detmi'));
      assert.ok(!paths.includes('/blog/skoro'));
      assert.ok(paths.includes('/excursion/moskva/moskva/tainy-zamoskvorechya'));
    });

    it('never takes a forged host into its addresses', async () => {
      const forged = await fetchSitemap({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' });
      assert.ok(locs(forged.body).every((loc) => loc.startsWith(`${ctx.config.frontendOrigins[0]}/`)));
    });
  });
}

describe('sitemap helpers', () => {
  it('escapes and encodes the addresses', () => {
    const xml = sitemapXml([{ path: '/excursion/sight/a&b/кремль', lastmod: null }], 'https://excursio.ru');
    assert.match(xml, /<loc>https:\/\/excursio.ru\/excursion\/sight\/a&amp;b\/%D0%BA%D1%80%D0%B5%D0%BC%D0%BB%D1%8C<\/loc>/);
  });

  it('takes the forwarded origin only when it is one of the site’s', () => {
    assert.equal(siteOrigin({ proto: 'https', host: 'excursio.ru' }, ['https://excursio.ru']), 'https://excursio.ru');
    assert.equal(siteOrigin({ proto: 'https', host: 'evil.example' }, ['https://excursio.ru']), 'https://excursio.ru');
    assert.equal(siteOrigin({}, ['https://excursio.ru', 'https://www.excursio.ru']), 'https://excursio.ru');
  });
});
