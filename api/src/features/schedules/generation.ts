import { CALENDAR_HORIZON_DAYS } from '@excursio/shared/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, scheduleClosures, scheduleRules } from '../../db/schema';
import { ruleMoments } from './moments';
import { excursionZone } from './partnerExcursion';

/**
 * One writer of an excursion's slots at a time, until the transaction ends (an advisory lock): the generator, a new
 * rule and a one-off slot never race each other, in one api process or several.
 */
export async function lockSchedule(tx: Database, excursionId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`schedules:${excursionId}`}))`);
}

/**
 * Turns an excursion's rules into slots for the days from today to the horizon (on its city's clock), skipping closed
 * days and moments already past; a slot that exists at that moment is left as it is. Idempotent; one generator at a
 * time per excursion (an advisory lock), so two api processes never insert one slot twice.
 */
export async function generateSlots(tx: Database, excursionId: number, now: Date, horizonDays = CALENDAR_HORIZON_DAYS): Promise<number> {
  await lockSchedule(tx, excursionId);
  const zone = await excursionZone(tx, excursionId);
  if (!zone) return 0;
  const rules = await tx.select().from(scheduleRules).where(eq(scheduleRules.excursionId, excursionId));
  if (rules.length === 0) return 0;
  const closures = await tx.select().from(scheduleClosures).where(eq(scheduleClosures.excursionId, excursionId));
  const wanted = ruleMoments(rules, closures, zone, now, horizonDays);
  if (wanted.size === 0) return 0;
  const moments = [...wanted.values()].map((w) => w.startsAt);
  const existing = await tx
    .select({ startsAt: events.startsAt })
    .from(events)
    .where(and(eq(events.excursionId, excursionId), inArray(events.startsAt, moments)));
  const taken = new Set(existing.map((e) => e.startsAt.getTime()));
  const rows = [...wanted.values()]
    .filter((w) => !taken.has(w.startsAt.getTime()))
    .map(({ startsAt, rule }) => ({
      excursionId,
      startsAt,
      capacity: rule.capacity,
      priceOverride: rule.priceOverride,
      cutoffMinutes: rule.cutoffMinutes,
      ruleId: rule.id,
      createdAt: now,
      updatedAt: now,
    }));
  if (rows.length > 0) await tx.insert(events).values(rows);
  return rows.length;
}

/** The lifecycle worker's step: every excursion with a schedule keeps its slots generated up to the horizon. */
export async function extendSchedules(db: Database, now: Date): Promise<number> {
  const ids = await db.selectDistinct({ id: scheduleRules.excursionId }).from(scheduleRules);
  let made = 0;
  for (const { id } of ids) made += await db.transaction((tx) => generateSlots(tx, id, now));
  return made;
}
