import type { RefundStatus, StaffOrder, StaffOrderListItem, StaffOrderListQuery, StaffRefund } from '@excursio/shared/contracts';
import { aliasedTable, and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  chatMessages,
  cities,
  events,
  excursions,
  orderRefunds,
  orders,
  orderStatusHistory,
  payments,
  supportTickets,
  tickets,
  users,
} from '../../db/schema';
import { notFound } from '../../http/http-error';
import { offsetOf, pageOf, pageRequest, type Page } from '../../http/pagination';
import { audit } from './audit';
import type { StaffActor } from './staff';

/** The back office's orders: search, the whole order, its chat (read-only, audited). */

const customer = aliasedTable(users, 'customer');
const partner = aliasedTable(users, 'partner');

/** Paid online and not refunded (refunds that went through). */
const paidSql = sql<number>`(
  coalesce((select sum(${payments.amount}) from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} in ('succeeded', 'refunded')), 0)
  - coalesce((select sum(${orderRefunds.amount}) from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id} and ${orderRefunds.status} = 'succeeded'), 0)
)::int`;

const listSelect = {
  id: orders.id,
  status: orders.status,
  createdAt: orders.createdAt,
  startsAt: events.startsAt,
  timeZone: cities.timeZone,
  excursionId: excursions.id,
  title: excursions.title,
  customerId: customer.id,
  customerName: customer.name,
  customerPhone: customer.phone,
  partnerId: partner.id,
  partnerName: partner.name,
  partnerPhone: partner.phone,
  contactName: orders.contactName,
  contactPhone: orders.contactPhone,
  seats: orders.seats,
  total: orders.total,
  prepayment: orders.prepayment,
  paid: paidSql,
};

function joined(db: Database) {
  return db
    .select(listSelect)
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(excursions, eq(excursions.id, orders.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .innerJoin(customer, eq(customer.id, orders.customerId))
    .innerJoin(partner, eq(partner.id, orders.partnerId));
}

interface ListRow {
  id: number;
  status: StaffOrderListItem['status'];
  createdAt: Date;
  startsAt: Date;
  timeZone: string;
  excursionId: number;
  title: string;
  customerId: number;
  customerName: string;
  customerPhone: string;
  partnerId: number;
  partnerName: string;
  partnerPhone: string;
  contactName: string;
  contactPhone: string;
  seats: number;
  total: number;
  prepayment: number;
  paid: number;
}

const toItem = (r: ListRow): StaffOrderListItem => ({
  id: r.id,
  status: r.status,
  created_at: r.createdAt.toISOString(),
  starts_at: r.startsAt.toISOString(),
  time_zone: r.timeZone,
  excursion: { id: r.excursionId, title: r.title },
  customer: { id: r.customerId, name: r.customerName },
  partner: { id: r.partnerId, name: r.partnerName },
  contact_name: r.contactName,
  contact_phone: r.contactPhone,
  seats: r.seats,
  total: r.total,
  prepayment: r.prepayment,
  paid: Number(r.paid),
});

/** What `q` means: an order number, a phone (its digits), or words of a name, a title, a partner. */
function search(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const digits = text.replace(/\D/g, '');
  const conditions: SQL[] = [];
  if (/^№?\s*\d{1,9}$/.test(text)) conditions.push(eq(orders.id, Number(digits)));
  if (digits.length >= 5 && /^[\d\s()+-]+$/.test(text)) {
    conditions.push(sql`${orders.contactPhone} like ${`%${digits}%`}`, sql`${customer.phone} like ${`%${digits}%`}`);
  }
  if (/\p{L}/u.test(text)) {
    const words = `%${text.replace(/[%_\\]/g, '')}%`;
    conditions.push(ilike(customer.name, words), ilike(orders.contactName, words), ilike(excursions.title, words), ilike(partner.name, words));
  }
  return conditions.length ? or(...conditions) : sql`false`;
}

export async function staffOrderPage(db: Database, query: StaffOrderListQuery): Promise<Page<StaffOrderListItem>> {
  const request = pageRequest(query, 20);
  const where = and(search(query.q), query.status ? eq(orders.status, query.status) : undefined);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(excursions, eq(excursions.id, orders.excursionId))
    .innerJoin(customer, eq(customer.id, orders.customerId))
    .innerJoin(partner, eq(partner.id, orders.partnerId))
    .where(where);
  const total = counted?.n ?? 0;
  const rows = (total > offsetOf(request)
    ? await joined(db).where(where).orderBy(desc(orders.id)).limit(request.perPage).offset(offsetOf(request))
    : []) as unknown as ListRow[];
  return pageOf(rows.map(toItem), total, request);
}

const staffName = aliasedTable(users, 'requested');
const deciderName = aliasedTable(users, 'decider');

/** Refunds (of one order, or by status), newest first. */
export async function refundRows(db: Database, where: SQL | undefined, limit = 200, offset = 0): Promise<StaffRefund[]> {
  const rows = await db
    .select({ r: orderRefunds, requestedName: staffName.name, decidedName: deciderName.name })
    .from(orderRefunds)
    .leftJoin(staffName, eq(staffName.id, orderRefunds.requestedBy))
    .leftJoin(deciderName, eq(deciderName.id, orderRefunds.decidedBy))
    .where(where)
    .orderBy(desc(orderRefunds.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ r, requestedName, decidedName }) => ({
    id: r.id,
    order_id: r.orderId,
    payment_id: r.paymentId,
    provider: r.provider,
    external_id: r.externalId,
    amount: r.amount,
    status: r.status as RefundStatus,
    reason: r.reason,
    requested_by: r.requestedBy !== null && requestedName !== null ? { id: r.requestedBy, name: requestedName } : null,
    decided_by: r.decidedBy !== null && decidedName !== null ? { id: r.decidedBy, name: decidedName } : null,
    created_at: r.createdAt.toISOString(),
    decided_at: r.decidedAt?.toISOString() ?? null,
  }));
}

export const ACTIVE: readonly StaffOrder['status'][] = ['awaiting_confirmation', 'awaiting_payment', 'confirmed'];

export async function staffOrder(db: Database, id: number): Promise<StaffOrder> {
  const [row] = (await joined(db).where(eq(orders.id, id))) as unknown as ListRow[];
  if (!row) throw notFound();
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  const paymentRows = await db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.id));
  const refunds = await refundRows(db, eq(orderRefunds.orderId, id));
  const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)).orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
  const ticketRows = await db.select().from(tickets).where(eq(tickets.orderId, id)).orderBy(asc(tickets.id));
  const support = await db.select().from(supportTickets).where(eq(supportTickets.orderId, id)).orderBy(desc(supportTickets.id));
  const [chat] = await db.select({ n: sql<number>`count(*)::int` }).from(chatMessages).where(eq(chatMessages.orderId, id));
  const pending = refunds.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amount, 0);
  const refundable = Math.max(0, Number(row.paid) - pending);
  const active = ACTIVE.includes(row.status);
  return {
    ...toItem(row),
    customer: { id: row.customerId, name: row.customerName, phone: row.customerPhone },
    partner: { id: row.partnerId, name: row.partnerName, phone: row.partnerPhone },
    comment: order!.comment,
    participants: order!.participants,
    refund_amount: order!.refundAmount,
    payment_due_at: order!.status === 'awaiting_payment' ? (order!.paymentDueAt?.toISOString() ?? null) : null,
    payments: paymentRows.map((p) => ({
      id: p.id,
      provider: p.provider,
      external_id: p.externalId,
      amount: p.amount,
      status: p.status,
      created_at: p.createdAt.toISOString(),
      paid_at: p.paidAt?.toISOString() ?? null,
    })),
    refunds,
    history: history.map((h) => ({ status: h.status, actor: h.actor, reason: h.reason, at: h.createdAt.toISOString() })),
    tickets: ticketRows.map((t) => ({ id: t.id, code: t.code, status: t.status })),
    support_tickets: support.map((s) => ({ id: s.id, subject: s.subject, status: s.status, created_at: s.createdAt.toISOString() })),
    refundable,
    chat_messages_count: chat?.n ?? 0,
    actions: {
      cancel: active,
      refund: refundable > 0,
      resend_tickets: ['confirmed', 'completed'].includes(row.status) && ticketRows.some((t) => t.status === 'active'),
      extend_hold: row.status === 'awaiting_payment',
    },
  };
}

/** The order's chat as stored (staff see it unmasked); reading it is written to the audit log. */
export async function staffOrderChat(tx: Database, actor: StaffActor, orderId: number) {
  const [order] = await tx.select({ id: orders.id, customerId: orders.customerId, partnerId: orders.partnerId }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound();
  const rows = await tx
    .select({ id: chatMessages.id, senderType: chatMessages.senderType, name: users.name, text: chatMessages.text, createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.senderId))
    .where(eq(chatMessages.orderId, orderId))
    .orderBy(asc(chatMessages.id));
  await audit(tx, actor, { action: 'order.chat_opened', entityType: 'order', entityId: orderId, after: { messages: rows.length } });
  return {
    order_id: orderId,
    messages: rows.map((m) => ({
      id: m.id,
      sender: m.senderType === 'partner' ? ('partner' as const) : ('client' as const),
      sender_name: m.name,
      text: m.text,
      created_at: m.createdAt.toISOString(),
    })),
  };
}

/** Pending refunds and the oldest (the dashboard's queue is computed there; this is for the list). */
export const pendingRefunds = (status: RefundStatus) => inArray(orderRefunds.status, [status]);
