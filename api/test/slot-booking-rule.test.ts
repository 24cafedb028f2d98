// Issue 24, item 5: one rule for what can be booked on a slot (the excursion page's and the order form's number, and
// what a new order is held to), and a partner warned before a slot runs at the time of another slot of the same guide.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dayKeyIn, formatClock } from '@excursio/shared/time';
import { eq } from 'drizzle-orm';
import { events, excursions } from '../src/db/schema';
import { CUSTOMER_PHONE, PARTNER_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { createSlot, excursionIdOf, HOUR_MS, orderBody, postOrder } from './orders-support';
import { call } from './partner-misc-support';

const C = '/api/excursion/partner/calendar';
const eventsOf = (id: number) => `/api/excursion/public/excursions/${id}/events`;

for (const kind of databaseKinds()) {
  describe(`what can be booked on a slot [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('an individual slot of 6 seats offers the group size (4) in the public answer, and an order is held to it', async () => {
      await ctx.db.update(excursions).set({ groupSizeMax: 4 }).where(eq(excursions.slug, 'tainy-zamoskvorechya'));
      const id = await excursionIdOf(ctx, 'tainy-zamoskvorechya');
      const wide = await createSlot(ctx, 'tainy-zamoskvorechya', { capacity: 6, startsIn: 96 * HOUR_MS });
      const narrow = await createSlot(ctx, 'tainy-zamoskvorechya', { capacity: 2, startsIn: 100 * HOUR_MS });
      const list = (await call(ctx, 'GET', eventsOf(id))).body.data as Array<{ id: number; seats_left: number; bookable: number }>;
      assert.deepEqual(list.find((e) => e.id === wide), { ...list.find((e) => e.id === wide), seats_left: 6, bookable: 4 });
      assert.equal(list.find((e) => e.id === narrow)?.bookable, 2);

      const token = await ctx.tokenFor(CUSTOMER_PHONE);
      const tooMany = await postOrder(ctx, token, orderBody(id, narrow, { participants: [{ code: 'group', count: 3 }] }));
      assert.equal(tooMany.status, 409);
      assert.match(tooMany.body.errors.event_id[0], /не осталось столько свободных мест/);
      const fits = await postOrder(ctx, token, orderBody(id, wide, { participants: [{ code: 'group', count: 4 }] }));
      assert.equal(fits.status, 201, JSON.stringify(fits.body));
      const after = (await call(ctx, 'GET', eventsOf(id))).body.data as Array<{ id: number; bookable: number }>;
      assert.equal(after.find((e) => e.id === wide)?.bookable, 0, 'an individual slot once taken offers nothing');
    });

    it('a group slot offers its free seats up to the group size', async () => {
      await ctx.db.update(excursions).set({ groupSizeMax: 10 }).where(eq(excursions.slug, 'moskva-s-detmi'));
      const id = await excursionIdOf(ctx, 'moskva-s-detmi');
      const big = await createSlot(ctx, 'moskva-s-detmi', { capacity: 30, booked: 5 });
      const few = await createSlot(ctx, 'moskva-s-detmi', { capacity: 12, booked: 9, startsIn: 80 * HOUR_MS });
      const list = (await call(ctx, 'GET', eventsOf(id))).body.data as Array<{ id: number; seats_left: number; bookable: number }>;
      assert.deepEqual(
        [big, few].map((slot) => list.find((e) => e.id === slot)).map((e) => [e?.seats_left, e?.bookable]),
        [[25, 10], [3, 3]],
      );
    });
  });

  describe(`a slot overlapping another slot of the same guide [${kind}]`, () => {
    const ctx = useTestApp(kind);

    it('is refused with a 409 naming the other slot on the city’s clock, and added once the partner says so', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const id = await excursionIdOf(ctx, 'tainy-zamoskvorechya');
      const day = dayKeyIn(new Date(Date.now() + 10 * 24 * HOUR_MS), 'Europe/Moscow');
      const add = (excursionId: number, time: string, more: object = {}) =>
        call(ctx, 'POST', `${C}/slots`, partner, { excursion_id: excursionId, date: day, time, capacity: 4, ...more });
      const first = await add(id, '02:30');
      assert.equal(first.status, 201, JSON.stringify(first.body));

      // (at night: no seeded slot of the guide runs then) the same 2-hour excursion at 02:00 would run beside 02:30–04:30
      const clash = await add(id, '02:00');
      assert.equal(clash.status, 409);
      assert.equal(clash.body.message, 'Пересекается со слотом 02:30–04:30 «Экскурсия tainy-zamoskvorechya» — всё равно добавить?');
      assert.deepEqual(clash.body.errors, { allow_overlap: [clash.body.message] });
      // another excursion of the same guide overlaps too
      const sameGuide = await add(await excursionIdOf(ctx, 'serdtse-stolitsy'), '04:00');
      assert.equal(sameGuide.status, 409);
      assert.match(sameGuide.body.message, /^Пересекается со слотом 02:30–04:30 «Экскурсия tainy-zamoskvorechya»/);
      // ending exactly when the other starts is no overlap
      assert.equal((await add(id, '00:30')).status, 201);
      assert.equal((await add(id, '02:00', { allow_overlap: true })).status, 201);
      const night = (await ctx.db.select().from(events).where(eq(events.excursionId, id)))
        .filter((s) => dayKeyIn(s.startsAt, 'Europe/Moscow') === day)
        .map((s) => formatClock(s.startsAt, 'Europe/Moscow'))
        .filter((t) => t < '05:00')
        .sort();
      assert.deepEqual(night, ['00:30', '02:00', '02:30']);
    });

    it('a schedule whose slots would run beside the guide’s other slots is asked about first, naming the first one', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const day = dayKeyIn(new Date(Date.now() + 12 * 24 * HOUR_MS), 'Europe/Moscow');
      const weekday = ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
      const slot = await call(ctx, 'POST', `${C}/slots`, partner, {
        excursion_id: await excursionIdOf(ctx, 'tainy-zamoskvorechya'),
        date: day,
        time: '01:30',
        capacity: 4,
      });
      assert.equal(slot.status, 201, JSON.stringify(slot.body));
      const other = await excursionIdOf(ctx, 'serdtse-stolitsy');
      const schedule = (time: string, more: object = {}) =>
        call(ctx, 'POST', `${C}/schedules`, partner, { excursion_id: other, weekdays: [weekday], times: [time], valid_from: day, valid_to: day, capacity: 5, ...more });

      const clash = await schedule('02:00');
      assert.equal(clash.status, 409, JSON.stringify(clash.body));
      assert.match(clash.body.message, /^Расписание пересекается со слотами гида: \d+ [а-я]+(,| в) 02:00 — слот 01:30–03:30 «Экскурсия tainy-zamoskvorechya» — всё равно сохранить\?$/);
      assert.deepEqual(clash.body.errors, { allow_overlap: [clash.body.message] });
      const rulesBefore = (await call(ctx, 'GET', `${C}/schedules?excursion_id=${other}`, partner)).body.data.rules as unknown[];
      assert.equal(rulesBefore.length, 0, 'nothing saved while the partner has not answered');

      // a time when the other slot has ended is no overlap; the asked-about one is saved once the partner says so
      assert.equal((await schedule('03:30')).status, 201);
      const anyway = await schedule('02:00', { allow_overlap: true });
      assert.equal(anyway.status, 201, JSON.stringify(anyway.body));
      const made = (await ctx.db.select().from(events).where(eq(events.excursionId, other)))
        .filter((s) => dayKeyIn(s.startsAt, 'Europe/Moscow') === day)
        .map((s) => formatClock(s.startsAt, 'Europe/Moscow'))
        .filter((t) => t < '05:00')
        .sort();
      assert.deepEqual(made, ['02:00', '03:30']);
    });
  });
}
