// «Забронировать вместо» (issue 32 §3): the alternative booked and the waiting request withdrawn in one transaction.
import { and, eq } from 'drizzle-orm';
import type { OrdersConfig } from '../../config';
import type { Database } from '../../db/client';
import { excursions, orders } from '../../db/schema';
import { HttpError, notFound } from '../../http/http-error';
import type { Broadcaster } from '../../realtime';
import { withEvents } from '../notifications/after-commit';
import { alternativesFor, participantsFor, WITH_ALTERNATIVES } from './alternatives';
import { createOrder } from './create';
import { endOrder } from './transitions';

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
