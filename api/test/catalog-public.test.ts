import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { databaseKinds } from './helpers/database';
import { useTestApp } from './helpers/app';

const P = '/api/excursion/public';

for (const kind of databaseKinds()) {
  describe(`catalog pages [${kind}]`, () => {
    const ctx = useTestApp(kind);
    const get = async (url: string) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      return { status: response.statusCode, body: response.json() };
    };
    const notFound = async (url: string) => {
      const { status, body } = await get(url);
      assert.equal(status, 404, url);
      assert.deepEqual(body, { message: 'Not Found.', errors: {} }, url);
    };

    it('lists countries with their excursion counts', async () => {
      const { status, body } = await get(`${P}/countries`);
      assert.equal(status, 200);
      assert.equal(body.status, true);
      assert.deepEqual(
        body.data.map((c: { slug: string; excursions_count: number }) => [c.slug, c.excursions_count]),
        [['rossiya', 5]],
      );
    });

    it('shows a country with its regions and cities; unknown → 404', async () => {
      const { status, body } = await get(`${P}/countries/rossiya`);
      assert.equal(status, 200);
      assert.equal(body.data.name, 'Россия');
      assert.deepEqual(
        body.data.regions.map((r: { slug: string; excursions_count: number }) => [r.slug, r.excursions_count]),
        [
          ['moskva', 3],
          ['leningradskaya-oblast', 2],
        ],
      );
      assert.deepEqual(
        body.data.cities.map((c: { slug: string }) => c.slug),
        ['moskva', 'sankt-peterburg', 'vyborg'],
      );
      await notFound(`${P}/countries/atlantida`);
    });

    it('shows a region with its cities and top excursions; unknown → 404', async () => {
      const { status, body } = await get(`${P}/regions/leningradskaya-oblast`);
      assert.equal(status, 200);
      assert.deepEqual(body.data.country, { id: body.data.country.id, slug: 'rossiya', name: 'Россия' });
      assert.deepEqual(
        body.data.cities.map((c: { slug: string; excursions_count: number }) => [c.slug, c.excursions_count]),
        [
          ['sankt-peterburg', 1],
          ['vyborg', 1],
        ],
      );
      assert.equal(body.data.excursions.length, 2);
      await notFound(`${P}/regions/net-takogo`);
    });

    it('shows a city: tags with counts, sights, guides, top excursions', async () => {
      const { status, body } = await get(`${P}/cities/moskva/moskva`);
      assert.equal(status, 200);
      const page = body.data;
      assert.equal(page.city.name, 'Москва');
      assert.equal(page.city.excursions_count, 3);
      assert.equal(page.city.region.slug, 'moskva');
      assert.equal(page.tag, null);
      assert.deepEqual(
        page.tags.map((t: { slug: string; excursions_count: number }) => [t.slug, t.excursions_count]),
        [
          ['peshehodnye', 1],
          ['s-detmi', 1],
        ],
      );
      assert.deepEqual(page.sights.map((s: { slug: string }) => s.slug), ['krasnaya-ploschad']);
      assert.equal(page.sights[0].excursions_count, 1);
      assert.deepEqual(page.guides.map((g: { slug: string }) => g.slug), ['orlov-tur']);
      assert.equal(page.guides[0].excursions_count, 3);
      assert.equal(page.excursions.length, 3);
    });

    it('filters the city page by a tag; an unknown tag or city is a 404', async () => {
      const { body } = await get(`${P}/cities/moskva/moskva?tag=s-detmi`);
      assert.deepEqual(body.data.tag, { id: body.data.tag.id, slug: 's-detmi', name: 'С детьми' });
      assert.deepEqual(body.data.excursions.map((e: { slug: string }) => e.slug), ['moskva-s-detmi']);
      await notFound(`${P}/cities/moskva/moskva?tag=net-takogo`);
      await notFound(`${P}/cities/moskva/vyborg`); // a city of another region
      await notFound(`${P}/cities/moskva/net`);
    });

    it('shows an excursion page with everything the detail screen needs', async () => {
      const { status, body } = await get(`${P}/excursion/moskva/moskva/serdtse-stolitsy`);
      assert.equal(status, 200);
      const e = body.data;
      assert.equal(e.title, 'Экскурсия serdtse-stolitsy');
      assert.equal(e.photos.length, 2);
      assert.match(e.photos[0], /^\/api\/media\/excursion\/serdtse-stolitsy\/1\.svg$/);
      assert.deepEqual(e.tags.map((t: { slug: string }) => t.slug), ['peshehodnye']);
      assert.deepEqual(e.sights.map((s: { slug: string }) => s.slug), ['krasnaya-ploschad']);
      assert.equal(e.guide.slug, 'orlov-tur');
      assert.equal(e.meeting_point, 'У входа');
      assert.deepEqual(e.programme, ['Встреча', 'Прогулка']);
      assert.deepEqual(e.included, ['Услуги гида']);
      assert.deepEqual(e.excluded, ['Билеты']);
      assert.equal(e.cancellation_terms, 'Бесплатная отмена за 24 часа.');
      assert.deepEqual(e.price_units, [
        { code: 'adult', name: 'Взрослый', price: 1500 },
        { code: 'child', name: 'Детский', price: 900 },
      ]);
      // Two seeded reviews plus the demo customer's review of her completed order (12 days ago).
      assert.equal(e.reviews_count, 3);
      assert.equal(e.rating, 4.67);
      assert.deepEqual(e.reviews.map((r: { author_name: string }) => r.author_name), ['Ирина', 'Анна Смирнова', 'Павел']);
      assert.equal(e.reviews[0].reply, 'Спасибо!');
      assert.deepEqual(e.country, { id: e.country.id, slug: 'rossiya', name: 'Россия' });
    });

    it('gives a per-group excursion without price lines one group line', async () => {
      const { body } = await get(`${P}/excursion/moskva/moskva/tainy-zamoskvorechya`);
      assert.deepEqual(body.data.price_units, [{ code: 'group', name: 'Группа до 12 человек', price: 9000 }]);
      assert.equal(body.data.guide.name, 'Орлов Тур');
    });

    it('answers 404 for every unknown part of an excursion address', async () => {
      await notFound(`${P}/excursion/moskva/moskva/net-takoy`);
      await notFound(`${P}/excursion/moskva/vyborg/vyborgskiy-zamok`);
      await notFound(`${P}/excursion/net/moskva/serdtse-stolitsy`);
      await notFound(`${P}/excursion/moskva/sankt-peterburg/serdtse-stolitsy`);
    });

    it('lists popular excursions, sights and fresh reviews for the index', async () => {
      const popular = await get(`${P}/excursions/popular?limit=2`);
      assert.equal(popular.body.data.length, 2);
      const sights = await get(`${P}/sights/popular`);
      assert.deepEqual(sights.body.data.map((s: { slug: string }) => s.slug).sort(), ['ermitazh', 'krasnaya-ploschad']);
      const reviews = await get(`${P}/reviews/fresh?limit=2`);
      assert.deepEqual(reviews.body.data.map((r: { author_name: string }) => r.author_name), ['Анна', 'Ирина']);
      assert.deepEqual(Object.keys(reviews.body.data[0].excursion).sort(), ['city_slug', 'id', 'region_slug', 'slug', 'title']);
      assert.equal((await get(`${P}/excursions/popular?limit=49`)).status, 422);
      assert.equal((await get(`${P}/reviews/fresh?limit=0`)).status, 422);
    });

    it('shows a sight with the excursions visiting it; unknown → 404', async () => {
      const { status, body } = await get(`${P}/sight/ermitazh`);
      assert.equal(status, 200);
      assert.equal(body.data.name, 'Эрмитаж');
      assert.equal(body.data.city.slug, 'sankt-peterburg');
      assert.equal(body.data.region.slug, 'leningradskaya-oblast');
      assert.deepEqual(body.data.excursions.map((e: { slug: string }) => e.slug), ['dvortsy-i-mosty']);
      await notFound(`${P}/sight/net-takoy`);
      await notFound(`${P}/sight/ermitazh/lishnee`);
      await notFound(`${P}/sight/`);
    });

    it('shows a guide with bio, excursions and reviews; unknown → 404', async () => {
      const { status, body } = await get(`${P}/guides/orlov-tur`);
      assert.equal(status, 200);
      assert.equal(body.data.bio, 'Гиды.');
      assert.equal(body.data.excursions.length, 3);
      assert.equal(body.data.reviews_count, 3);
      assert.deepEqual(body.data.region, { id: body.data.region.id, slug: 'moskva', name: 'Москва' });
      await notFound(`${P}/guides/net-takogo`);
    });

    it('lists the guides of a region or of a city (multi-segment slug)', async () => {
      const region = await get(`${P}/guides/regions/leningradskaya-oblast`);
      assert.equal(region.status, 200);
      assert.equal(region.body.data.city, null);
      assert.deepEqual(region.body.data.guides.map((g: { slug: string }) => g.slug), ['olga-belova']);
      const city = await get(`${P}/guides/regions/moskva/moskva`);
      assert.equal(city.body.data.city.slug, 'moskva');
      assert.deepEqual(city.body.data.guides.map((g: { slug: string }) => g.slug), ['orlov-tur']);
      await notFound(`${P}/guides/regions/net`);
      await notFound(`${P}/guides/regions/moskva/net`);
      await notFound(`${P}/guides/regions/moskva/moskva/lishnee`);
    });

    it('lists the reviews of a region, a city and an excursion with paging', async () => {
      const region = await get(`${P}/reviews/leningradskaya-oblast`);
      assert.equal(region.status, 200);
      assert.equal(region.body.data.reviews.total, 1);
      assert.equal(region.body.data.rating, 3);
      const city = await get(`${P}/reviews/moskva/moskva?per_page=1&page=2`);
      assert.deepEqual(
        { ...city.body.data.reviews, data: city.body.data.reviews.data.map((r: { author_name: string }) => r.author_name) },
        { data: ['Анна Смирнова'], current_page: 2, last_page: 3, per_page: 1, total: 3 },
      );
      assert.equal(city.body.data.rating, 4.67);
      const excursion = await get(`${P}/reviews/moskva/moskva/serdtse-stolitsy`);
      assert.equal(excursion.body.data.excursion.slug, 'serdtse-stolitsy');
      assert.equal(excursion.body.data.reviews.total, 3);
      await notFound(`${P}/reviews/net`);
      await notFound(`${P}/reviews/moskva/moskva/net`);
      await notFound(`${P}/reviews/moskva/moskva/serdtse-stolitsy/lishnee`);
      assert.equal((await get(`${P}/reviews/moskva?per_page=100`)).status, 422);
    });

    it('pages the reviews of an excursion by id', async () => {
      const { body: detail } = await get(`${P}/excursion/moskva/moskva/serdtse-stolitsy`);
      const { status, body } = await get(`${P}/excursions/${detail.data.id}/reviews?per_page=1`);
      assert.equal(status, 200);
      assert.equal(body.data.total, 3);
      assert.equal(body.data.last_page, 3);
      await notFound(`${P}/excursions/999999/reviews`);
      assert.equal((await get(`${P}/excursions/abc/reviews`)).status, 422);
    });

    it('suggests cities and excursions case-insensitively, ё = е', async () => {
      const { status, body } = await get(`${P}/search/suggest?q=${encodeURIComponent('МОСК')}`);
      assert.equal(status, 200);
      assert.deepEqual(body.data.cities.map((c: { slug: string }) => c.slug), ['moskva']);
      const excursions = await get(`${P}/search/suggest?q=${encodeURIComponent('выборгский')}`);
      assert.deepEqual(excursions.body.data, { cities: [], places: [], excursions: [], corrected: null });
      const titles = await get(`${P}/search/suggest?q=serdtse`);
      assert.deepEqual(titles.body.data.excursions.map((e: { slug: string }) => e.slug), ['serdtse-stolitsy']);
      assert.equal(titles.body.data.excursions[0].city.slug, 'moskva');
      const wildcard = await get(`${P}/search/suggest?q=${encodeURIComponent('%')}`);
      assert.deepEqual(wildcard.body.data, { cities: [], places: [], excursions: [], corrected: null });
      const missing = await get(`${P}/search/suggest`);
      assert.equal(missing.status, 422);
      assert.deepEqual(missing.body.errors, { q: ['The q field is required.'] });
    });
    it('documents every catalog, order, payment and ticket call in the OpenAPI document', async () => {
      const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const paths = Object.keys(doc.paths);
      for (const path of [
        `${P}/countries/{slug}`,
        `${P}/cities/{region_slug}/{city_slug}`,
        `${P}/excursions`,
        `${P}/excursion/{region_slug}/{city_slug}/{excursion_slug}`,
        `${P}/excursions/{id}/events`,
        `${P}/sight/{*}`,
        `${P}/reviews/{*}`,
        `${P}/documents/{slug}`,
        '/api/excursion/user/order/{id}/cancel',
        '/api/excursion/user/order/{id}/pay',
        '/api/excursion/partner/order/{id}/confirm',
        '/api/payments/test/{payment_id}',
        '/api/excursion/user/ticket/{code}/qr',
      ]) {
        assert.ok(paths.includes(path), path);
      }
      const list = doc.paths[`${P}/excursions`].get;
      assert.deepEqual(list.tags, ['catalog']);
      assert.ok(list.parameters.some((p: { name: string }) => p.name === 'rating_min'));
      assert.deepEqual(doc.paths['/api/excursion/user/order'].post.security, [{ bearerAuth: [] }]);
    });
  });
}
