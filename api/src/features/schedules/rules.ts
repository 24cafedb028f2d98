import { CALENDAR_HORIZON_DAYS, type ScheduleRule, type ScheduleRuleBody, type Schedules } from '@excursio/shared/contracts';
import { and, asc, eq, gt, notExists } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, orders, scheduleClosures, scheduleRules } from '../../db/schema';
import { fieldError, HttpError, notFound } from '../../http/http-error';
import { toClosure } from './closures';
import { generateSlots, lockSchedule } from './generation';
import { ruleMoments } from './moments';
import { rulesOverlap, scheduleOverlapMessage, scheduleOverlaps } from './overlaps';
import { excursionZone, ownExcursion } from './partnerExcursion';
import { ruleSummary } from './scheduleText';

type RuleRow = typeof scheduleRules.$inferSelect;

const toRule = (r: RuleRow): ScheduleRule => ({
  id: r.id,
  excursion_id: r.excursionId,
  weekdays: [...r.weekdays].sort(),
  times: [...r.times].sort(),
  valid_from: r.validFrom,
  valid_to: r.validTo,
  capacity: r.capacity,
  price_override: r.priceOverride,
  cutoff_minutes: r.cutoffMinutes,
  summary: ruleSummary(r),
});

/** An excursion's schedule: its rules and its closed days. */
export async function schedulesOf(db: Database, partnerId: number, excursionId: number): Promise<Schedules> {
  await ownExcursion(db, partnerId, excursionId);
  const rules = await db.select().from(scheduleRules).where(eq(scheduleRules.excursionId, excursionId)).orderBy(asc(scheduleRules.id));
  const closures = await db.select().from(scheduleClosures).where(eq(scheduleClosures.excursionId, excursionId)).orderBy(asc(scheduleClosures.dateFrom));
  return { rules: rules.map(toRule), closures: closures.map(toClosure) };
}

/** A new rule (refused when it would make a slot another rule makes: the message names that rule); slots follow. */
export async function createRule(db: Database, partnerId: number, body: ScheduleRuleBody, now: Date): Promise<void> {
  await ownExcursion(db, partnerId, body.excursion_id);
  const rule = {
    weekdays: [...new Set(body.weekdays)].sort(),
    times: [...new Set(body.times)].sort(),
    validFrom: body.valid_from,
    validTo: body.valid_to ?? null,
  };
  if (rule.validTo !== null && rule.validTo < rule.validFrom) throw fieldError('valid_to', 'Дата окончания раньше даты начала.');
  await db.transaction(async (tx) => {
    await lockSchedule(tx, body.excursion_id);
    const others = await tx.select().from(scheduleRules).where(eq(scheduleRules.excursionId, body.excursion_id));
    const clash = others.find((other) => rulesOverlap(rule, other));
    if (clash) throw fieldError('times', `Пересекается с расписанием: ${ruleSummary(clash)}.`);
    if (!body.allow_overlap) {
      // the guide's other slots at the moments this schedule would add: asked about first, as for a one-off slot
      const zone = (await excursionZone(tx, body.excursion_id))!;
      const closures = await tx.select().from(scheduleClosures).where(eq(scheduleClosures.excursionId, body.excursion_id));
      const moments = [...ruleMoments([rule], closures, zone, now, CALENDAR_HORIZON_DAYS).values()].map((m) => m.startsAt);
      const found = await scheduleOverlaps(tx, body.excursion_id, moments);
      if (found.length > 0) {
        const message = scheduleOverlapMessage(found, zone);
        throw new HttpError(409, message, { allow_overlap: [message] });
      }
    }
    await tx.insert(scheduleRules).values({
      excursionId: body.excursion_id,
      ...rule,
      capacity: body.capacity,
      priceOverride: body.price_override ?? null,
      cutoffMinutes: body.cutoff_minutes ?? 0,
      createdAt: now,
    });
  });
  await db.transaction((tx) => generateSlots(tx, body.excursion_id, now));
}

/** Removes a rule and its future slots nobody booked; slots with orders stay (as one-off slots). */
export async function deleteRule(db: Database, partnerId: number, ruleId: number, now: Date): Promise<number> {
  const [rule] = await db.select().from(scheduleRules).where(eq(scheduleRules.id, ruleId));
  if (!rule) throw notFound();
  await ownExcursion(db, partnerId, rule.excursionId);
  await db.transaction(async (tx) => {
    await tx
      .delete(events)
      .where(
        and(
          eq(events.ruleId, ruleId),
          gt(events.startsAt, now),
          eq(events.bookedSeats, 0),
          notExists(tx.select({ id: orders.id }).from(orders).where(eq(orders.eventId, events.id))),
        ),
      );
    await tx.update(events).set({ ruleId: null }).where(eq(events.ruleId, ruleId));
    await tx.delete(scheduleRules).where(eq(scheduleRules.id, ruleId));
  });
  return rule.excursionId;
}
