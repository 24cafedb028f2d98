// Issue 32 §1, live as others join: after a transaction that changed slots' seats (or decided their group), what the
// catalog and the booked customers see of those slots is pushed once it commits.
import {
  excursionSlotsChannel,
  ORDER_GATHERING_EVENT,
  SLOT_SEATS_EVENT,
  type OrderGatheringPayload,
  type SlotSeatsPayload,
} from '@excursio/shared/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, excursions, orders } from '../../db/schema';
import { userChannel } from '../../realtime';
import { afterCommit } from '../notifications/after-commit';
import { gatheringOf } from './gathering';
import { bookableSeats } from './seats';

/** The orders whose page shows the slot's group (read.ts shows it on these). */
const SHOWS_GATHERING = ['awaiting_confirmation', 'awaiting_payment', 'confirmed'] as const;

/**
 * Queues, on the transaction `tx` (opened by `withEvents`), each slot's seats on its excursion's public channel and,
 * for a slot whose group gathers, its group on the private channel of every customer booked on it. Read inside the
 * transaction: what is pushed is what commits.
 */
export async function announceSlots(tx: Database, eventIds: readonly number[]): Promise<void> {
  const ids = [...new Set(eventIds)];
  if (ids.length === 0) return;
  const rows = await tx
    .select({
      id: events.id,
      excursionId: events.excursionId,
      status: events.status,
      startsAt: events.startsAt,
      capacity: events.capacity,
      bookedSeats: events.bookedSeats,
      groupMin: events.groupMin,
      groupConfirmedAt: events.groupConfirmedAt,
      format: excursions.format,
      groupSizeMax: excursions.groupSizeMax,
      excursionMin: excursions.groupMin,
      groupDecisionHours: excursions.groupDecisionHours,
    })
    .from(events)
    .innerJoin(excursions, eq(excursions.id, events.excursionId))
    .where(inArray(events.id, ids));
  for (const slot of rows) {
    const active = slot.status === 'active';
    const gathering = active
      ? gatheringOf({ format: slot.format, groupMin: slot.excursionMin, groupDecisionHours: slot.groupDecisionHours }, slot)
      : null;
    const seats: SlotSeatsPayload = {
      event_id: slot.id,
      active,
      seats_left: Math.max(0, slot.capacity - slot.bookedSeats),
      bookable: active ? bookableSeats(slot, slot) : 0,
      gathering,
    };
    afterCommit(tx, excursionSlotsChannel(slot.excursionId), SLOT_SEATS_EVENT, seats);
    if (!gathering) continue;
    const booked = await tx
      .select({ id: orders.id, customerId: orders.customerId })
      .from(orders)
      .where(and(eq(orders.eventId, slot.id), inArray(orders.status, [...SHOWS_GATHERING])));
    for (const order of booked) {
      const payload: OrderGatheringPayload = { order_id: order.id, gathering };
      afterCommit(tx, userChannel(order.customerId), ORDER_GATHERING_EVENT, payload);
    }
  }
}
