import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dayKeyIn, formatClock } from '@excursio/shared/time';
import { and, eq } from 'drizzle-orm';
import { events } from '../src/db/schema';
import { localTime } from '../src/db/seed/events';
import type { CatalogContent } from '../src/db/seed/content/index';
import { timeZoneOfRegion } from '../src/db/seed/content/geography';
import { fixtureCatalog } from './fixtures/catalog';
import { databaseKinds } from './helpers/database';
import { bearer, CUSTOMER_PHONE, useTestApp } from './helpers/app';
import { createSlot, excursionIdOf, HOUR_MS, ORDER, orderBody, postOrder } from './orders-support';

const P = '/api/excursion/public';
const DAY_MS = 24 * HOUR_MS;
const SEEDED_CLOCKS = new Set(['09:00', '10:00', '10:30', '11:00', '12:00', '13:00', '14:00', '15:30', '16:00', '18:00', '19:00']);

/** The test catalog plus a city in Tbilisi (UTC+4) and one in Kaliningrad (UTC+2). */
function zonedCatalog(): CatalogContent {
  const content = fixtureCatalog();
  const template = content.excursions.find((e) => e.slug === 'vyborgskiy-zamok')!;
  content.countries.push({ slug: 'gruziya', name: 'Грузия', description: 'Страна.' });
  content.regions.push(
    { slug: 'tbilisi', countrySlug: 'gruziya', name: 'Тбилиси', description: 'Столица.' },
    { slug: 'kaliningradskaya-oblast', countrySlug: 'rossiya', name: 'Калининградская область', description: 'Запад.' },
  );
  content.cities.push(
    { slug: 'tbilisi', regionSlug: 'tbilisi', name: 'Тбилиси', description: 'Город.', popularity: 5, timeZone: 'Asia/Tbilisi' },
    { slug: 'kaliningrad', regionSlug: 'kaliningradskaya-oblast', name: 'Калининград', description: 'Город.', popularity: 5, timeZone: 'Europe/Kaliningrad' },
  );
  content.excursions.push(
    { ...template, slug: 'staryi-tbilisi', citySlug: 'tbilisi', title: 'Старый Тбилиси' },
    { ...template, slug: 'kenigsberg', citySlug: 'kaliningrad', title: 'Кёнигсберг' },
  );
  return content;
}

const PLACES = [
  { slug: 'serdtse-stolitsy', path: 'moskva/moskva', zone: 'Europe/Moscow' },
  { slug: 'staryi-tbilisi', path: 'tbilisi/tbilisi', zone: 'Asia/Tbilisi' },
  { slug: 'kenigsberg', path: 'kaliningradskaya-oblast/kaliningrad', zone: 'Europe/Kaliningrad' },
];

describe('seeded local times', () => {
  it('puts 10:00 local at the zone’s UTC moment: Tbilisi 06:00Z, Kaliningrad 08:00Z, Moscow 07:00Z', () => {
    const now = new Date('2030-03-10T12:00:00Z');
    assert.equal(localTime(now, 1, '10:00', 'Asia/Tbilisi').toISOString(), '2030-03-11T06:00:00.000Z');
    assert.equal(localTime(now, 1, '10:00', 'Europe/Kaliningrad').toISOString(), '2030-03-11T08:00:00.000Z');
    assert.equal(localTime(now, 1, '10:00', 'Europe/Moscow').toISOString(), '2030-03-11T07:00:00.000Z');
    // 22:00Z is already the next day in Tbilisi: day 1 is the day after that one.
    assert.equal(localTime(new Date('2030-03-10T22:00:00Z'), 1, '10:00', 'Asia/Tbilisi').toISOString(), '2030-03-12T06:00:00.000Z');
  });

  it('gives every region of the seed catalog a zone: foreign ones their own, Russian ones by region', () => {
    assert.equal(timeZoneOfRegion('tbilisi'), 'Asia/Tbilisi');
    assert.equal(timeZoneOfRegion('erevan'), 'Asia/Yerevan');
    assert.equal(timeZoneOfRegion('samarkandskaya-oblast'), 'Asia/Samarkand');
    assert.equal(timeZoneOfRegion('kaliningradskaya-oblast'), 'Europe/Kaliningrad');
    assert.equal(timeZoneOfRegion('irkutskaya-oblast'), 'Asia/Irkutsk');
    assert.equal(timeZoneOfRegion('tatarstan'), 'Europe/Moscow');
  });
});

for (const kind of databaseKinds()) {
  describe(`time zones of cities [${kind}]`, () => {
    const ctx = useTestApp(kind, { content: zonedCatalog });
    const get = async (url: string, token?: string) => {
      const response = await ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
      assert.equal(response.statusCode, 200, response.body);
      return response.json().data;
    };

    it('names the city’s zone on the excursion page and its slots, which start at local clock times', async () => {
      for (const place of PLACES) {
        const detail = await get(`${P}/excursion/${place.path}/${place.slug}`);
        assert.equal(detail.time_zone, place.zone, place.slug);
        const slots: { starts_at: string; time_zone: string }[] = await get(`${P}/excursions/${detail.id}/events`);
        assert.ok(slots.length > 0, place.slug);
        for (const slot of slots) {
          assert.equal(slot.time_zone, place.zone);
          assert.ok(SEEDED_CLOCKS.has(formatClock(slot.starts_at, place.zone)), `${place.slug} ${slot.starts_at}`);
        }
      }
    });

    it('names the city’s zone in the order and in the order list', async () => {
      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const slot = await createSlot(ctx, 'staryi-tbilisi');
      const created = await postOrder(ctx, token, orderBody(await excursionIdOf(ctx, 'staryi-tbilisi'), slot));
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.equal(created.body.data.excursion.time_zone, 'Asia/Tbilisi');
      const detail = await get(`${ORDER}/${created.body.data.id}`, token);
      assert.equal(detail.excursion.time_zone, 'Asia/Tbilisi');
      const list: { id: number; excursion: { slug: string; time_zone: string } }[] = (await get(ORDER, token)).data;
      const zones = new Map(list.map((o) => [o.excursion.slug, o.excursion.time_zone]));
      assert.equal(zones.get('staryi-tbilisi'), 'Asia/Tbilisi');
      assert.equal(zones.get('serdtse-stolitsy') ?? 'Europe/Moscow', 'Europe/Moscow');
      assert.ok([...zones.values()].every((zone) => ['Asia/Tbilisi', 'Europe/Moscow'].includes(zone)));
    });

    it('filters the list by a date on the city’s clock', async () => {
      const excursionId = await excursionIdOf(ctx, 'staryi-tbilisi');
      // 00:30 in Tbilisi, 75 days ahead (past the seeded calendars): still the day before in Moscow.
      const tbilisiDay = dayKeyIn(new Date(Date.now() + 75 * DAY_MS), 'Asia/Tbilisi');
      const startsAt = new Date(`${tbilisiDay}T00:30:00+04:00`);
      const moscowDay = dayKeyIn(startsAt, 'Europe/Moscow');
      assert.notEqual(moscowDay, tbilisiDay);
      await ctx.db.insert(events).values({ excursionId, startsAt, capacity: 10, bookedSeats: 0 });
      try {
        const slugsOn = async (date: string) =>
          (await get(`${P}/excursions?city=tbilisi&date=${date}`)).data.map((c: { slug: string }) => c.slug);
        assert.deepEqual(await slugsOn(tbilisiDay), ['staryi-tbilisi']);
        assert.deepEqual(await slugsOn(moscowDay), []);
      } finally {
        await ctx.db.delete(events).where(and(eq(events.excursionId, excursionId), eq(events.startsAt, startsAt)));
      }
    });
  });
}
