import type { PartnerOrderDetail, PartnerOrderList, PartnerOrderListQuery } from '@excursio/shared/contracts';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions, orders } from '../../db/schema';
import { orderDetail, paidAmount } from '../orders/read';
import { selectOrdersWithPlace } from '../orders/orderPlace';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** «+7 999 ***-**-01»: the country and operator code and the last two digits, until the prepayment is paid. */
export function maskedPhone(digits: string): string {
  if (digits.length < 6) return '***';
  const head = digits.startsWith('7') && digits.length === 11 ? `+7 ${digits.slice(1, 4)}` : `+${digits.slice(0, 3)}`;
  return `${head} ***-**-${digits.slice(-2)}`;
}

/** The slot's day on its city's clock, compared as text ('YYYY-MM-DD'). */
const slotDay = sql`to_char(${events.startsAt} at time zone ${cities.timeZone}, 'YYYY-MM-DD')`;

/** The partner's orders: requests awaiting an answer first (earliest deadline first), then by the slot, latest first. */
export async function partnerOrders(db: Database, partnerId: number, query: PartnerOrderListQuery): Promise<PartnerOrderList> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 20;
  const filters: (SQL | undefined)[] = [eq(orders.partnerId, partnerId)];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.excursion_id) filters.push(eq(orders.excursionId, query.excursion_id));
  if (query.date_from) filters.push(sql`${slotDay} >= ${query.date_from}`);
  if (query.date_to) filters.push(sql`${slotDay} <= ${query.date_to}`);
  const q = query.q?.trim().replace(/^№/, '');
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(/^\d{1,9}$/.test(q) ? or(eq(orders.id, Number(q)), ilike(orders.contactName, pattern)) : ilike(orders.contactName, pattern));
  }
  const where = and(...filters);
  const awaitingFirst = sql`case when ${orders.status} = 'awaiting_confirmation' then 0 else 1 end`;
  const [rows, [total], [awaiting], choices] = await Promise.all([
    selectOrdersWithPlace(db, {
      order: orders,
      excursion: { id: excursions.id, title: excursions.title, time_zone: cities.timeZone },
      startsAt: events.startsAt,
    })
      .where(where)
      .orderBy(asc(awaitingFirst), asc(orders.respondBy), desc(events.startsAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    selectOrdersWithPlace(db, { n: count() })
      .where(where),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.partnerId, partnerId), eq(orders.status, 'awaiting_confirmation'))),
    db
      .select({ id: excursions.id, title: excursions.title })
      .from(excursions)
      .where(eq(excursions.partnerId, partnerId))
      .orderBy(asc(excursions.title)),
  ]);
  const n = total?.n ?? 0;
  return {
    data: rows.map(({ order, excursion, startsAt }) => ({
      id: order.id,
      status: order.status,
      created_at: order.createdAt.toISOString(),
      respond_by: iso(order.respondBy),
      payment_due_at: iso(order.paymentDueAt),
      excursion,
      event: { id: order.eventId, starts_at: startsAt.toISOString() },
      customer_name: order.contactName,
      seats: order.seats,
      total: order.total,
      prepayment: order.prepayment,
    })),
    current_page: page,
    last_page: Math.max(1, Math.ceil(n / perPage)),
    per_page: perPage,
    total: n,
    awaiting_answer: awaiting?.n ?? 0,
    excursions: choices,
  };
}

/** One order of the partner (another partner's: 404), the customer's phone masked until the prepayment is paid. */
export async function partnerOrder(db: Database, partnerId: number, orderId: number, now: Date): Promise<PartnerOrderDetail> {
  const detail = await orderDetail(db, and(eq(orders.id, orderId), eq(orders.partnerId, partnerId))!, now);
  const paid = (await paidAmount(db, orderId)) > 0 || detail.status === 'confirmed' || detail.status === 'completed' || detail.status === 'no_show';
  return {
    ...detail,
    contact_phone: paid ? detail.contact_phone : maskedPhone(detail.contact_phone),
    contact_hidden: !paid,
    // the customer's cancellation terms are theirs; the partner's page shows its own actions
    cancellation: { allowed: false, refund_percent: 0, refund_amount: 0 },
  };
}
