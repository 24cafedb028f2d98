// Issue 32 §1, a group that gathers: the partner's minimum per excursion (and per slot, in the slots' patch), the
// partner confirming a slot below it, and the lifecycle worker's decision at the decision time.
import { groupRuleProblems, type CalendarExcursion, type CalendarSlot, type GroupRuleBody } from '@excursio/shared/contracts';
import { formatEventShort } from '@excursio/shared/time';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, events, excursions, orders } from '../../db/schema';
import { fieldError, HttpError, notFound } from '../../http/http-error';
import type { Broadcaster } from '../../realtime';
import { withEvents } from '../notifications/after-commit';
import { notify, notifyMany } from '../notifications/notify';
import { groupMinOf } from '../orders/gathering';
import { announceSlots } from '../orders/slot-news';
import { queueGroupCancelledMail, queueGroupGatheredMail } from './group-mail';
import { partnerCancel, partnerDecline, type EndLetter } from '../orders/transitions';
import { slotsWhere } from './calendar';

const RUNNING = ['awaiting_payment', 'confirmed'] as const;

/** The partner sets (or removes) the minimum group of an excursion and when it is decided. */
export async function setGroupRule(db: Database, partnerId: number, body: GroupRuleBody): Promise<CalendarExcursion> {
  const [excursion] = await db
    .select({ id: excursions.id, format: excursions.format, groupSizeMax: excursions.groupSizeMax })
    .from(excursions)
    .where(and(eq(excursions.id, body.excursion_id), eq(excursions.partnerId, partnerId)));
  if (!excursion) throw notFound();
  const problems = groupRuleProblems({ format: excursion.format, groupSizeMax: excursion.groupSizeMax, groupMin: body.group_min, decisionHours: body.decision_hours });
  if (problems.group_min) throw fieldError('group_min', problems.group_min);
  if (problems.decision_hours) throw fieldError('decision_hours', problems.decision_hours);
  await db.update(excursions).set({ groupMin: body.group_min, groupDecisionHours: body.decision_hours, updatedAt: new Date() }).where(eq(excursions.id, excursion.id));
  const [row] = await db
    .select({ id: excursions.id, title: excursions.title, timeZone: cities.timeZone, group: excursions.groupSizeMax, groupMin: excursions.groupMin, hours: excursions.groupDecisionHours })
    .from(excursions)
    .innerJoin(cities, eq(cities.id, excursions.cityId))
    .where(eq(excursions.id, excursion.id));
  return { id: row!.id, title: row!.title, time_zone: row!.timeZone, group_size_max: row!.group, group_min: row!.groupMin, group_decision_hours: row!.hours };
}

interface GatheredSlot {
  id: number;
  startsAt: Date;
  title: string;
  timeZone: string;
  partnerId: number;
  bookedSeats: number;
  slotMin: number | null;
  excursionMin: number | null;
}

/** Everyone booked on the slot (and its partner) is told the group gathered: the excursion runs. */
async function announceGathered(tx: Database, slot: GatheredSlot, byPartner: boolean, now: Date): Promise<void> {
  const booked = await tx
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .where(and(eq(orders.eventId, slot.id), inArray(orders.status, [...RUNNING])));
  const when = formatEventShort(slot.startsAt, slot.timeZone);
  await notifyMany(
    tx,
    booked.map((o) => ({
      userId: o.customerId,
      type: 'client_group_gathered' as const,
      text: `Группа собралась: «${slot.title}» ${when} состоится.`,
      link: `/account/user/${o.id}`,
      data: { order_id: o.id },
    })),
  );
  const how = { booked: slot.bookedSeats, min: slot.slotMin ?? slot.excursionMin ?? 0, byPartner };
  await queueGroupGatheredMail(tx, booked.map((o) => o.id), how, now);
  if (!byPartner) {
    await notify(tx, {
      userId: slot.partnerId,
      type: 'partner_group_gathered',
      text: `Группа собралась: «${slot.title}» ${when} состоится, путешественники получили уведомление.`,
      link: '/account/partner/calendar',
      data: {},
    });
  }
}

function gatheringSlots(db: Database) {
  return db
    .select({
      id: events.id,
      startsAt: events.startsAt,
      bookedSeats: events.bookedSeats,
      slotMin: events.groupMin,
      confirmedAt: events.groupConfirmedAt,
      status: events.status,
      excursionMin: excursions.groupMin,
      hours: excursions.groupDecisionHours,
      format: excursions.format,
      title: excursions.title,
      partnerId: excursions.partnerId,
      timeZone: cities.timeZone,
    })
    .from(events)
    .innerJoin(excursions, eq(excursions.id, events.excursionId))
    .innerJoin(cities, eq(cities.id, excursions.cityId));
}

/** The partner runs a slot below its minimum (before the decision): everyone booked is told it runs. */
export async function confirmGroup(db: Database, broadcaster: Broadcaster, partnerId: number, slotId: number, now: Date): Promise<CalendarSlot[]> {
  await withEvents(db, broadcaster, async (tx) => {
    const [slot] = await gatheringSlots(tx)
      .where(and(eq(events.id, slotId), eq(excursions.partnerId, partnerId)))
      .for('update', { of: events });
    if (!slot) throw notFound();
    const refuse = (message: string) => new HttpError(422, message, { status: [message] });
    if (groupMinOf({ format: slot.format, groupMin: slot.excursionMin, groupDecisionHours: slot.hours }, { groupMin: slot.slotMin }) === null) {
      throw refuse('У этого слота нет минимальной группы: он и так состоится.');
    }
    if (slot.status !== 'active' || slot.startsAt.getTime() <= now.getTime()) throw refuse('Слот уже не действует.');
    if (slot.confirmedAt) throw refuse('Этот слот уже подтверждён.');
    await tx.update(events).set({ groupConfirmedAt: now, updatedAt: now }).where(eq(events.id, slot.id));
    await announceGathered(tx, slot, true, now);
    await announceSlots(tx, [slot.id]);
  });
  return slotsWhere(db, partnerId, eq(events.id, slotId));
}

export interface GroupDecisionDeps {
  db: Database;
  broadcaster: Broadcaster;
  seatsChanged?: () => void;
}

/**
 * At each gathering slot's decision time: gathered (seats taken ≥ the minimum) — confirmed, everyone told «Группа
 * собралась»; else the slot is cancelled, every order on it cancelled by the partner's rule (a request declined, an
 * accepted order refunded in full) with the reason, and the customer's order page offers the nearest slots.
 * Each slot is claimed by one conditional UPDATE: two workers never decide it twice.
 */
export async function decideGroups(deps: GroupDecisionDeps, now: Date, limit = 50): Promise<number> {
  const due = await gatheringSlots(deps.db)
    .where(
      and(
        eq(events.status, 'active'),
        isNull(events.groupConfirmedAt),
        gt(events.startsAt, now),
        eq(excursions.format, 'group'),
        sql`coalesce(${events.groupMin}, ${excursions.groupMin}) is not null`,
        sql`${events.startsAt} - ${excursions.groupDecisionHours} * interval '1 hour' <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(limit);
  let decided = 0;
  for (const slot of due) {
    const min = (slot.slotMin ?? slot.excursionMin)!;
    if (slot.bookedSeats >= min) {
      const done = await withEvents(deps.db, deps.broadcaster, async (tx) => {
        const [claimed] = await tx
          .update(events)
          .set({ groupConfirmedAt: now, updatedAt: now })
          .where(and(eq(events.id, slot.id), eq(events.status, 'active'), isNull(events.groupConfirmedAt)))
          .returning({ id: events.id });
        if (claimed) {
          await announceGathered(tx, slot, false, now);
          await announceSlots(tx, [slot.id]);
        }
        return Boolean(claimed);
      });
      if (done) decided += 1;
      continue;
    }
    const [claimed] = await deps.db
      .update(events)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(events.id, slot.id), eq(events.status, 'active'), isNull(events.groupConfirmedAt)))
      .returning({ id: events.id });
    if (!claimed) continue;
    decided += 1;
    const reason = `Группа не набралась: записалось ${slot.bookedSeats} из ${min} нужных. Предоплата вернётся полностью — выберите другую дату.`;
    const onSlot = await deps.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.eventId, slot.id), inArray(orders.status, ['awaiting_confirmation', ...RUNNING])));
    // each order's one letter, in its cancellation's transaction (its outbox row: sent with retries, once per order);
    // a waiting request gets this letter too, not a declined request's as well
    const letter: EndLetter = (tx, orderId, refund) => queueGroupCancelledMail(tx, orderId, { booked: slot.bookedSeats, min, refund }, now);
    for (const order of onSlot) {
      try {
        if (order.status === 'awaiting_confirmation') await partnerDecline(deps.db, deps.broadcaster, order.id, slot.partnerId, now, reason, letter);
        else await partnerCancel(deps.db, deps.broadcaster, order.id, slot.partnerId, now, reason, letter);
      } catch (error) {
        // an order that changed meanwhile (the customer cancelled it) is left as it became
        if (!(error instanceof HttpError)) throw error;
      }
    }
    await withEvents(deps.db, deps.broadcaster, async (tx) => {
      // the catalog drops the slot (its orders' pages follow their own cancellation)
      await announceSlots(tx, [slot.id]);
      await notify(tx, {
        userId: slot.partnerId,
        type: 'partner_group_cancelled',
        text: `Группа не набралась: «${slot.title}» ${formatEventShort(slot.startsAt, slot.timeZone)} отменена (записалось ${slot.bookedSeats} из ${min}). Путешественникам вернули предоплату.`,
        link: '/account/partner/calendar',
        data: {},
      });
    });
    deps.seatsChanged?.();
  }
  return decided;
}
