// Issue 32 §1, a group that gathers, by e-mail: «Группа собралась» to everyone booked on a slot that runs, and to each
// order of a slot cancelled below its minimum the refund and the nearest dates of the same excursion (one link each to
// the order form). Queued in the caller's transaction (the outbox sends them after it commits), once per order.
import { formatEventShort } from '@excursio/shared/time';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions, orders, regions, users } from '../../db/schema';
import { queueLetter } from '../mail/queue';
import { roubles } from '../notifications/order-texts';
import { nearestSlots } from '../orders/read';

function ordersWithMail(tx: Database) {
  return tx
    .select({
      id: orders.id,
      status: orders.status,
      seats: orders.seats,
      excursionId: orders.excursionId,
      eventId: orders.eventId,
      email: users.email,
      title: excursions.title,
      slug: excursions.slug,
      format: excursions.format,
      groupSizeMax: excursions.groupSizeMax,
      meetingPoint: excursions.meetingPoint,
      citySlug: cities.slug,
      regionSlug: regions.slug,
      timeZone: cities.timeZone,
      startsAt: events.startsAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(excursions, eq(excursions.id, orders.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .innerJoin(regions, eq(regions.id, cities.regionId));
}

const orderLink = (orderId: number) => ({ label: 'Открыть заказ', path: `/account/user/${orderId}` });

/** «Группа собралась» to each of these orders' customers with an e-mail: the slot runs. */
export async function queueGroupGatheredMail(tx: Database, orderIds: readonly number[], how: { booked: number; min: number; byPartner: boolean }, now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await ordersWithMail(tx).where(inArray(orders.id, [...orderIds]));
  for (const row of rows) {
    if (!row.email) continue;
    const when = formatEventShort(row.startsAt, row.timeZone);
    const lines = [
      'Здравствуйте!',
      `Заказ №${row.id}. Группа собралась: «${row.title}» ${when} состоится.`,
      how.byPartner
        ? `Гид проведёт экскурсию и с этой группой: записалось ${how.booked} из ${how.min}.`
        : `Записалось ${how.booked} из ${how.min} нужных — экскурсия точно будет.`,
      `Место встречи: ${row.meetingPoint}. Билеты — на странице заказа.`,
    ];
    await queueLetter(tx, { to: row.email, subject: `Группа собралась: «${row.title}» состоится`, lines, link: orderLink(row.id) }, now, `mail:group-gathered:${row.id}`);
  }
}

/**
 * The letter of an order whose slot was cancelled below its minimum: what was booked of the minimum, the refund (in
 * full) and the nearest dates of the same excursion it fits on, each a link to the order form with that date.
 */
export async function queueGroupCancelledMail(tx: Database, orderId: number, how: { booked: number; min: number; refund: number }, now: Date): Promise<void> {
  const [row] = await ordersWithMail(tx).where(and(eq(orders.id, orderId)));
  if (!row?.email) return;
  const when = formatEventShort(row.startsAt, row.timeZone);
  const nearest = await nearestSlots(tx, row, row, now);
  const excursionPath = `/excursion/${row.regionSlug}/${row.citySlug}/${row.slug}`;
  const lines = [
    'Здравствуйте!',
    `Заказ №${row.id}: «${row.title}» ${when} отменена — группа не набралась (записалось ${how.booked} из ${how.min} нужных).`,
    how.refund > 0 ? `Предоплату ${roubles(how.refund)} возвращаем полностью.` : 'Оплаты по заказу не было: ничего не списано.',
    nearest.length > 0
      ? 'Ближайшие даты этой экскурсии — ссылка откроет форму заказа с выбранной датой:'
      : 'Других дат этой экскурсии пока нет — посмотрите похожие экскурсии на сайте.',
  ];
  const choices = nearest.map((slot) => ({
    label: `Забронировать на ${formatEventShort(slot.starts_at, row.timeZone)}`,
    path: `${excursionPath}/order?event=${slot.event_id}`,
  }));
  await queueLetter(
    tx,
    { to: row.email, subject: `Заказ №${row.id}: группа не набралась, предоплата вернётся`, lines, choices, link: orderLink(row.id) },
    now,
    `mail:group-cancelled:${row.id}`,
  );
}
