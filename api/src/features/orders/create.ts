import type { OrderCreateBody } from '@excursio/shared/contracts';
import { contactPhoneDigits } from '@excursio/shared/phone';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, excursions, orders } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { Broadcaster } from '../../realtime';
import { withEvents } from '../notifications/after-commit';
import { notifyOrderChange } from '../notifications/order-notices';
import { priceOrder } from '@excursio/shared/pricing';

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

/** Seats an order holds on its slot: an individual excursion takes the whole slot. */
export const reservedSeats = (format: 'group' | 'individual', seats: number, capacity: number) =>
  format === 'individual' ? capacity : seats;

/**
 * Creates an order after checking everything again on the server. The seats are taken with one conditional
 * UPDATE (booked_seats + n <= capacity) inside the transaction, so concurrent orders never overbook a slot.
 * The partner's and the customer's notifications are stored in that transaction and pushed once it commits.
 */
export async function createOrder(
  db: Database,
  broadcaster: Broadcaster,
  input: { customerId: number; body: OrderCreateBody; commission: number; now: Date },
): Promise<number> {
  const { body, now } = input;
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
  const pricing = priceOrder(excursion, event?.priceOverride ?? null, body.participants, input.commission);
  const errors = { ...contact.errors, ...(eventError ? { event_id: [eventError] } : {}), ...(pricing.ok ? {} : pricing.errors) };
  if (Object.keys(errors).length > 0 || !event || !pricing.ok || !contact.phone) throw invalid(errors);

  const reserve = reservedSeats(excursion.format, pricing.seats, event.capacity);
  return withEvents(db, broadcaster, async (tx) => {
    const [taken] = await tx
      .update(events)
      .set({ bookedSeats: sql`${events.bookedSeats} + ${reserve}`, updatedAt: now })
      .where(
        and(
          eq(events.id, event.id),
          eq(events.status, 'active'),
          gt(events.startsAt, now),
          sql`${events.bookedSeats} + ${reserve} <= ${events.capacity}`,
        ),
      )
      .returning({ id: events.id });
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
        status: excursion.instantBooking ? 'awaiting_payment' : 'awaiting_confirmation',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    await notifyOrderChange(tx, order!.id, { kind: 'placed', awaitingConfirmation: !excursion.instantBooking });
    return order!.id;
  });
}
