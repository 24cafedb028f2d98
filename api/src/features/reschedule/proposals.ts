// Issue 32 §2: the guide proposes other times. On a request (or an order the guide must move) the partner picks one to
// three slots — or new times, which become slots — with a message; the customer gets a notification and a chat message
// with the proposals as buttons, takes one (the order moves there in one transaction, seats re-checked) or refuses them
// all (the order is cancelled with a full refund). A proposal expires with the request's deadline.
import { announceSlots } from '../orders/slot-news';
import {
  CHAT_MESSAGE_EVENT,
  PROPOSAL_MAX_SLOTS,
  RESCHEDULE_REASON_PREFIX,
  type ChatMessageSentPayload,
  type ProposalBody,
  type ProposalOptions,
} from '@excursio/shared/contracts';
import { formatEventShort, zonedMoment } from '@excursio/shared/time';
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { OrdersConfig } from '../../config';
import type { Database } from '../../db/client';
import { chatMessages, events, orderProposals, orders, type ProposedSlot } from '../../db/schema';
import { fieldError, HttpError } from '../../http/http-error';
import { userChannel, type Broadcaster } from '../../realtime';
import { chatParties, toChatMessage } from '../chat/messages';
import { chatAccess } from '../chat/access';
import { paymentDeadline } from '../lifecycle/deadlines';
import { afterCommit, withEvents } from '../notifications/after-commit';
import { notify } from '../notifications/notify';
import { notifyOrderChange } from '../notifications/order-notices';
import { recordStatus } from '../orders/history';
import { bookableSeats } from '../orders/seats';
import { endOrder } from '../orders/transitions';
import { proposalById } from './pending';
import { loadOrder, MOVABLE, moveOrder, pricedAt, type OrderRow } from './service';

const refuse = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });
const NO_SEATS = 'На это время мест уже не осталось: выберите другое из предложенных или напишите гиду.';
export const REFUSED_REASON = 'Ни одно из предложенных гидом времён не подошло';

export interface ProposalDeps {
  db: Database;
  broadcaster: Broadcaster;
  commission: number;
  config: Pick<OrdersConfig, 'requestAnswerH' | 'paymentHoldMin'>;
}

/** Why the partner cannot propose other times for this order now (null: they can). */
function proposalRefusal(row: OrderRow, now: Date): string | null {
  if (!(MOVABLE as readonly string[]).includes(row.order.status)) return 'Предложить другое время можно только для заявки или действующего заказа.';
  if (row.order.status === 'awaiting_confirmation' && row.order.respondBy && row.order.respondBy.getTime() <= now.getTime()) {
    return 'Время ответа на заявку вышло.';
  }
  return null;
}

/** Until when the customer may choose: the request's deadline; for an accepted order, its current start. */
const expiryOf = (row: OrderRow) => (row.order.status === 'awaiting_confirmation' && row.order.respondBy ? row.order.respondBy : row.startsAt);

/** Upcoming active slots of the order's excursion the order fits on (not its own), for the partner's choice. */
export async function proposalOptions(db: Database, partnerId: number, orderId: number, now: Date): Promise<ProposalOptions> {
  const row = await loadOrder(db, and(eq(orders.id, orderId), eq(orders.partnerId, partnerId)));
  const reason = proposalRefusal(row, now);
  if (reason) return { reason, slots: [] };
  const candidates = await db
    .select({ id: events.id, startsAt: events.startsAt, capacity: events.capacity, booked: events.bookedSeats })
    .from(events)
    .where(and(eq(events.excursionId, row.excursion.id), eq(events.status, 'active'), gt(events.startsAt, now), ne(events.id, row.order.eventId)))
    .orderBy(asc(events.startsAt))
    .limit(60);
  return {
    reason: null,
    slots: candidates
      .map((s) => ({ event_id: s.id, starts_at: s.startsAt.toISOString(), seats_left: bookableSeats(row.excursion, { capacity: s.capacity, bookedSeats: s.booked }) }))
      .filter((s) => s.seats_left >= row.order.seats),
  };
}

/** A new time becomes a slot of the excursion (an existing slot at that moment is reused), sized like the order's. */
async function slotAt(tx: Database, row: OrderRow, time: { date: string; time: string }, now: Date): Promise<number> {
  const startsAt = zonedMoment(time.date, time.time, row.timeZone);
  if (Number.isNaN(startsAt.getTime())) throw refuse('new_times', 'Укажите дату и время.');
  if (startsAt.getTime() <= now.getTime()) throw refuse('new_times', 'Это время уже прошло.');
  const [existing] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.excursionId, row.excursion.id), eq(events.startsAt, startsAt)));
  if (existing) return existing.id;
  const [current] = await tx.select({ capacity: events.capacity }).from(events).where(eq(events.id, row.order.eventId));
  const [slot] = await tx
    .insert(events)
    .values({ excursionId: row.excursion.id, startsAt, capacity: Math.max(current?.capacity ?? 0, row.order.seats), createdAt: now, updatedAt: now })
    .returning({ id: events.id });
  return slot!.id;
}

/** The partner proposes other times: the pending proposal replaced, the customer told and sent the chat message. */
export async function proposeTimes(deps: ProposalDeps, partnerId: number, orderId: number, body: ProposalBody, now: Date): Promise<void> {
  const message = body.message.trim();
  if (!message) throw fieldError('message', 'Напишите путешественнику пару слов: почему другое время.');
  const picked = [...new Set(body.event_ids ?? [])];
  const newTimes = body.new_times ?? [];
  if (picked.length + newTimes.length === 0) throw refuse('event_ids', 'Выберите хотя бы одно время.');
  if (picked.length + newTimes.length > PROPOSAL_MAX_SLOTS) throw refuse('event_ids', `Можно предложить не больше ${PROPOSAL_MAX_SLOTS} вариантов.`);
  const access = await chatAccess(deps.db, orderId, partnerId);
  if (access.side !== 'partner') throw new HttpError(404, 'Not Found');
  const { me: sender } = await chatParties(deps.db, access);
  await withEvents(deps.db, deps.broadcaster, async (tx) => {
    const row = await loadOrder(tx, and(eq(orders.id, orderId), eq(orders.partnerId, partnerId)), true);
    const reason = proposalRefusal(row, now);
    if (reason) throw refuse('status', reason);
    const ids = [...picked];
    for (const time of newTimes) {
      const id = await slotAt(tx, row, time, now);
      if (!ids.includes(id)) ids.push(id);
    }
    const slotRows = await tx
      .select({ id: events.id, startsAt: events.startsAt, capacity: events.capacity, booked: events.bookedSeats, priceOverride: events.priceOverride })
      .from(events)
      .where(and(inArray(events.id, ids), eq(events.excursionId, row.excursion.id), eq(events.status, 'active'), gt(events.startsAt, now)));
    if (slotRows.length !== ids.length || ids.includes(row.order.eventId)) throw refuse('event_ids', 'Это время предложить нельзя: выберите другое.');
    const slots: ProposedSlot[] = [];
    for (const slot of slotRows.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
      if (bookableSeats(row.excursion, { capacity: slot.capacity, bookedSeats: slot.booked }) < row.order.seats) {
        throw refuse('event_ids', `На ${formatEventShort(slot.startsAt, row.timeZone)} уже не хватает мест для этого заказа.`);
      }
      const amounts = await pricedAt(tx, row, slot.priceOverride, deps.commission);
      if (!amounts) throw refuse('event_ids', 'Это время предложить нельзя: выберите другое.');
      slots.push({ event_id: slot.id, ...amounts });
    }
    await tx
      .update(orderProposals)
      .set({ status: 'withdrawn', resolvedAt: now })
      .where(and(eq(orderProposals.orderId, orderId), eq(orderProposals.status, 'pending')));
    const [proposal] = await tx
      .insert(orderProposals)
      .values({ orderId, slots, message, expiresAt: expiryOf(row), createdAt: now })
      .returning({ id: orderProposals.id });
    const labels = slotRows.map((s) => formatEventShort(s.startsAt, row.timeZone));
    const [chat] = await tx
      .insert(chatMessages)
      .values({ orderId, senderId: partnerId, senderType: 'partner', text: `${message}\n\nГид предлагает другое время: ${labels.join('; ')}.`, proposalId: proposal!.id, createdAt: now })
      .returning();
    const chatMessage = { ...toChatMessage(chat!, access.contactsMasked), proposal: (await proposalById(tx, proposal!.id, now))! };
    const payload: ChatMessageSentPayload = { message: chatMessage, sender };
    afterCommit(tx, userChannel(row.order.customerId), CHAT_MESSAGE_EVENT, payload);
    afterCommit(tx, userChannel(partnerId), CHAT_MESSAGE_EVENT, payload);
    await notify(tx, {
      userId: row.order.customerId,
      type: 'client_order_proposal',
      text: `Гид предлагает другое время для заказа №${orderId} «${row.excursion.title}»: ${labels.join('; ')}. Выберите подходящее в заказе.`,
      link: `/account/user/${orderId}`,
      data: { order_id: orderId, message_id: chat!.id },
    });
  });
}

type ProposalRow = typeof orderProposals.$inferSelect;

/** The customer's pending proposal of this order, locked; a 422 when there is none or it is over. */
async function lockedProposal(tx: Database, orderId: number, now: Date): Promise<ProposalRow> {
  const [proposal] = await tx
    .select()
    .from(orderProposals)
    .where(and(eq(orderProposals.orderId, orderId), eq(orderProposals.status, 'pending')))
    .for('update');
  if (!proposal) throw refuse('proposal', 'Предложение гида уже неактуально: выбор сделан или гид его отозвал.');
  if (proposal.expiresAt.getTime() <= now.getTime()) throw refuse('proposal', 'Время ответа на предложение гида вышло.');
  return proposal;
}

/**
 * The customer takes one of the proposed times: in one transaction the seats are taken on that slot (a conditional
 * UPDATE: a slot filled meanwhile is a 409 and nothing changes) and the order moves there with the amounts the
 * reschedule rules gave it (a paid prepayment stays as paid). A request becomes an accepted order waiting for payment.
 */
export async function acceptProposal(deps: ProposalDeps, customerId: number, orderId: number, eventId: number, now: Date): Promise<void> {
  await withEvents(deps.db, deps.broadcaster, async (tx) => {
    const row = await loadOrder(tx, and(eq(orders.id, orderId), eq(orders.customerId, customerId)), true);
    if (!(MOVABLE as readonly string[]).includes(row.order.status)) throw refuse('status', 'Заказ уже не действует: выбрать время нельзя.');
    const proposal = await lockedProposal(tx, orderId, now);
    const chosen = proposal.slots.find((s) => s.event_id === eventId);
    if (!chosen) throw refuse('event_id', 'Этого времени нет среди предложенных гидом.');
    const amounts = { total: chosen.total, prepayment: chosen.prepayment };
    let from: string;
    let to: string;
    if (row.order.status === 'awaiting_confirmation') {
      // a request holds no seats: they are taken now, as when the guide accepts it
      const reserve = sql`(case when ${row.excursion.format} = 'individual' then ${events.capacity} else ${row.order.seats} end)`;
      const [taken] = await tx
        .update(events)
        .set({ bookedSeats: sql`${events.bookedSeats} + ${reserve}`, updatedAt: now })
        .where(and(eq(events.id, eventId), eq(events.excursionId, row.excursion.id), eq(events.status, 'active'), gt(events.startsAt, now), sql`${events.bookedSeats} + ${reserve} <= ${events.capacity}`))
        .returning({ startsAt: events.startsAt });
      if (!taken) throw new HttpError(409, NO_SEATS, { event_id: [NO_SEATS] });
      from = formatEventShort(row.startsAt, row.timeZone);
      to = formatEventShort(taken.startsAt, row.timeZone);
      await tx
        .update(orders)
        .set({ eventId, ...amounts, status: 'awaiting_payment', paymentDueAt: paymentDeadline(now, taken.startsAt, deps.config), respondBy: null, updatedAt: now })
        .where(eq(orders.id, orderId));
      await recordStatus(tx, { orderId, status: 'awaiting_payment', actor: 'client', reason: `${RESCHEDULE_REASON_PREFIX} ${from} → ${to}`, at: now });
      await announceSlots(tx, [eventId]);
      await notifyOrderChange(tx, orderId, { kind: 'confirmed' });
    } else {
      try {
        ({ from, to } = await moveOrder(tx, row, eventId, amounts, 'client', now, deps.config));
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 409) throw new HttpError(409, NO_SEATS, { event_id: [NO_SEATS] });
        throw error;
      }
      await notify(tx, {
        userId: customerId,
        type: 'client_order_rescheduled',
        text: `Заказ №${orderId} «${row.excursion.title}» перенесён на ${to}: билеты остаются те же.`,
        link: `/account/user/${orderId}`,
        data: { order_id: orderId },
      });
    }
    await tx.update(orderProposals).set({ status: 'accepted', chosenEventId: eventId, resolvedAt: now }).where(eq(orderProposals.id, proposal.id));
    await notify(tx, {
      userId: row.order.partnerId,
      type: 'partner_order_rescheduled',
      text: `Путешественник выбрал предложенное вами время: заказ №${orderId} «${row.excursion.title}» — ${from} → ${to}.`,
      link: `/account/partner/order/${orderId}`,
      data: { order_id: orderId },
    });
  });
}

/** «Ни одно не подходит»: the order is cancelled and its paid prepayment refunded in full; the guide is told. */
export async function refuseProposal(deps: ProposalDeps, customerId: number, orderId: number, now: Date): Promise<{ refund: number }> {
  return endOrder(deps.db, deps.broadcaster, {
    where: and(eq(orders.id, orderId), eq(orders.customerId, customerId))!,
    to: 'cancelled_by_customer',
    from: MOVABLE,
    action: 'отказаться от предложенного времени',
    reason: REFUSED_REASON,
    refundPercent: 100,
    within: async (tx, id) => {
      const proposal = await lockedProposal(tx, id, now);
      await tx.update(orderProposals).set({ status: 'refused', resolvedAt: now }).where(eq(orderProposals.id, proposal.id));
    },
    now,
  });
}
