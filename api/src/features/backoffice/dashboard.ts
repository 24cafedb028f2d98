import type { Dashboard, DashboardDay, DashboardQueue } from '@excursio/shared/contracts';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderRefunds, orders, payments, supportTickets, users } from '../../db/schema';
import { moderationQueueSize } from './moderation';
import { supportQueueSize } from './support';

const DAYS = 30;
const DAY_MS = 86_400_000;
const ZONE = 'Europe/Moscow';

/** The Moscow calendar day of a moment (YYYY-MM-DD). */
export const moscowDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at);
/** Moscow midnight of a YYYY-MM-DD day, `days` later. */
export const moscowMidnight = (day: string, days = 0) => new Date(Date.parse(`${day}T00:00:00+03:00`) + days * DAY_MS);

const queue = (count: number, oldest: Date | null, now: Date): DashboardQueue => ({
  count,
  oldest_at: count > 0 && oldest ? oldest.toISOString() : null,
  oldest_age_s: count > 0 && oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : null,
});

type PerDay = Map<string, number>;
const perDay = (rows: Array<{ d: string; v: number | string | null }>): PerDay => new Map(rows.map((r) => [r.d, Number(r.v ?? 0)]));

/** Today's figures, the queues with their oldest item, and the last 30 Moscow days (orders, money, new partners). */
export async function dashboard(db: Database, now: Date): Promise<Dashboard> {
  const today = moscowDate(now);
  const since = moscowMidnight(today, -(DAYS - 1));
  const day = (column: unknown) => sql<string>`to_char(${column} at time zone ${ZONE}, 'YYYY-MM-DD')`;

  const placed = perDay(
    await db.select({ d: day(orders.createdAt), v: sql<number>`count(*)::int` }).from(orders).where(gte(orders.createdAt, since)).groupBy(sql`1`),
  );
  const paid = perDay(
    await db
      .select({ d: day(payments.paidAt), v: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
      .from(payments)
      .where(and(inArray(payments.status, ['succeeded', 'refunded']), gte(payments.paidAt, since)))
      .groupBy(sql`1`),
  );
  const refunded = perDay(
    await db
      .select({ d: day(orderRefunds.decidedAt), v: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.status, 'succeeded'), gte(orderRefunds.decidedAt, since)))
      .groupBy(sql`1`),
  );
  const partners = perDay(
    await db
      .select({ d: day(users.createdAt), v: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.userType, 'partner'), gte(users.createdAt, since)))
      .groupBy(sql`1`),
  );

  const series: DashboardDay[] = [];
  for (let i = 0; i < DAYS; i++) {
    const date = moscowDate(moscowMidnight(today, i - (DAYS - 1)));
    const paidAmount = paid.get(date) ?? 0;
    series.push({
      date,
      orders: placed.get(date) ?? 0,
      paid_amount: paidAmount,
      commission: paidAmount - (refunded.get(date) ?? 0),
      new_partners: partners.get(date) ?? 0,
    });
  }

  const moderation = await moderationQueueSize(db);
  const support = await supportQueueSize(db);
  const [refunds] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${orderRefunds.createdAt})` })
    .from(orderRefunds)
    .where(eq(orderRefunds.status, 'pending'));
  const [median] = await db
    .select({
      s: sql<number | null>`percentile_cont(0.5) within group (order by extract(epoch from ${supportTickets.firstAnsweredAt} - ${supportTickets.createdAt}))`,
    })
    .from(supportTickets)
    .where(and(gte(supportTickets.createdAt, new Date(now.getTime() - DAYS * DAY_MS)), sql`${supportTickets.firstAnsweredAt} is not null`));

  return {
    today: series[series.length - 1]!,
    queues: {
      moderation: queue(moderation.count, moderation.oldest, now),
      support: queue(support.count, support.oldest, now),
      refunds: queue(refunds?.n ?? 0, refunds?.oldest ? new Date(refunds.oldest) : null, now),
    },
    support_first_answer_median_s: median?.s === null || median?.s === undefined ? null : Math.round(Number(median.s)),
    series,
  };
}
