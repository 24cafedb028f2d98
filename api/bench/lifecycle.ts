// The lifecycle worker under load: N orders awaiting payment whose holds ran out, then one sweep.
//   npm run bench:lifecycle -w api [-- --holds 10000]     (PGlite in memory; with DATABASE_URL, also PostgreSQL)
// Prints the sweep's duration and its throughput (expired orders per second), and checks each expired once.
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { events, excursions, orderStatusHistory, orders, users } from '../src/db/schema';
import { seedDatabase } from '../src/db/seed/index';
import { sweep } from '../src/features/lifecycle/sweeps';
import { fixtureCatalog } from '../test/fixtures/catalog';
import { createTestDatabase, databaseKinds } from '../test/helpers/database';

const { values } = parseArgs({ options: { holds: { type: 'string', default: '10000' } } });
const holds = Number(values.holds);

for (const kind of databaseKinds()) {
  const database = await createTestDatabase(kind);
  const db = database.handle.db;
  try {
    await seedDatabase(db, { content: fixtureCatalog() });
    const excursion = (await db.select().from(excursions).where(eq(excursions.slug, 'serdtse-stolitsy')))[0]!;
    const customer = (await db.select().from(users).where(eq(users.userType, 'client')))[0]!;
    const past = new Date(Date.now() - 60_000);
    // one slot per 10 orders, full of their seats
    const slots = Math.ceil(holds / 10);
    await db.execute(sql`
      insert into ${events} (excursion_id, starts_at, capacity, booked_seats)
      select ${excursion.id}, now() + (g || ' minutes')::interval + interval '3 days', 10, 10 from generate_series(1, ${slots}) g`);
    const eventIds = (await db.execute(sql`select id from ${events} where booked_seats = 10 and capacity = 10 order by id`)).rows as Array<{ id: number }>;
    await db.execute(sql`
      insert into ${orders} (customer_id, partner_id, excursion_id, event_id, participants, seats, contact_name, contact_phone,
        total, prepayment, status, payment_due_at)
      select ${customer.id}, ${excursion.partnerId}, ${excursion.id}, (${sql.raw(`array[${eventIds.map((e) => e.id).join(',')}]`)})[1 + (g - 1) / 10],
        '[{"code":"adult","name":"Взрослый","price":1500,"count":1}]'::jsonb, 1, 'Анна', '79990000001', 1500, 225, 'awaiting_payment', ${past.toISOString()}::timestamptz
      from generate_series(1, ${holds}) g`);
    if (kind === 'pglite') await db.execute(sql`vacuum analyze`);
    else await db.execute(sql`analyze`);

    const started = performance.now();
    const report = await sweep({ db, broadcaster: { publish: async () => undefined } as never, config: { requestAnswerH: 24 } }, new Date());
    const ms = performance.now() - started;
    const once = (await db.execute(sql`
      select count(*)::int as n from (select order_id from ${orderStatusHistory} where status = 'expired' group by order_id having count(*) = 1) t`))
      .rows[0] as { n: number };
    const freed = (await db.execute(sql`select coalesce(sum(booked_seats), 0)::int as n from ${events} where capacity = 10 and starts_at > now() + interval '2 days'`))
      .rows[0] as { n: number };
    console.log(
      `[${kind}] ${holds} expired holds: sweep ${Math.round(ms)} ms, ${Math.round((report.holdsExpired / ms) * 1000)} jobs/s; ` +
        `expired once: ${once.n}; seats still booked on those slots: ${freed.n}`,
    );
    if (report.holdsExpired !== holds || once.n !== holds || freed.n !== 0) process.exitCode = 1;
  } finally {
    await database.dispose();
  }
}
