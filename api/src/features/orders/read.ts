import { orderHistory } from './history';
import type { OrderDetail, OrderListItem, OrderListQuery } from '@excursio/shared/contracts';
import { and, asc, desc, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions, guides, orders, partnerProfiles, payments, regions, tickets } from '../../db/schema';
import { notFound } from '../../http/http-error';
import { firstPhoto } from '../catalog/cards';
import { offsetOf, pageOf, pageRequest, type Page } from '../../http/pagination';
import { cancellation } from './refund';
import { gatheringOf } from './gathering';
import { alternativesFor, WITH_ALTERNATIVES } from './alternatives';
import { bookableSeats, type SeatsExcursion } from './seats';
import { receiptAddress } from '../payments/mails';
import { pendingProposal, pendingReschedule } from '../reschedule/pending';
import { selectOrdersWithPlace } from './orderPlace';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function orderSelect(db: Database) {
  return selectOrdersWithPlace(db, {
    order: orders,
    excursion: {
      id: excursions.id,
      slug: excursions.slug,
      title: excursions.title,
      photo_url: firstPhoto,
      city_slug: cities.slug,
      city_name: cities.name,
      region_slug: regions.slug,
      time_zone: cities.timeZone,
      meeting_point: excursions.meetingPoint,
      duration_minutes: excursions.durationMinutes,
      format: excursions.format,
      price_type: excursions.priceType,
      cancellation_terms: excursions.cancellationTerms,
    },
    event: { id: events.id, startsAt: events.startsAt },
    guide: { slug: guides.slug, name: guides.name, photo_url: guides.photoUrl },
  })
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .leftJoin(guides, eq(guides.id, excursions.guideId));
}

/** The latest payment of an order: the succeeded one when there is one. */
async function paymentOf(db: Database, orderId: number) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(sql`(${payments.status} in ('succeeded', 'refunded')) desc`, desc(payments.id))
    .limit(1);
  return payment ?? null;
}

/** The guide's contacts for a paid order: the partner's contact phone and e-mail (the account's phone if none given). */
/**
 * The phone the partner gives travellers for the day (traveller_phone); null without one. Never the contacts for the
 * service nor the account's sign-in phone: the profile page promises those stay with the partner.
 */
async function guideContact(db: Database, partnerId: number): Promise<{ phone: string } | null> {
  const [row] = await db
    .select({ phone: partnerProfiles.travellerPhone })
    .from(partnerProfiles)
    .where(eq(partnerProfiles.userId, partnerId));
  return row?.phone ? { phone: row.phone } : null;
}

/** The paid prepayment of an order (0 when nothing has been paid). */
export async function paidAmount(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .select({ paid: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
  return row?.paid ?? 0;
}

/** One order of the customer (or of the partner), or a 404: another account's order is never shown. */
export async function orderDetail(db: Database, where: SQL, now: Date): Promise<OrderDetail> {
  const [row] = await orderSelect(db).where(where).limit(1);
  if (!row) throw notFound();
  const { order } = row;
  const [payment, ticketRows, paid, history, reschedule, proposal, slotState, alternatives] = await Promise.all([
    paymentOf(db, order.id),
    db
      .select({ id: tickets.id, code: tickets.code, status: tickets.status })
      .from(tickets)
      .where(eq(tickets.orderId, order.id))
      .orderBy(asc(tickets.id)),
    paidAmount(db, order.id),
    orderHistory(db, order.id),
    pendingReschedule(db, order.id),
    pendingProposal(db, order.id, now),
    slotStateOf(db, order, now),
    // (their total only: it does not depend on the commission)
    WITH_ALTERNATIVES.includes(order.status) ? alternativesFor(db, order, 0, now) : Promise.resolve([]),
  ]);
  return {
    id: order.id,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    confirmed_at: iso(order.confirmedAt),
    cancelled_at: iso(order.cancelledAt),
    payment_due_at: iso(order.paymentDueAt),
    respond_by: iso(order.respondBy),
    history: history.map((h) => ({ status: h.status, actor: h.actor, reason: h.reason, at: h.createdAt.toISOString() })),
    excursion: row.excursion,
    event: { id: row.event.id, starts_at: row.event.startsAt.toISOString() },
    guide: row.guide,
    guide_contact: paid > 0 && (order.status === 'confirmed' || order.status === 'completed') ? await guideContact(db, order.partnerId) : null,
    participants: order.participants,
    seats: order.seats,
    contact_name: order.contactName,
    contact_phone: order.contactPhone,
    comment: order.comment,
    total: order.total,
    prepayment: order.prepayment,
    rest: order.total - order.prepayment,
    refund_amount: order.refundAmount,
    payment: payment
      ? {
          id: payment.id,
          status: payment.status,
          amount: payment.amount,
          paid_at: iso(payment.paidAt),
          receipt_to: payment.receiptTo && payment.status !== 'pending' && payment.status !== 'failed' ? receiptAddress(payment.receiptTo) : null,
        }
      : null,
    tickets: ticketRows.map((t) => ({ ...t, qr_url: `/api/excursion/user/ticket/${t.code}/qr` })),
    cancellation: cancellation(order.status, row.event.startsAt, paid, now),
    reschedule,
    proposal: ['awaiting_confirmation', 'awaiting_payment', 'confirmed'].includes(order.status) ? proposal : null,
    ...slotState,
    alternatives,
  };
}

/** Orders that ended without running: the nearest slots of the excursion are offered instead. */
const ENDED_UNRUN = ['declined', 'cancelled_by_partner', 'expired'];

/**
 * The order's slot as a group that gathers (issue 32 §1), and for an order that ended without running, the nearest
 * upcoming slots of the same excursion it fits on (one tap books one again).
 */
async function slotStateOf(db: Database, order: typeof orders.$inferSelect, now: Date) {
  const [row] = await db
    .select({ slot: events, excursion: { format: excursions.format, groupMin: excursions.groupMin, groupDecisionHours: excursions.groupDecisionHours, groupSizeMax: excursions.groupSizeMax } })
    .from(events)
    .innerJoin(excursions, eq(excursions.id, events.excursionId))
    .where(eq(events.id, order.eventId));
  if (!row) return { gathering: null, next_slots: [] };
  const running = ['awaiting_confirmation', 'awaiting_payment', 'confirmed'].includes(order.status);
  const gathering = running ? gatheringOf(row.excursion, row.slot) : null;
  if (!ENDED_UNRUN.includes(order.status)) return { gathering, next_slots: [] };
  return { gathering, next_slots: await nearestSlots(db, order, row.excursion, now) };
}

/** The three nearest upcoming slots of the order's excursion (its own slot left out) the order's people fit on. */
export async function nearestSlots(
  db: Database,
  order: Pick<typeof orders.$inferSelect, 'excursionId' | 'eventId' | 'seats'>,
  excursion: SeatsExcursion,
  now: Date,
): Promise<Array<{ event_id: number; starts_at: string; seats_left: number }>> {
  const upcoming = await db
    .select({ id: events.id, startsAt: events.startsAt, capacity: events.capacity, bookedSeats: events.bookedSeats })
    .from(events)
    .where(and(eq(events.excursionId, order.excursionId), eq(events.status, 'active'), gt(events.startsAt, now), ne(events.id, order.eventId)))
    .orderBy(asc(events.startsAt))
    .limit(20);
  return upcoming
    .map((e) => ({ event_id: e.id, starts_at: e.startsAt.toISOString(), seats_left: bookableSeats(excursion, e) }))
    .filter((e) => e.seats_left >= order.seats)
    .slice(0, 3);
}

export const ownOrder = (orderId: number, customerId: number) =>
  and(eq(orders.id, orderId), eq(orders.customerId, customerId))!;

/** The customer's orders, newest first (index orders_customer_id_created_at_idx). */
export async function customerOrders(
  db: Database,
  customerId: number,
  query: OrderListQuery,
): Promise<Page<OrderListItem>> {
  const request = pageRequest(query, 20);
  const mine = eq(orders.customerId, customerId);
  const total = await db.$count(orders, mine);
  const rows =
    total > offsetOf(request)
      ? await orderSelect(db)
          .where(mine)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(request.perPage)
          .offset(offsetOf(request))
      : [];
  return pageOf(
    rows.map(({ order, excursion, event }) => ({
      id: order.id,
      status: order.status,
      created_at: order.createdAt.toISOString(),
      excursion,
      event: { id: event.id, starts_at: event.startsAt.toISOString() },
      seats: order.seats,
      total: order.total,
      prepayment: order.prepayment,
    })),
    total,
    request,
  );
}
