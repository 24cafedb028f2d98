import { recordStatus } from './history';
import type { OrderCreateBody } from '@excursio/shared/contracts';
import { contactPhoneDigits } from '@excursio/shared/phone';
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { OrdersConfig } from '../../config';
import type { Database } from '../../db/client';
import { events, excursions, orderIdempotencyKeys, orders, users } from '../../db/schema';
import { paymentDeadline, requestDeadline } from '../lifecycle/deadlines';
import { HttpError } from '../../http/http-error';
import type { Broadcaster } from '../../realtime';
import { withEvents } from '../notifications/after-commit';
import { announceSlots } from './slot-news';
import { queueAlternativesMail } from './alternatives';
import { notifyOrderChange } from '../notifications/order-notices';
import { priceOrder } from '@excursio/shared/pricing';
import { bookableSeats, reservedSeats } from './seats';

export const NO_SEATS_MESSAGE = 'На выбранное время не осталось столько свободных мест. Выберите другое время.';

function invalid(errors: Record<string, string[]>): HttpError {
  const messages = Object.values(errors).flat();
  const more = messages.length - 1;
  return new HttpError(422, more > 0 ? `${messages[0]} (и ещё ${more})` : (messages[0] ?? 'Проверьте данные заказа.'), errors);
}

/** The fields that need no database: contact name and phone. */
function checkContact(body: OrderCreateBody): { errors: Record<string, string[]>; phone: string | null; name: string } {
  const errors: Record<string, string[]> = {};
  const name = body.contact_name.trim();
  if (!name) errors.contact_name = ['The contact name field is required.'];
  const phone = contactPhoneDigits(body.contact_phone);
  if (!phone) errors.contact_phone = ['The contact phone field format is invalid.'];
  return { errors, phone, name };
}

/**
 * Creates an order after checking everything again on the server. An instant-booking order takes its seats with
 * one conditional UPDATE (booked_seats + n <= capacity) inside the transaction, so concurrent orders never overbook
 * a slot. A request (on-request excursion) holds no seats: it is refused when they are not free now, and the
 * partner's acceptance takes them (`partnerConfirm`).
 * The partner's and the customer's notifications are stored in that transaction and pushed once it commits.
 */
export async function createOrder(
  db: Database,
  broadcaster: Broadcaster,
  input: {
    customerId: number;
    body: OrderCreateBody;
    commission: number;
    now: Date;
    orders: Pick<OrdersConfig, 'paymentHoldMin' | 'requestAnswerH' | 'maxUnpaidSeats'>;
    /** The Idempotency-Key header: a retry with the same key and body answers the order it made. */
    idempotencyKey?: string | undefined;
  },
): Promise<{ id: number; replayed: boolean }> {
  const { body, now } = input;
  const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  if (input.idempotencyKey) {
    const replay = await replayed(db, input.customerId, input.idempotencyKey, requestHash);
    if (replay) return { id: replay, replayed: true };
  }
  const contact = checkContact(body);
  const excursion = await db.query.excursions.findFirst({
    where: and(eq(excursions.id, body.excursion_id), eq(excursions.status, 'published')),
  });
  if (!excursion) throw invalid({ ...contact.errors, excursion_id: ['Экскурсия не найдена или снята с продажи.'] });
  if (excursion.partnerId === input.customerId) {
    throw invalid({ ...contact.errors, excursion_id: ['Нельзя заказать собственную экскурсию.'] });
  }
  const event = await db.query.events.findFirst({ where: eq(events.id, body.event_id) });
  let eventError: string | null = null;
  if (!event || event.excursionId !== excursion.id) eventError = 'Выбранное время не относится к этой экскурсии.';
  else if (event.status !== 'active') eventError = 'Запись на это время закрыта.';
  else if (event.startsAt.getTime() <= now.getTime()) eventError = 'Это время уже прошло. Выберите другое.';
  else if (event.startsAt.getTime() - event.cutoffMinutes * 60_000 <= now.getTime()) {
    eventError = 'Запись на это время уже закрыта: гид принимает заказы не позже чем за некоторое время до начала. Выберите другое.';
  }
  const pricing = priceOrder(excursion, event?.priceOverride ?? null, body.participants, input.commission);
  const errors = { ...contact.errors, ...(eventError ? { event_id: [eventError] } : {}), ...(pricing.ok ? {} : pricing.errors) };
  if (Object.keys(errors).length > 0 || !event || !pricing.ok || !contact.phone) throw invalid(errors);

  // the catalog's and the order form's number: more people than that never fit (the UPDATE below re-checks the seats)
  if (pricing.seats > bookableSeats(excursion, event)) throw new HttpError(409, NO_SEATS_MESSAGE, { event_id: [NO_SEATS_MESSAGE] });
  const reserve = reservedSeats(excursion.format, pricing.seats, event.capacity);
  const status = excursion.instantBooking ? 'awaiting_payment' : 'awaiting_confirmation';
  const deadlines = excursion.instantBooking
    ? { paymentDueAt: paymentDeadline(now, event.startsAt, input.orders), respondBy: null }
    : { paymentDueAt: null, respondBy: requestDeadline(now, event.startsAt, event.cutoffMinutes, input.orders) };
  return withEvents(db, broadcaster, async (tx) => {
    // One customer's orders are placed one at a time, so the cap on unpaid seats holds under concurrency. Locked
    // before the key's row is written: that insert's foreign key takes a share lock on the same user row, and two
    // orders each holding it while asking for this one deadlocked on PostgreSQL (a 500; found by `npm run topology`).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.customerId)).for('update');
    if (input.idempotencyKey) {
      // Claims the key first: a concurrent retry waits here on the primary key until this order commits.
      const [claimed] = await tx
        .insert(orderIdempotencyKeys)
        .values({ customerId: input.customerId, key: input.idempotencyKey, requestHash, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: orderIdempotencyKeys.key });
      if (!claimed) {
        const replay = await replayed(tx, input.customerId, input.idempotencyKey, requestHash);
        if (replay) return { id: replay, replayed: true };
      }
    }
    const [unpaid] = await tx
      .select({ seats: sql<number>`coalesce(sum(${orders.seats}), 0)::int` })
      .from(orders)
      .where(and(eq(orders.customerId, input.customerId), inArray(orders.status, ['awaiting_payment', 'awaiting_confirmation'])));
    if ((unpaid?.seats ?? 0) + pricing.seats > input.orders.maxUnpaidSeats) {
      const message = `Неоплаченных мест в ваших заказах не может быть больше ${input.orders.maxUnpaidSeats}. Оплатите или отмените прежние заказы.`;
      throw new HttpError(422, message, { participants: [message] });
    }
    const free = and(
      eq(events.id, event.id),
      eq(events.status, 'active'),
      gt(events.startsAt, now),
      sql`${events.startsAt} > ${now}::timestamptz + ${events.cutoffMinutes} * interval '1 minute'`,
      sql`${events.bookedSeats} + ${reserve} <= ${events.capacity}`,
    );
    const [taken] = excursion.instantBooking
      ? await tx
          .update(events)
          .set({ bookedSeats: sql`${events.bookedSeats} + ${reserve}`, updatedAt: now })
          .where(free)
          .returning({ id: events.id })
      : await tx.select({ id: events.id }).from(events).where(free);
    if (!taken) throw new HttpError(409, NO_SEATS_MESSAGE, { event_id: [NO_SEATS_MESSAGE] });
    const [order] = await tx
      .insert(orders)
      .values({
        customerId: input.customerId,
        partnerId: excursion.partnerId,
        excursionId: excursion.id,
        eventId: event.id,
        participants: pricing.participants,
        seats: pricing.seats,
        contactName: contact.name,
        contactPhone: contact.phone!,
        comment: (body.comment ?? '').trim(),
        total: pricing.total,
        prepayment: pricing.prepayment,
        status,
        ...deadlines,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    await recordStatus(tx, { orderId: order!.id, status, actor: 'client', at: now });
    if (input.idempotencyKey) {
      await tx
        .update(orderIdempotencyKeys)
        .set({ orderId: order!.id })
        .where(and(eq(orderIdempotencyKeys.customerId, input.customerId), eq(orderIdempotencyKeys.key, input.idempotencyKey)));
    }
    // seats taken at once: the slot's page and the group's booked customers follow live
    if (excursion.instantBooking) await announceSlots(tx, [event.id]);
    await notifyOrderChange(tx, order!.id, { kind: 'placed', awaitingConfirmation: !excursion.instantBooking });
    // a request waits for the guide: the e-mail offers what can be booked at once instead (issue 32 §3)
    if (!excursion.instantBooking) await queueAlternativesMail(tx, order!.id, 'placed', now);
    return { id: order!.id, replayed: false };
  });
}

const KEY_REUSED = 'Этот ключ идемпотентности уже использован для другого заказа.';

/** The order an earlier request with this key made, or null; the same key with another body is a 422. */
async function replayed(db: Database, customerId: number, key: string, requestHash: string): Promise<number | null> {
  const [row] = await db
    .select({ orderId: orderIdempotencyKeys.orderId, requestHash: orderIdempotencyKeys.requestHash })
    .from(orderIdempotencyKeys)
    .where(and(eq(orderIdempotencyKeys.customerId, customerId), eq(orderIdempotencyKeys.key, key)));
  if (!row) return null;
  if (row.requestHash !== requestHash) throw new HttpError(422, KEY_REUSED, { idempotency_key: [KEY_REUSED] });
  return row.orderId;
}
