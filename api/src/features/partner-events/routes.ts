import { PartnerCheckInBody, PartnerEventParams, PartnerEventResponse, type PartnerEvent } from '@excursio/shared/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Deps } from '../../deps';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions, orders, payments, tickets } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import { bearerSecurity, errorResponses } from '../../http/schemas';
import { currentUser } from '../auth/guard';
import { maskedPhone } from '../partner-orders/queries';
import { gatheringOf } from '../orders/gathering';

/** Orders whose prepayment is paid show the customer's phone. */
const PAID_STATUSES = new Set(['confirmed', 'completed', 'no_show']);

/** One slot of the partner's excursions with its participants; another partner's slot is a 404. */
export async function partnerEvent(db: Database, partnerId: number, eventId: number): Promise<PartnerEvent> {
  const [row] = await db
    .select({
      event: events,
      excursion: {
        id: excursions.id,
        title: excursions.title,
        meeting_point: excursions.meetingPoint,
        duration_minutes: excursions.durationMinutes,
      },
      group: { format: excursions.format, groupMin: excursions.groupMin, groupDecisionHours: excursions.groupDecisionHours },
      timeZone: cities.timeZone,
    })
    .from(events)
    .innerJoin(excursions, eq(excursions.id, events.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(and(eq(events.id, eventId), eq(excursions.partnerId, partnerId)))
    .limit(1);
  if (!row) throw notFound();
  const slotOrders = await db.select().from(orders).where(eq(orders.eventId, eventId)).orderBy(asc(orders.status), asc(orders.id));
  const ids = slotOrders.map((o) => o.id);
  const [ticketRows, paidRows] = ids.length
    ? await Promise.all([
        db.select({ orderId: tickets.orderId, code: tickets.code, status: tickets.status }).from(tickets).where(inArray(tickets.orderId, ids)).orderBy(asc(tickets.id)),
        db.select({ orderId: payments.orderId }).from(payments).where(and(inArray(payments.orderId, ids), eq(payments.status, 'succeeded'))),
      ])
    : [[], []];
  const paid = new Set(paidRows.map((p) => p.orderId));
  return {
    id: row.event.id,
    starts_at: row.event.startsAt.toISOString(),
    time_zone: row.timeZone,
    status: row.event.status,
    capacity: row.event.capacity,
    booked_seats: row.event.bookedSeats,
    excursion: row.excursion,
    gathering: row.event.status === 'active' ? gatheringOf(row.group, row.event) : null,
    orders: slotOrders.map((o) => {
      const shown = paid.has(o.id) || PAID_STATUSES.has(o.status);
      return {
        id: o.id,
        status: o.status,
        contact_name: o.contactName,
        contact_phone: shown ? o.contactPhone : maskedPhone(o.contactPhone),
        contact_hidden: !shown,
        seats: o.seats,
        participants: o.participants,
        comment: o.comment,
        rest: o.total - o.prepayment,
        tickets: ticketRows.filter((t) => t.orderId === o.id).map(({ code, status }) => ({ code, status })),
      };
    }),
  };
}

/** A ticket's code as typed: no spaces, capitals (codes avoid letters that read alike, so no other folding). */
const normalizedCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

/** Marks a ticket of this slot as checked in. */
async function checkIn(db: Database, partnerId: number, eventId: number, typed: string, now: Date): Promise<void> {
  await partnerEvent(db, partnerId, eventId); // 404 for another partner's slot
  const code = normalizedCode(typed);
  const refuse = (message: string) => new HttpError(422, message, { code: [message] });
  const [ticket] = await db
    .select({ id: tickets.id, status: tickets.status, orderStatus: orders.status, eventId: orders.eventId })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(tickets.code, code))
    .limit(1);
  if (!ticket || ticket.eventId !== eventId) throw refuse('Билета с таким кодом нет среди участников этого времени.');
  if (ticket.status === 'redeemed') throw refuse('Этот билет уже отмечен.');
  if (ticket.status === 'cancelled' || (ticket.orderStatus !== 'confirmed' && ticket.orderStatus !== 'completed')) {
    throw refuse('Этот билет недействителен: заказ отменён.');
  }
  const [done] = await db
    .update(tickets)
    .set({ status: 'redeemed', redeemedAt: now })
    .where(and(eq(tickets.id, ticket.id), eq(tickets.status, 'active')))
    .returning({ id: tickets.id });
  if (!done) throw refuse('Этот билет уже отмечен.');
}

/** The slot page's calls. */
export const partnerEventsRoutes: FastifyPluginAsyncTypebox<Deps> = async (app, { db, auth, clock }) => {
  const partner = auth.requireUserType('partner');
  const common = { tags: ['partner calendar'], security: bearerSecurity };

  app.get(
    '/api/excursion/partner/events/:id',
    {
      onRequest: partner,
      schema: {
        ...common,
        summary: 'One slot of my excursions with its participants (phones masked until the prepayment is paid)',
        params: PartnerEventParams,
        response: { 200: PartnerEventResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ status: true, data: await partnerEvent(db, currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/api/excursion/partner/events/:id/check-in',
    {
      onRequest: partner,
      schema: {
        ...common,
        summary: 'Check a participant in by ticket code (a ticket of this slot, of a paid order, once)',
        params: PartnerEventParams,
        body: PartnerCheckInBody,
        response: { 200: PartnerEventResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const partnerId = currentUser(request).id;
      await checkIn(db, partnerId, request.params.id, request.body.code, clock.now());
      return { status: true, data: await partnerEvent(db, partnerId, request.params.id) };
    },
  );
};
