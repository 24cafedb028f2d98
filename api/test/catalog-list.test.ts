import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { events, excursions, favorites, users } from '../src/db/schema';
import { databaseKinds } from './helpers/database';
import { bearer, CUSTOMER_PHONE, useTestApp } from './helpers/app';

const LIST = '/api/excursion/public/excursions';
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** `YYYY-MM-DD` of the Moscow day `days` days from now, and 12:00 Moscow time that day. */
function moscowDay(days: number): { date: string; noon: Date } {
  const moscow = new Date(Date.now() + days * DAY_MS + 3 * HOUR_MS);
  const date = moscow.toISOString().slice(0, 10);
  return { date, noon: new Date(`${date}T09:00:00.000Z`) };
}

type Card = { slug: string; price: number; rating: number; id: number };
const slugs = (body: { data: { data: Card[] } }) => body.data.data.map((c) => c.slug);

for (const kind of databaseKinds()) {
  describe(`excursion list and events [${kind}]`, () => {
    const ctx = useTestApp(kind);
    const ids = new Map<string, number>();
    const farDay = moscowDay(75); // beyond the seeded 60-day calendars

    const list = async (query = '') => {
      const response = await ctx.app.inject({ method: 'GET', url: `${LIST}${query}` });
      return { status: response.statusCode, body: response.json() };
    };

    before(async () => {
      const set = async (slug: string, values: Partial<typeof excursions.$inferInsert>) => {
        const [row] = await ctx.db.update(excursions).set(values).where(eq(excursions.slug, slug)).returning();
        ids.set(slug, row!.id);
      };
      await set('serdtse-stolitsy', { price: 1500, durationMinutes: 120, languages: ['ru'], popularity: 50 });
      await set('tainy-zamoskvorechya', { durationMinutes: 180, languages: ['ru', 'en'], popularity: 40 });
      await set('moskva-s-detmi', { title: 'Москва с детьми: ёлки и сказки', price: 1200, durationMinutes: 90, popularity: 30 });
      await set('dvortsy-i-mosty', { price: 2500, durationMinutes: 240, languages: ['ru', 'en'], popularity: 20 });
      await set('vyborgskiy-zamok', { price: 1800, durationMinutes: 300, popularity: 80 });
      await ctx.db.insert(events).values([
        { excursionId: ids.get('vyborgskiy-zamok')!, startsAt: farDay.noon, capacity: 10, bookedSeats: 2 },
        // A full slot and a closed one do not count for the date filter.
        { excursionId: ids.get('dvortsy-i-mosty')!, startsAt: farDay.noon, capacity: 10, bookedSeats: 10 },
        { excursionId: ids.get('serdtse-stolitsy')!, startsAt: farDay.noon, capacity: 10, status: 'closed' },
      ]);
    });

    it('pages published excursions, most popular first', async () => {
      const { status, body } = await list('?per_page=2');
      assert.equal(status, 200);
      assert.deepEqual(slugs(body), ['vyborgskiy-zamok', 'serdtse-stolitsy']);
      assert.deepEqual({ ...body.data, data: undefined }, { data: undefined, current_page: 1, last_page: 3, per_page: 2, total: 5 });
      const card = body.data.data[0];
      assert.deepEqual(Object.keys(card).sort(), [
        'city', 'duration_minutes', 'format', 'id', 'instant_booking', 'languages', 'photo_url', 'price', 'price_type',
        'rating', 'region', 'reviews_count', 'slug', 'tags', 'title',
      ]);
      assert.deepEqual(card.city, { id: card.city.id, slug: 'vyborg', name: 'Выборг' });
      assert.match(card.photo_url, /^\/api\/media\/excursion\/vyborgskiy-zamok\/1\.svg$/);
      assert.deepEqual(slugs((await list('?per_page=2&page=3')).body), ['dvortsy-i-mosty']);
      const beyond = await list('?per_page=2&page=9');
      assert.deepEqual(beyond.body.data, { data: [], current_page: 9, last_page: 3, per_page: 2, total: 5 });
    });

    it('sorts by price and by rating', async () => {
      assert.deepEqual(slugs((await list('?sort=price_asc')).body), [
        'moskva-s-detmi', 'serdtse-stolitsy', 'vyborgskiy-zamok', 'dvortsy-i-mosty', 'tainy-zamoskvorechya',
      ]);
      assert.deepEqual(slugs((await list('?sort=price_desc')).body).slice(0, 2), ['tainy-zamoskvorechya', 'dvortsy-i-mosty']);
      const byRating = (await list('?sort=rating')).body.data.data as Card[];
      assert.deepEqual(byRating.slice(0, 2).map((c) => c.slug), ['serdtse-stolitsy', 'dvortsy-i-mosty']);
      assert.ok(byRating.every((c, i) => i === 0 || byRating[i - 1]!.rating >= c.rating));
    });

    it('filters by place and tag (unknown slugs give an empty list)', async () => {
      assert.deepEqual(slugs((await list('?country=rossiya&per_page=48')).body).length, 5);
      assert.deepEqual(slugs((await list('?region=leningradskaya-oblast')).body), ['vyborgskiy-zamok', 'dvortsy-i-mosty']);
      assert.deepEqual(slugs((await list('?region=moskva&city=moskva&tag=s-detmi')).body), ['moskva-s-detmi']);
      assert.deepEqual(slugs((await list('?city=vyborg')).body), ['vyborgskiy-zamok']);
      assert.deepEqual((await list('?country=atlantida')).body.data.total, 0);
      assert.deepEqual((await list('?tag=net-takogo')).body.data.total, 0);
    });

    it('filters by price, duration, language, format and rating', async () => {
      assert.deepEqual(slugs((await list('?price_min=1500&price_max=2000')).body), ['vyborgskiy-zamok', 'serdtse-stolitsy']);
      assert.deepEqual(slugs((await list('?duration_min=180&duration_max=240')).body), ['tainy-zamoskvorechya', 'dvortsy-i-mosty']);
      assert.deepEqual(slugs((await list('?language=en')).body), ['tainy-zamoskvorechya', 'dvortsy-i-mosty']);
      assert.deepEqual(slugs((await list('?format=individual')).body), ['tainy-zamoskvorechya']);
      assert.deepEqual(slugs((await list('?rating_min=3')).body), ['serdtse-stolitsy', 'dvortsy-i-mosty']);
      assert.deepEqual(slugs((await list('?rating_min=4.5&format=group&language=ru')).body), ['serdtse-stolitsy']);
    });

    it('filters by a day with a bookable slot (Moscow time)', async () => {
      assert.deepEqual(slugs((await list(`?date=${farDay.date}`)).body), ['vyborgskiy-zamok']);
      assert.equal((await list(`?date=${moscowDay(-3).date}`)).body.data.total, 0);
      assert.equal((await list('?date=2030-02-30')).body.data.total, 0);
    });

    it('searches titles and city names case-insensitively in Russian (ё = е)', async () => {
      assert.deepEqual(slugs((await list(`?q=${encodeURIComponent('ВЫБОРГ')}`)).body), ['vyborgskiy-zamok']);
      assert.deepEqual(slugs((await list(`?q=${encodeURIComponent('санкт')}`)).body), ['dvortsy-i-mosty']);
      assert.deepEqual(slugs((await list(`?q=${encodeURIComponent('ЕЛКИ')}`)).body), ['moskva-s-detmi']);
      assert.deepEqual(slugs((await list('?q=SERDTSE')).body), ['serdtse-stolitsy']);
      assert.equal((await list(`?q=${encodeURIComponent('_')}`)).body.data.total, 0);
      assert.equal((await list('?q=%20%20')).body.data.total, 5);
    });

    it('answers 422 for bad filters, per field', async () => {
      const cases: [string, Record<string, string[]>][] = [
        ['?per_page=49', { per_page: ['The per page field must not be greater than 48.'] }],
        ['?page=0', { page: ['The page field must be at least 1.'] }],
        ['?price_min=abc', { price_min: ['The price min field must be an integer.'] }],
        ['?format=bus', { format: ['The selected format is invalid.'] }],
        ['?sort=cheap', { sort: ['The selected sort is invalid.'] }],
        ['?rating_min=6', { rating_min: ['The rating min field must not be greater than 5.'] }],
        ['?date=tomorrow', { date: ['The date field format is invalid.'] }],
        ['?language=RU1', { language: ['The language field format is invalid.'] }],
      ];
      for (const [query, errors] of cases) {
        const { status, body } = await list(query);
        assert.equal(status, 422, query);
        assert.deepEqual(body.errors, errors, query);
      }
    });

    it('lists the bookable slots of the next 60 days with seats left and slot prices', async () => {
      const id = ids.get('serdtse-stolitsy')!;
      const soon = new Date(Date.now() + 3 * HOUR_MS);
      const [past, open, cancelled, weekend] = await ctx.db
        .insert(events)
        .values([
          { excursionId: id, startsAt: new Date(Date.now() - HOUR_MS), capacity: 12 },
          { excursionId: id, startsAt: soon, capacity: 12, bookedSeats: 5 },
          { excursionId: id, startsAt: soon, capacity: 12, status: 'cancelled' },
          { excursionId: id, startsAt: new Date(Date.now() + 4 * HOUR_MS), capacity: 12, priceOverride: 1800 },
        ])
        .returning({ id: events.id });
      const response = await ctx.app.inject({ method: 'GET', url: `/api/excursion/public/excursions/${id}/events` });
      assert.equal(response.statusCode, 200);
      const slots = response.json().data as { id: number; starts_at: string; seats_left: number; price: number; price_units: unknown }[];
      const byId = new Map(slots.map((s) => [s.id, s]));
      assert.ok(!byId.has(past!.id) && !byId.has(cancelled!.id));
      assert.equal(byId.get(open!.id)!.seats_left, 7);
      assert.deepEqual(byId.get(weekend!.id)!.price_units, [
        { code: 'adult', name: 'Взрослый', price: 1800 },
        { code: 'child', name: 'Детский', price: 1080 },
      ]);
      assert.equal(byId.get(open!.id)!.price, 1500);
      const limit = Date.now() + 60 * DAY_MS;
      assert.ok(slots.every((s) => Date.parse(s.starts_at) > Date.now() && Date.parse(s.starts_at) < limit));
      assert.ok(slots.every((s, i) => i === 0 || slots[i - 1]!.starts_at <= s.starts_at));
      assert.ok(!slots.some((s) => s.starts_at.startsWith(farDay.date)));
      const missing = await ctx.app.inject({ method: 'GET', url: '/api/excursion/public/excursions/999999/events' });
      assert.equal(missing.statusCode, 404);
      const bad = await ctx.app.inject({ method: 'GET', url: '/api/excursion/public/excursions/0/events' });
      assert.equal(bad.statusCode, 422);
    });

    it('hides unpublished excursions everywhere', async () => {
      await ctx.db.update(excursions).set({ status: 'hidden' }).where(eq(excursions.slug, 'tainy-zamoskvorechya'));
      try {
        assert.equal((await list()).body.data.total, 4);
        const detail = await ctx.app.inject({ method: 'GET', url: '/api/excursion/public/excursion/moskva/moskva/tainy-zamoskvorechya' });
        assert.equal(detail.statusCode, 404);
        const slots = await ctx.app.inject({
          method: 'GET',
          url: `/api/excursion/public/excursions/${ids.get('tainy-zamoskvorechya')}/events`,
        });
        assert.equal(slots.statusCode, 404);
      } finally {
        await ctx.db.update(excursions).set({ status: 'published' }).where(eq(excursions.slug, 'tainy-zamoskvorechya'));
      }
    });

    it('shows the favorites page as excursion cards, newest favorite first', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const customer = await ctx.db.query.users.findFirst({ where: eq(users.phone, CUSTOMER_PHONE) });
      await ctx.db.delete(favorites).where(eq(favorites.userId, customer!.id)); // the demo's own favorites
      for (const slug of ['dvortsy-i-mosty', 'vyborgskiy-zamok']) {
        const added = await ctx.app.inject({
          method: 'POST',
          url: '/api/excursion/user/favorite',
          headers: bearer(token),
          payload: { excursion_id: ids.get(slug) },
        });
        assert.equal(added.statusCode, 200);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const response = await ctx.app.inject({ method: 'GET', url: '/api/excursion/user/favorite', headers: bearer(token) });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json().data.map((c: Card) => c.slug), ['vyborgskiy-zamok', 'dvortsy-i-mosty']);
      const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/excursion/user/favorite' });
      assert.equal(anonymous.statusCode, 401);
      assert.deepEqual(anonymous.json(), { message: 'Unauthenticated.', errors: {} });
    });
  });
}
