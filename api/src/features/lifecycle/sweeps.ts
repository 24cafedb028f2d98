import { formatPhone } from '@excursio/shared/phone';
import { addDays, dayKeyIn, formatClock, zonedMoment } from '@excursio/shared/time';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { OrdersConfig } from '../../config';
import type { Database } from '../../db/client';
import { cities, events, excursions, lifecycleMarks, orders, partnerProfiles } from '../../db/schema';
import type { Broadcaster } from '../../realtime';
import { withEvents } from '../notifications/after-commit';
import { notify } from '../notifications/notify';
import { notifyOrderChange, notifyOrderChanges } from '../notifications/order-notices';
import { participants } from '../notifications/order-texts';
import { reservedSeats } from '../orders/seats';
import { recordStatuses } from '../orders/history';
import { autoApprove } from '../partner-excursions/moderation';
import { extendSchedules } from '../schedules/generation';
import { requestHalfTime } from './deadlines';

/** How many due orders one transaction takes (each order's transition and notices commit together with the batch). */
export const BATCH = 100;
const HOUR_MS = 60 * 60 * 1000;

export interface SweepDeps {
  db: Database;
  broadcaster: Broadcaster;
  config: Pick<OrdersConfig, 'requestAnswerH'> & Partial<Pick<OrdersConfig, 'moderationAutoApproveS'>>;
  /** Seats came back to slots: the catalog's seat-dependent answers are stale. */
  seatsChanged?: () => void;
  /** Excursions were published: every catalog answer is stale. */
  catalogChanged?: () => void;
}

export interface SweepReport {
  holdsExpired: number;
  requestsExpired: number;
  requestReminders: number;
  completed: number;
  customerReminders: number;
  partnerDigests: number;
  slotsGenerated: number;
  autoApproved: number;
}

/**
 * One pass of everything that is due at `now`. Every transition is a conditional change of rows locked with
 * `FOR UPDATE SKIP LOCKED`, in a transaction with its history and notices: two workers (two api processes) never take
 * the same order, a crash rolls a batch back whole, and the next pass (after a restart too) finds it still due.
 * Reminders are marked in `lifecycle_marks` in the transaction that sends them, so none is sent twice.
 */
export async function sweep(deps: SweepDeps, now: Date): Promise<SweepReport> {
  const report: SweepReport = {
    holdsExpired: await drain((limit) => expireHolds(deps, now, limit)),
    requestsExpired: await drain((limit) => expireRequests(deps, now, limit)),
    requestReminders: await drain((limit) => remindRequests(deps, now, limit)),
    completed: await drain((limit) => completeOrders(deps, now, limit)),
    customerReminders: await drain((limit) => remindCustomers(deps, now, limit)),
    partnerDigests: await sendPartnerDigests(deps, now),
    // schedules reach the booking horizon day by day (idempotent: a slot that exists is left as it is)
    slotsGenerated: await extendSchedules(deps.db, now),
    // development only: submissions approved after a delay, so `npm start` shows the whole flow
    autoApproved: await autoApprove(deps, now, deps.config.moderationAutoApproveS ?? 0),
  };
  if (report.autoApproved > 0) deps.catalogChanged?.();
  if (report.slotsGenerated > 0) deps.seatsChanged?.();
  if (report.holdsExpired > 0) deps.seatsChanged?.();
  return report;
}

/** Runs batches until one comes back short. */
async function drain(batch: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await batch(BATCH);
    total += done;
    if (done < BATCH) return total;
  }
}

/** Orders awaiting payment past their hold: expired, seats back, both sides told. */
export async function expireHolds(deps: SweepDeps, now: Date, limit = BATCH): Promise<number> {
  return withEvents(deps.db, deps.broadcaster, async (tx) => {
    const due = await tx
      .select({ id: orders.id, seats: orders.seats, eventId: orders.eventId, format: excursions.format, capacity: events.capacity })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .innerJoin(excursions, eq(excursions.id, orders.excursionId))
      .where(and(eq(orders.status, 'awaiting_payment'), lte(orders.paymentDueAt, now)))
      .orderBy(asc(orders.paymentDueAt))
      .limit(limit)
      .for('update', { of: orders, skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((o) => o.id);
    await tx.update(orders).set({ status: 'expired', cancelledAt: now, updatedAt: now }).where(inArray(orders.id, ids));
    // the seats back, one update per slot
    const freed = new Map<number, number>();
    for (const order of due) {
      freed.set(order.eventId, (freed.get(order.eventId) ?? 0) + reservedSeats(order.format, order.seats, order.capacity));
    }
    for (const [eventId, seats] of freed) {
      await tx
        .update(events)
        .set({ bookedSeats: sql`greatest(0, ${events.bookedSeats} - ${seats})`, updatedAt: now })
        .where(eq(events.id, eventId));
    }
    // A pending payment stays pending: if the provider still reports it paid, completePayment refunds it.
    await recordStatuses(tx, ids.map((orderId) => ({ orderId, status: 'expired', actor: 'system', at: now })));
    await notifyOrderChanges(tx, ids, { kind: 'payment_expired' });
    return due.length;
  });
}

/** Requests the partner did not answer by their deadline: expired, nothing charged, both sides told. */
export async function expireRequests(deps: SweepDeps, now: Date, limit = BATCH): Promise<number> {
  return withEvents(deps.db, deps.broadcaster, async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'awaiting_confirmation'), lte(orders.respondBy, now)))
      .orderBy(asc(orders.respondBy))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((o) => o.id);
    await tx.update(orders).set({ status: 'expired', cancelledAt: now, updatedAt: now }).where(inArray(orders.id, ids));
    await recordStatuses(tx, ids.map((orderId) => ({ orderId, status: 'expired', actor: 'system', at: now })));
    await notifyOrderChanges(tx, ids, { kind: 'request_expired' });
    return due.length;
  });
}

/** Claims a once-only key in the transaction; false when it was claimed before. */
async function claim(tx: Database, key: string, now: Date): Promise<boolean> {
  const [row] = await tx.insert(lifecycleMarks).values({ key, createdAt: now }).onConflictDoNothing().returning({ key: lifecycleMarks.key });
  return row !== undefined;
}

/** The partner is reminded of a request once half its answer time is gone. */
export async function remindRequests(deps: SweepDeps, now: Date, limit = BATCH): Promise<number> {
  return withEvents(deps.db, deps.broadcaster, async (tx) => {
    // half-time ≤ now ⇔ created + (respond_by − created) / 2 ≤ now
    const due = await tx
      .select({ id: orders.id, createdAt: orders.createdAt, respondBy: orders.respondBy })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'awaiting_confirmation'),
          gt(orders.respondBy, now),
          sql`${orders.createdAt} + (${orders.respondBy} - ${orders.createdAt}) / 2 <= ${now.toISOString()}::timestamptz`,
          sql`not exists (select 1 from ${lifecycleMarks} where ${lifecycleMarks.key} = 'request-half:' || ${orders.id})`,
        ),
      )
      .limit(limit)
      .for('update', { skipLocked: true });
    let sent = 0;
    for (const order of due) {
      if (!order.respondBy || requestHalfTime(order.createdAt, order.respondBy) > now) continue;
      if (!(await claim(tx, `request-half:${order.id}`, now))) continue;
      await notifyOrderChange(tx, order.id, { kind: 'request_reminder', respondBy: order.respondBy });
      sent += 1;
    }
    return sent;
  });
}

/** Confirmed orders whose slot has ended (start + duration): completed; the customer is invited to review. */
export async function completeOrders(deps: SweepDeps, now: Date, limit = BATCH): Promise<number> {
  return withEvents(deps.db, deps.broadcaster, async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .innerJoin(excursions, eq(excursions.id, orders.excursionId))
      .where(
        and(
          eq(orders.status, 'confirmed'),
          lte(events.startsAt, now),
          sql`${events.startsAt} + make_interval(mins => ${excursions.durationMinutes}) <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .limit(limit)
      .for('update', { of: orders, skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((o) => o.id);
    await tx.update(orders).set({ status: 'completed', completedAt: now, updatedAt: now }).where(inArray(orders.id, ids));
    await recordStatuses(tx, ids.map((orderId) => ({ orderId, status: 'completed', actor: 'system', at: now })));
    await notifyOrderChanges(tx, ids, { kind: 'completed' });
    return due.length;
  });
}

/**
 * The customer is reminded the day before (within 24 h of the start) of a confirmed order booked earlier than that:
 * time, meeting point, the guide's contact, what is left to pay on site.
 */
export async function remindCustomers(deps: SweepDeps, now: Date, limit = BATCH): Promise<number> {
  return withEvents(deps.db, deps.broadcaster, async (tx) => {
    const due = await tx
      .select({
        id: orders.id,
        total: orders.total,
        prepayment: orders.prepayment,
        meetingPoint: excursions.meetingPoint,
        // the phone the partner gives travellers, never the service contacts nor the sign-in phone
        guidePhone: partnerProfiles.travellerPhone,
      })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .innerJoin(excursions, eq(excursions.id, orders.excursionId))
      .leftJoin(partnerProfiles, eq(partnerProfiles.userId, orders.partnerId))
      .where(
        and(
          eq(orders.status, 'confirmed'),
          gt(events.startsAt, now),
          lte(events.startsAt, new Date(now.getTime() + 24 * HOUR_MS)),
          sql`coalesce(${orders.confirmedAt}, ${orders.createdAt}) <= ${events.startsAt} - interval '24 hours'`,
          sql`not exists (select 1 from ${lifecycleMarks} where ${lifecycleMarks.key} = 'customer-day:' || ${orders.id})`,
        ),
      )
      .limit(limit)
      .for('update', { of: orders, skipLocked: true });
    let sent = 0;
    for (const order of due) {
      if (!(await claim(tx, `customer-day:${order.id}`, now))) continue;
      await notifyOrderChange(tx, order.id, {
        kind: 'customer_reminder',
        meetingPoint: order.meetingPoint,
        guidePhone: order.guidePhone ? formatPhone(order.guidePhone) : null,
        rest: order.total - order.prepayment,
      });
      sent += 1;
    }
    return sent;
  });
}

/**
 * The partner's evening digest: from 18:00 on the excursion city's clock the day before, tomorrow's slots with their
 * participants, once per partner and day.
 */
export async function sendPartnerDigests(deps: SweepDeps, now: Date): Promise<number> {
  return withEvents(deps.db, deps.broadcaster, async (tx) => {
    const rows = await tx
      .select({
        orderId: orders.id,
        partnerId: orders.partnerId,
        seats: orders.seats,
        title: excursions.title,
        startsAt: events.startsAt,
        timeZone: cities.timeZone,
      })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .innerJoin(excursions, eq(excursions.id, orders.excursionId))
      .innerJoin(cities, eq(cities.id, excursions.cityId))
      .where(
        and(
          inArray(orders.status, ['confirmed', 'awaiting_payment']),
          gt(events.startsAt, now),
          lte(events.startsAt, new Date(now.getTime() + 36 * HOUR_MS)),
        ),
      )
      .orderBy(asc(events.startsAt));
    const digests = new Map<string, { partnerId: number; day: string; lines: Map<string, number> }>();
    for (const row of rows) {
      const day = dayKeyIn(row.startsAt, row.timeZone);
      // 18:00 on the excursion's clock the evening before
      const digestAt = zonedMoment(addDays(day, -1), '18:00', row.timeZone);
      if (digestAt.getTime() > now.getTime()) continue;
      const key = `partner-day:${row.partnerId}:${day}`;
      const digest = digests.get(key) ?? { partnerId: row.partnerId, day, lines: new Map<string, number>() };
      const line = `${formatClock(row.startsAt, row.timeZone)} «${row.title}»`;
      digest.lines.set(line, (digest.lines.get(line) ?? 0) + row.seats);
      digests.set(key, digest);
    }
    let sent = 0;
    for (const [key, digest] of digests) {
      if (!(await claim(tx, key, now))) continue;
      const slots = [...digest.lines].map(([line, seats]) => `${line} — ${participants(seats)}`).join('; ');
      await notify(tx, {
        userId: digest.partnerId,
        type: 'partner_day_digest',
        text: `Завтра у вас: ${slots}`,
        link: '/account/partner/calendar',
        data: { date: digest.day },
      });
      sent += 1;
    }
    return sent;
  });
}
