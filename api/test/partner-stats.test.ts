import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import { events, excursionViews, orders, orderStatusHistory, payments, users, type OrderStatus } from '../src/db/schema';
import { isBot } from '../src/features/views/record';
import { median } from '../src/features/partner-stats/queries';
import { periodDays } from '../src/features/partner-stats/period';
import { CUSTOMER_PHONE, PARTNER_PHONE, STAFF_PHONE, useTestApp } from './helpers/app';
import { databaseKinds } from './helpers/database';
import { excursionIdOf, OTHER_PARTNER_PHONE } from './orders-support';
import { call } from './partner-misc-support';

const S = '/api/excursion/partner/statistics';
const DAY = 86400000;
const moscowDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(d);
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

describe('statistics periods and helpers', () => {
  it('periods on the Moscow clock', () => {
    // 2026-03-01 00:30 Moscow is still February in UTC.
    const now = new Date('2026-02-28T21:30:00Z');
    assert.deepEqual(periodDays('this_month', {}, now), { from: '2026-03-01', to: '2026-03-01' });
    assert.deepEqual(periodDays('last_month', {}, now), { from: '2026-02-01', to: '2026-02-28' });
    assert.deepEqual(periodDays('last_30_days', {}, now), { from: '2026-01-31', to: '2026-03-01' });
    assert.deepEqual(periodDays('last_90_days', {}, now), { from: '2025-12-02', to: '2026-03-01' });
    assert.deepEqual(periodDays('custom', { date_from: '2026-01-01', date_to: '2026-01-31' }, now), { from: '2026-01-01', to: '2026-01-31' });
    assert.throws(() => periodDays('custom', { date_from: '2026-01-01' }, now), /required/);
    assert.throws(() => periodDays('custom', { date_from: '2025-01-01', date_to: '2026-02-01' }, now), /366/);
  });
  it('median and bots', () => {
    assert.equal(median([]), null);
    assert.equal(median([5, 1, 3]), 3);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    for (const ua of ['Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)', 'Googlebot/2.1', 'curl/8.4.0',
      'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/120.0', 'TelegramBot (like TwitterBot)', 'facebookexternalhit/1.1', undefined]) {
      assert.equal(isBot(ua), true, String(ua));
    }
    assert.equal(isBot(BROWSER), false);
    assert.equal(isBot('Mozilla/5.0 (Windows NT 10.0) YaBrowser/24.1 Chrome/120 Safari/537.36'), false);
  });
});

for (const kind of databaseKinds()) {
  describe(`partner statistics: views, orders, money reconcile to the kopeck, answer time [${kind}]`, () => {
    const ctx = useTestApp(kind);
    let partnerId = 0;
    let customerId = 0;
    let excursionId = 0;
    let otherExcursionId = 0;

    // Orders of the partner in known states over the last 40 days (and one of another partner), with payments.
    before(async () => {
      await ctx.db.delete(excursionViews); // the demo seed's visitors: this suite counts its own
      partnerId = (await ctx.db.query.users.findFirst({ where: eq(users.phone, PARTNER_PHONE) }))!.id;
      customerId = (await ctx.db.query.users.findFirst({ where: eq(users.phone, CUSTOMER_PHONE) }))!.id;
      excursionId = await excursionIdOf(ctx, 'serdtse-stolitsy');
      otherExcursionId = await excursionIdOf(ctx, 'dvortsy-i-mosty');
      const moskvaSDetmi = await excursionIdOf(ctx, 'moskva-s-detmi');
      const plans: [number, OrderStatus, number, number, number, boolean][] = [
        // excursion, status, days ago, total, prepayment, a payment succeeded (refunded when cancelled)
        [excursionId, 'confirmed', 1, 4500, 675, true],
        [excursionId, 'completed', 3, 3900, 585, true],
        [excursionId, 'cancelled_by_customer', 5, 3000, 450, true],
        [excursionId, 'cancelled_by_partner', 6, 1500, 225, false],
        [excursionId, 'declined', 7, 2400, 360, false],
        [excursionId, 'awaiting_payment', 2, 1500, 225, false],
        [moskvaSDetmi, 'confirmed', 4, 9999, 1499, true],
        [moskvaSDetmi, 'completed', 35, 7000, 1050, true],
        [otherExcursionId, 'confirmed', 2, 8000, 1200, true],
      ];
      for (const [exc, status, daysAgo, total, prepayment, paid] of plans) {
        const [event] = await ctx.db.insert(events).values({ excursionId: exc, startsAt: new Date(Date.now() + 5 * DAY), capacity: 10 }).returning();
        const excursion = await ctx.db.query.excursions.findFirst({ where: (e, { eq: q }) => q(e.id, exc) });
        const createdAt = new Date(Date.now() - daysAgo * DAY);
        const [order] = await ctx.db
          .insert(orders)
          .values({
            customerId, partnerId: excursion!.partnerId, excursionId: exc, eventId: event!.id,
            participants: [{ code: 'adult', name: 'Взрослый', price: total, count: 1 }], seats: 1,
            contactName: 'Анна', contactPhone: '79990000001', total, prepayment, status, createdAt,
          })
          .returning();
        if (paid) {
          await ctx.db.insert(payments).values({
            orderId: order!.id, provider: 'test', amount: prepayment,
            status: status.startsWith('cancelled') ? 'refunded' : 'succeeded', paidAt: createdAt,
          });
        }
      }
    });

    it('sums the period’s orders exactly as the orders themselves add up (independent sum)', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const { status, body } = await call(ctx, 'GET', `${S}?period=last_30_days`, partner);
      assert.equal(status, 200, JSON.stringify(body));
      const stats = body.data;
      const from = moscowDay(new Date(Date.now() - 29 * DAY));
      assert.equal(stats.date_from, from);
      assert.equal(stats.days.length, 30);

      // Independently: every order of the partner, filtered and summed here.
      const all = await ctx.db.select().from(orders).where(eq(orders.partnerId, partnerId));
      const inPeriod = all.filter((o) => moscowDay(o.createdAt) >= from && moscowDay(o.createdAt) <= stats.date_to);
      const paidIds = new Set(
        (await ctx.db.select().from(payments).where(inArray(payments.status, ['succeeded', 'refunded']))).map((p) => p.orderId),
      );
      const standing = inPeriod.filter((o) => o.status === 'confirmed' || o.status === 'completed');
      const kopecks = (roubles: number) => roubles * 100;
      const expected = {
        orders: inPeriod.length,
        paid: inPeriod.filter((o) => standing.includes(o) || paidIds.has(o.id)).length,
        revenue: standing.reduce((s, o) => s + kopecks(o.total), 0) / 100,
        prepayments: standing.reduce((s, o) => s + kopecks(o.prepayment), 0) / 100,
        cancelled_by_customer: inPeriod.filter((o) => o.status === 'cancelled_by_customer').length,
        cancelled_by_partner: inPeriod.filter((o) => o.status === 'cancelled_by_partner').length,
        declined: inPeriod.filter((o) => o.status === 'declined').length,
      };
      const { views: _views, on_site, ...totals } = stats.totals;
      assert.deepEqual(totals, expected);
      assert.equal(on_site, expected.revenue - expected.prepayments);
      // The seeded demo orders are there too; the fixture rows alone: 7 orders in the window, 4 standing paid.
      assert.ok(expected.orders >= 7);
      // The days add up to the totals.
      const sum = (k: string) => stats.days.reduce((s: number, d: Record<string, number>) => s + d[k]!, 0);
      assert.deepEqual([sum('orders'), sum('paid'), sum('revenue')], [expected.orders, expected.paid, expected.revenue]);

      // One excursion: only its orders (the hand-made fixture rows of serdtse-stolitsy).
      const one = (await call(ctx, 'GET', `${S}?period=last_30_days&excursion_id=${excursionId}`, partner)).body.data.totals;
      const ofOne = inPeriod.filter((o) => o.excursionId === excursionId);
      assert.equal(one.orders, ofOne.length);
      assert.equal(one.revenue, ofOne.filter((o) => o.status === 'confirmed' || o.status === 'completed').reduce((s, o) => s + o.total, 0));
      // The 35-days-old order is in the last 90 days only.
      const ninety = (await call(ctx, 'GET', `${S}?period=last_90_days`, partner)).body.data.totals;
      assert.equal(ninety.revenue - stats.totals.revenue >= 7000, true);
    });

    it('counts views: one per visitor and day; bots and the owner not counted; another partner counted', async () => {
      const view = (visitor: string, token?: string, ua = BROWSER) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/excursion/public/excursions/${excursionId}/view`,
          headers: { 'user-agent': ua, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          payload: { visitor_id: visitor },
        });
      assert.equal((await view('visitor-aaaaaaaa')).statusCode, 204);
      assert.equal((await view('visitor-aaaaaaaa')).statusCode, 204);
      assert.equal((await view('visitor-bbbbbbbb')).statusCode, 204);
      assert.equal((await view('visitor-cccccccc', undefined, 'Mozilla/5.0 (compatible; Googlebot/2.1)')).statusCode, 204);
      assert.equal((await view('visitor-dddddddd', await ctx.tokenFor(PARTNER_PHONE))).statusCode, 204);
      assert.equal((await view('visitor-eeeeeeee', await ctx.tokenFor(OTHER_PARTNER_PHONE))).statusCode, 204);
      const rows = await ctx.db.select().from(excursionViews).where(eq(excursionViews.excursionId, excursionId));
      assert.equal(rows.length, 3);
      for (const row of rows) assert.match(row.visitorHash, /^[0-9a-f]{64}$/, 'only a hash is stored');
      assert.ok(!rows.some((r) => r.visitorHash.includes('visitor')));

      const stats = (await call(ctx, 'GET', `${S}?period=this_month`, await ctx.tokenFor(PARTNER_PHONE))).body.data;
      assert.equal(stats.totals.views, 3);
      assert.equal(stats.days.find((d: { date: string }) => d.date === moscowDay(new Date())).views, 3);

      // Bad input and unknown excursions.
      const bad = await ctx.app.inject({ method: 'POST', url: `/api/excursion/public/excursions/${excursionId}/view`, payload: { visitor_id: 'x' } });
      assert.equal(bad.statusCode, 422);
      const unknown = await ctx.app.inject({ method: 'POST', url: '/api/excursion/public/excursions/999999/view', payload: { visitor_id: 'visitor-aaaaaaaa' } });
      assert.equal(unknown.statusCode, 404);
    });

    it('the median answer time over the last 20 answered requests (the partner’s first step in each order’s history)', async () => {
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      await ctx.db.delete(orderStatusHistory).where(eq(orderStatusHistory.actor, 'partner'));
      const mine = await ctx.db.select().from(orders).where(and(eq(orders.partnerId, partnerId), eq(orders.excursionId, excursionId)));
      const minutes = [30, 90, 240];
      for (const [i, m] of minutes.entries()) {
        const order = mine[i]!;
        await ctx.db.insert(orderStatusHistory).values({
          orderId: order.id, status: i === 2 ? 'declined' : 'awaiting_payment', actor: 'partner',
          createdAt: new Date(order.createdAt.getTime() + m * 60000),
        });
        // A later step of the partner (a cancellation) does not move the answer.
        await ctx.db.insert(orderStatusHistory).values({
          orderId: order.id, status: 'awaiting_payment', actor: 'partner',
          createdAt: new Date(order.createdAt.getTime() + (m + 999) * 60000),
        });
      }
      const stats = (await call(ctx, 'GET', S, partner)).body.data;
      assert.equal(stats.median_answer_minutes, 90);
      assert.equal(stats.answered_requests, 3);
      const other = (await call(ctx, 'GET', S, await ctx.tokenFor(OTHER_PARTNER_PHONE))).body.data;
      assert.equal(other.median_answer_minutes, null);
    });

    it('another partner sees only their own; another partner’s excursion 404; customer/staff 403; bad input 422', async () => {
      const other = await ctx.tokenFor(OTHER_PARTNER_PHONE);
      const theirs = (await call(ctx, 'GET', `${S}?period=last_30_days`, other)).body.data;
      assert.equal(theirs.totals.revenue, 8000);
      assert.equal(theirs.totals.orders, 1);
      const partner = await ctx.tokenFor(PARTNER_PHONE);
      const foreign = await call(ctx, 'GET', `${S}?excursion_id=${otherExcursionId}`, partner);
      assert.deepEqual({ status: foreign.status, body: foreign.body }, { status: 404, body: { message: 'Not Found.', errors: {} } });
      for (const phone of [CUSTOMER_PHONE, STAFF_PHONE]) assert.equal((await call(ctx, 'GET', S, await ctx.tokenFor(phone))).status, 403);
      assert.equal((await call(ctx, 'GET', S)).status, 401);
      for (const query of ['period=year', 'period=custom', 'period=custom&date_from=2026-01-01', 'period=custom&date_from=2026-13-01&date_to=2026-12-01',
        'period=custom&date_from=2026-02-01&date_to=2026-01-01', 'period=custom&date_from=2024-01-01&date_to=2026-01-01', 'excursion_id=abc']) {
        const response = await call(ctx, 'GET', `${S}?${query}`, partner);
        assert.equal(response.status, 422, query);
        assert.ok(response.body.errors, query);
      }
      const custom = (await call(ctx, 'GET', `${S}?period=custom&date_from=2026-01-01&date_to=2026-01-31`, partner)).body.data;
      assert.equal(custom.days.length, 31);
    });
  });
}
