// Issue 32 §3, no dead end while a request waits: excursions bookable at once in the same city on the same day
// (rating ≥ 4.5, similar tags first), and «Забронировать вместо» — the alternative booked and the request withdrawn in
// one transaction, nothing charged twice.
import type { OrderAlternative } from '@excursio/shared/contracts';
import { priceOrder } from '@excursio/shared/pricing';
import { addDays, dayKeyIn, formatEventShort, zonedMoment } from '@excursio/shared/time';
import { and, asc, eq, gt, gte, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions, excursionTags, orders, regions, users, type Participant } from '../../db/schema';
import { firstPhoto, isPublished } from '../catalog/cards';
import { queueLetter } from '../mail/queue';
import { bookableSeats } from './seats';

export const ALTERNATIVES_MAX = 3;
export const ALTERNATIVE_MIN_RATING = 4.5;
/** Orders that get alternatives: a request waiting, declined or expired. */
export const WITH_ALTERNATIVES = ['awaiting_confirmation', 'declined', 'expired'];

type OrderRow = typeof orders.$inferSelect;

/** The request's people on another excursion: the same price lines when it has them, else its first line. */
export function participantsFor(order: OrderRow, units: ReadonlyArray<{ code: string }>): Array<{ code: string; count: number }> {
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

const MAIL_INTRO = {
  placed: 'Гид ответит на заявку в течение суток. Не хотите ждать? В тот же день можно сразу забронировать:',
  declined: 'Гид не смог принять заявку. В тот же день можно сразу забронировать:',
  expired: 'Гид не ответил на заявку вовремя. В тот же день можно сразу забронировать:',
} as const;

/**
 * The customer's letter with the alternatives (issue 32 §3), in the caller's transaction, once per order and moment:
 * a request placed, declined or expired. Only to a confirmed e-mail and only when there is something to offer; the
 * letter's button opens the order page, where «Забронировать вместо» is one tap.
 */
export async function queueAlternativesMail(tx: Database, orderId: number, moment: keyof typeof MAIL_INTRO, now: Date): Promise<void> {
  const [row] = await tx
    .select({ order: orders, email: users.email, timeZone: cities.timeZone })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .innerJoin(excursions, eq(excursions.id, orders.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(eq(orders.id, orderId));
  if (!row?.email) return;
  const offered = await alternativesFor(tx, row.order, 0, now);
  if (offered.length === 0) return;
  const lines = [
    'Здравствуйте!',
    `Заказ №${orderId}. ${MAIL_INTRO[moment]}`,
    ...offered.map((a) => `• «${a.excursion.title}» — ${formatEventShort(a.starts_at, row.timeZone)}, ${new Intl.NumberFormat('ru-RU').format(a.total)} ₽, рейтинг ${a.excursion.rating}`),
    moment === 'placed'
      ? 'Ссылка «Забронировать вместо» откроет заказ с выбранной экскурсией: подтвердите там одним нажатием — заявка отзовётся сама, платить дважды не придётся.'
      : 'Ссылка «Забронировать» откроет заказ с выбранной экскурсией: подтвердите там одним нажатием.',
  ];
  // a link only opens the order with the choice focused: a letter's link (or a mail scanner following it) books nothing
  const choices = offered.map((a) => ({
    label: `${moment === 'placed' ? 'Забронировать вместо' : 'Забронировать'}: «${a.excursion.title}», ${formatEventShort(a.starts_at, row.timeZone)}`,
    path: `/account/user/${orderId}?instead=${a.event_id}`,
  }));
  await queueLetter(
    tx,
    { to: row.email, subject: `Заказ №${orderId}: можно забронировать сразу`, lines, choices, link: { label: 'Открыть заказ', path: `/account/user/${orderId}` } },
    now,
    `mail:alternatives:${moment}:${orderId}`,
  );
}
