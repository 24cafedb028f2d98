import type { PartnerStats, PartnerStatsQuery, StatsDay } from '@excursio/shared/contracts';
import { SERVICE_TIME_ZONE } from '@excursio/shared/time';
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { excursions, excursionViews, orderStatusHistory, orders, payments } from '../../db/schema';
import { notFound } from '../../http/http-error';
import { daysBetween, periodDays } from './period';

/** The zone as a literal: a bound parameter would make `group by` differ from the select list. */
const zone = sql.raw(`'${SERVICE_TIME_ZONE}'`);
const orderDay = sql<string>`to_char((${orders.createdAt} at time zone ${zone})::date, 'YYYY-MM-DD')`;
/** Standing paid: the prepayment is paid and the order was not cancelled (its total is the guide's revenue). */
const standsPaid = sql`${orders.status} in ('confirmed', 'completed')`;
/** Was paid at some point: standing paid, or a prepayment that succeeded and was refunded on a cancellation. */
const wasPaid = sql`(${standsPaid} or exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} in ('succeeded', 'refunded')))`;

export const ANSWER_SAMPLE = 20;

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The partner's figures of a period: page views → orders → paid, revenue, prepayments, on-site money,
 * cancellations by side; per day for the charts. Orders count on the day they were placed (Moscow clock).
 */
export async function partnerStats(db: Database, partnerId: number, query: PartnerStatsQuery, now = new Date()): Promise<PartnerStats> {
  const { from, to } = periodDays(query.period ?? 'last_30_days', query, now);
  const own = eq(excursions.partnerId, partnerId);
  const choices = await db
    .select({ id: excursions.id, title: excursions.title })
    .from(excursions)
    .where(own)
    .orderBy(asc(excursions.title), asc(excursions.id));
  if (query.excursion_id && !choices.some((c) => c.id === query.excursion_id)) throw notFound();

  const orderWhere: (SQL | undefined)[] = [
    eq(orders.partnerId, partnerId),
    query.excursion_id ? eq(orders.excursionId, query.excursion_id) : undefined,
    gte(sql`(${orders.createdAt} at time zone ${zone})::date`, sql`${from}::date`),
    lte(sql`(${orders.createdAt} at time zone ${zone})::date`, sql`${to}::date`),
  ];
  const int = (expr: SQL) => sql<number>`(${expr})::int`;
  const orderRows = await db
    .select({
      day: orderDay,
      orders: int(sql`count(*)`),
      paid: int(sql`count(*) filter (where ${wasPaid})`),
      revenue: int(sql`coalesce(sum(${orders.total}) filter (where ${standsPaid}), 0)`),
      prepayments: int(sql`coalesce(sum(${orders.prepayment}) filter (where ${standsPaid}), 0)`),
      cancelledByCustomer: int(sql`count(*) filter (where ${orders.status} = 'cancelled_by_customer')`),
      cancelledByPartner: int(sql`count(*) filter (where ${orders.status} = 'cancelled_by_partner')`),
      declined: int(sql`count(*) filter (where ${orders.status} = 'declined')`),
    })
    .from(orders)
    .where(and(...orderWhere))
    .groupBy(orderDay);

  const viewRows = await db
    .select({ day: sql<string>`to_char(${excursionViews.day}, 'YYYY-MM-DD')`, views: int(sql`count(*)`) })
    .from(excursionViews)
    .innerJoin(excursions, eq(excursions.id, excursionViews.excursionId))
    .where(
      and(
        own,
        query.excursion_id ? eq(excursionViews.excursionId, query.excursion_id) : undefined,
        gte(excursionViews.day, from),
        lte(excursionViews.day, to),
      ),
    )
    .groupBy(excursionViews.day);

  const byDay = new Map<string, StatsDay>(daysBetween(from, to).map((date) => [date, { date, views: 0, orders: 0, paid: 0, revenue: 0 }]));
  const totals = {
    views: 0,
    orders: 0,
    paid: 0,
    revenue: 0,
    prepayments: 0,
    on_site: 0,
    cancelled_by_customer: 0,
    cancelled_by_partner: 0,
    declined: 0,
  };
  for (const r of orderRows) {
    const day = byDay.get(r.day);
    if (day) Object.assign(day, { orders: r.orders, paid: r.paid, revenue: r.revenue });
    totals.orders += r.orders;
    totals.paid += r.paid;
    totals.revenue += r.revenue;
    totals.prepayments += r.prepayments;
    totals.cancelled_by_customer += r.cancelledByCustomer;
    totals.cancelled_by_partner += r.cancelledByPartner;
    totals.declined += r.declined;
  }
  totals.on_site = totals.revenue - totals.prepayments;
  for (const r of viewRows) {
    const day = byDay.get(r.day);
    if (day) day.views = r.views;
    totals.views += r.views;
  }

  // The answer to a request: the partner's first step in the order's history (accepted → awaiting payment, or declined).
  const answeredAt = sql`min(${orderStatusHistory.createdAt})`;
  const answers = await db
    .select({ minutes: sql<string>`extract(epoch from (${answeredAt} - ${orders.createdAt})) / 60` })
    .from(orders)
    .innerJoin(
      orderStatusHistory,
      and(
        eq(orderStatusHistory.orderId, orders.id),
        eq(orderStatusHistory.actor, 'partner'),
        inArray(orderStatusHistory.status, ['awaiting_payment', 'declined']),
      ),
    )
    .where(and(eq(orders.partnerId, partnerId), query.excursion_id ? eq(orders.excursionId, query.excursion_id) : undefined))
    .groupBy(orders.id, orders.createdAt)
    .orderBy(desc(answeredAt))
    .limit(ANSWER_SAMPLE);
  const minutes = answers.map((a) => Math.max(0, Number(a.minutes)));
  const med = median(minutes);

  return {
    date_from: from,
    date_to: to,
    totals,
    days: [...byDay.values()],
    median_answer_minutes: med === null ? null : Math.round(med * 10) / 10,
    answered_requests: minutes.length,
    excursions: choices,
  };
}
