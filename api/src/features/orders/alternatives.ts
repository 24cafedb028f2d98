// Issue 32 §3, no dead end while a request waits: excursions bookable at once in the same city on the same day
// (rating ≥ 4.5, similar tags first), and «Забронировать вместо» — the alternative booked and the request withdrawn in
// one transaction, nothing charged twice.
import type { OrderAlternative } from '@excursio/shared/contracts';
import { priceOrder } from '@excursio/shared/pricing';
import { addDays, dayKeyIn, zonedMoment } from '@excursio/shared/time';
import { and, asc, eq, gt, gte, lt, ne, sql } from 'drizzle-orm';
import type { OrdersConfig } from '../../config';
import type { Database } from '../../db/client';
import { cities, events, excursions, excursionTags, orders, regions, type Participant } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import type { Broadcaster } from '../../realtime';
import { firstPhoto, isPublished } from '../catalog/cards';
import { withEvents } from '../notifications/after-commit';
import { createOrder } from './create';
import { bookableSeats } from './seats';
import { endOrder } from './transitions';

export const ALTERNATIVES_MAX = 3;
export const ALTERNATIVE_MIN_RATING = 4.5;
/** Orders that get alternatives: a request waiting, declined or expired. */
export const WITH_ALTERNATIVES = ['awaiting_confirmation', 'declined', 'expired'];

type OrderRow = typeof orders.$inferSelect;

/** The request's people on another excursion: the same price lines when it has them, else its first line. */
function participantsFor(order: OrderRow, units: ReadonlyArray<{ code: string }>): Array<{ code: string; count: number }> {
  const same = order.participants.every((p: Participant) => units.some((u) => u.code === p.code));
  if (same) return order.participants.map((p) => ({ code: p.code, count: p.count }));
  return units[0] ? [{ code: units[0].code, count: order.seats }] : [];
}

/** Up to three excursions bookable at once instead of this order: same city, same day, rating ≥ 4.5, similar tags first. */
export async function alternativesFor(db: Database, order: OrderRow, commission: number, now: Date): Promise<OrderAlternative[]> {
  const [own] = await db
    .select({ cityId: excursions.cityId, timeZone: cities.timeZone, startsAt: events.startsAt })
    .from(excursions)
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .innerJoin(events, eq(events.id, order.eventId))
    .where(eq(excursions.id, order.excursionId));
  if (!own) return [];
  const day = dayKeyIn(own.startsAt, own.timeZone);
  const from = zonedMoment(day, '00:00', own.timeZone);
  const to = zonedMoment(addDays(day, 1), '00:00', own.timeZone);
  const ownTags = db.select({ id: excursionTags.tagId }).from(excursionTags).where(eq(excursionTags.excursionId, order.excursionId));
  const shared = sql<number>`(select count(*) from ${excursionTags} where ${excursionTags.excursionId} = ${excursions.id} and ${excursionTags.tagId} in (${ownTags}))::int`;
  const rows = await db
    .select({ excursion: excursions, photo: firstPhoto, citySlug: cities.slug, regionSlug: regions.slug, slot: events, shared })
    .from(events)
    .innerJoin(excursions, eq(excursions.id, events.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .where(
      and(
        isPublished,
        eq(excursions.cityId, own.cityId),
        eq(excursions.instantBooking, true),
        gte(excursions.rating, ALTERNATIVE_MIN_RATING),
        ne(excursions.id, order.excursionId),
        ne(excursions.partnerId, order.customerId),
        eq(events.status, 'active'),
        gte(events.startsAt, from),
        lt(events.startsAt, to),
        gt(events.startsAt, now),
        sql`${events.startsAt} > ${now}::timestamptz + ${events.cutoffMinutes} * interval '1 minute'`,
      ),
    )
    .orderBy(sql`${shared} desc`, sql`${excursions.rating} desc`, asc(events.startsAt))
    .limit(40);
  const picked: OrderAlternative[] = [];
  for (const row of rows) {
    if (picked.length >= ALTERNATIVES_MAX) break;
    if (picked.some((p) => p.excursion.id === row.excursion.id)) continue; // one slot per excursion
    const left = bookableSeats(row.excursion, row.slot);
    if (left < order.seats) continue;
    const pricing = priceOrder(row.excursion, row.slot.priceOverride, participantsFor(order, row.excursion.priceUnits), commission);
    if (!pricing.ok) continue;
    picked.push({
      excursion: {
        id: row.excursion.id,
        slug: row.excursion.slug,
        title: row.excursion.title,
        photo_url: row.photo,
        city_slug: row.citySlug,
        region_slug: row.regionSlug,
        rating: row.excursion.rating,
      },
      event_id: row.slot.id,
      starts_at: row.slot.startsAt.toISOString(),
      seats_left: left,
      total: pricing.total,
    });
  }
  return picked;
}

export interface SwitchDeps {
  db: Database;
  broadcaster: Broadcaster;
  commission: number;
  orders: Pick<OrdersConfig, 'paymentHoldMin' | 'requestAnswerH' | 'maxUnpaidSeats'>;
}

/**
 * «Забронировать вместо»: in one transaction the alternative is booked (an instant order, its seats taken now) and the
 * waiting request withdrawn — a request holds no seats and has no payment, so nothing is charged twice; when the seats
 * went meanwhile (409) nothing changes. A declined or expired request is simply booked again elsewhere.
 */
export async function switchToAlternative(deps: SwitchDeps, customerId: number, orderId: number, eventId: number, now: Date): Promise<number> {
  return withEvents(deps.db, deps.broadcaster, async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
      .for('update');
    if (!order) throw notFound();
    if (!WITH_ALTERNATIVES.includes(order.status)) {
      const message = 'Этот заказ уже не ждёт гида: заменить его нельзя.';
      throw new HttpError(422, message, { status: [message] });
    }
    const offered = await alternativesFor(tx, order, deps.commission, now);
    const chosen = offered.find((a) => a.event_id === eventId);
    if (!chosen) {
      const message = 'Это время уже не предлагается вместо заказа: выберите из списка.';
      throw new HttpError(422, message, { event_id: [message] });
    }
    const [excursion] = await tx.select({ priceUnits: excursions.priceUnits }).from(excursions).where(eq(excursions.id, chosen.excursion.id));
    const created = await createOrder(tx, deps.broadcaster, {
      customerId,
      body: {
        excursion_id: chosen.excursion.id,
        event_id: eventId,
        participants: participantsFor(order, excursion?.priceUnits ?? []),
        contact_name: order.contactName,
        contact_phone: `+${order.contactPhone}`,
        comment: order.comment,
      },
      commission: deps.commission,
      now,
      // the request's own seats stop counting as unpaid in this same transaction
      orders: { ...deps.orders, maxUnpaidSeats: deps.orders.maxUnpaidSeats + (order.status === 'awaiting_confirmation' ? order.seats : 0) },
    });
    if (order.status === 'awaiting_confirmation') {
      await endOrder(tx, deps.broadcaster, {
        where: eq(orders.id, order.id),
        to: 'cancelled_by_customer',
        from: ['awaiting_confirmation'],
        action: 'заменить его',
        reason: `Заменён на мгновенное бронирование: заказ №${created.id}`,
        now,
      });
    }
    return created.id;
  });
}

