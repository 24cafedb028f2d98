import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { seedDatabase } from '../src/db/seed/index';
import { chatMessages, events, excursions, orders, reviews, tickets, users } from '../src/db/schema';
import { databaseKinds } from './helpers/database';
import { bearer, CUSTOMER_PHONE, PARTNER_PHONE, STAFF_PHONE, useTestApp } from './helpers/app';

const DAY_MS = 24 * 60 * 60 * 1000;

for (const kind of databaseKinds()) {
  describe(`migrations and the full seed [${kind}]`, () => {
    const ctx = useTestApp(kind, { seed: 'full' });

    it('seeds the whole catalog', () => {
      assert.ok(ctx.seed?.seeded);
      const counts = ctx.seed.counts;
      assert.ok(counts.countries! >= 3, `countries: ${counts.countries}`);
      assert.ok(counts.regions! >= 10, `regions: ${counts.regions}`);
      assert.ok(counts.cities! >= 40, `cities: ${counts.cities}`);
      assert.ok(counts.excursions! >= 300, `excursions: ${counts.excursions}`);
      assert.equal(counts.documents, 9);
      assert.ok(counts.reviews! > 0 && counts.blog_posts! > 0 && counts.sights! > 0 && counts.guides! > 0);
      console.log(`seed [${kind}]: ${ctx.seed.ms} ms`, JSON.stringify(counts));
    });

    it('lays out events over the next 60 days within capacity', async () => {
      const now = Date.now();
      const upcoming = await ctx.db.$count(
        events,
        and(gte(events.startsAt, new Date(now)), lt(events.startsAt, new Date(now + 61 * DAY_MS))),
      );
      assert.ok(upcoming >= 1000, `upcoming events: ${upcoming}`);
      const beyond = await ctx.db.$count(events, gte(events.startsAt, new Date(now + 62 * DAY_MS)));
      assert.equal(beyond, 0);
      const overbooked = await ctx.db.$count(events, sql`${events.bookedSeats} > ${events.capacity}`);
      assert.equal(overbooked, 0);
      const withoutEvents = await ctx.db.$count(
        excursions,
        sql`not exists (select 1 from ${events} where ${events.excursionId} = ${excursions.id})`,
      );
      assert.equal(withoutEvents, 0);
    });

    it('computes ratings from the reviews', async () => {
      const reviewed = sql`(select count(*) from ${reviews} where ${reviews.excursionId} = ${excursions.id})`;
      const average = sql`(select avg(${reviews.rating}) from ${reviews} where ${reviews.excursionId} = ${excursions.id})`;
      const wrong = await ctx.db.$count(
        excursions,
        sql`${excursions.reviewsCount} <> ${reviewed} or (${excursions.reviewsCount} > 0 and abs(${excursions.rating} - ${average}) > 0.01)`,
      );
      assert.equal(wrong, 0);
      const rated = await ctx.db.$count(excursions, sql`${excursions.reviewsCount} > 0 and ${excursions.rating} > 0`);
      assert.ok(rated > 0);
    });

    it('creates the demo customer and partner with orders, tickets and chats', async () => {
      const customer = await ctx.db.query.users.findFirst({ where: eq(users.phone, CUSTOMER_PHONE) });
      const partner = await ctx.db.query.users.findFirst({ where: eq(users.phone, PARTNER_PHONE) });
      assert.equal(customer?.name, 'Анна Смирнова');
      assert.equal(customer?.userType, 'client');
      assert.equal(partner?.name, 'Михаил Орлов');
      assert.equal(partner?.userType, 'partner');
      const demoOrders = await ctx.db.select().from(orders).where(eq(orders.customerId, customer!.id));
      assert.deepEqual(
        demoOrders.map((o) => o.status).sort(),
        ['awaiting_confirmation', 'cancelled_by_customer', 'completed', 'confirmed'],
      );
      assert.ok(demoOrders.every((o) => o.partnerId === partner!.id));
      const confirmed = demoOrders.find((o) => o.status === 'confirmed')!;
      assert.ok((await ctx.db.$count(tickets, eq(tickets.orderId, confirmed.id))) >= 1);
      const chats = await ctx.db.select().from(chatMessages);
      assert.equal(new Set(chats.map((m) => m.orderId)).size, 2);
      assert.deepEqual([...new Set(chats.map((m) => m.senderType))].sort(), ['client', 'partner']);
      assert.ok(ctx.seed!.counts.notifications! >= 4 && ctx.seed!.counts.favorites! >= 2);
    });

    it('creates the staff account, which owns no orders', async () => {
      const [staff] = await ctx.db.select().from(users).where(eq(users.phone, STAFF_PHONE));
      assert.equal(staff?.userType, 'staff');
      const headers = bearer(await ctx.tokenFor(STAFF_PHONE));
      const profile = await ctx.app.inject({ method: 'GET', url: '/api/excursion/partner/profile', headers });
      assert.equal(profile.statusCode, 200);
      assert.equal(profile.json().data.user_type, 'staff');
      const orders = await ctx.app.inject({ method: 'GET', url: '/api/excursion/user/order', headers });
      assert.equal(orders.statusCode, 200);
      assert.equal(orders.json().data.total, 0);
    });

    it('does nothing when the catalog exists', async () => {
      const again = await seedDatabase(ctx.db);
      assert.equal(again.seeded, false);
      assert.deepEqual(again.counts, ctx.seed!.counts);
    });

    it('never lets bookings exceed an event capacity', async () => {
      const [event] = await ctx.db.select().from(events).limit(1);
      await assert.rejects(
        ctx.db.update(events).set({ bookedSeats: event!.capacity + 1 }).where(eq(events.id, event!.id)),
      );
    });
  });
}
