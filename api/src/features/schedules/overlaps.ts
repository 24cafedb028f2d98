import { formatClock, formatEventShort } from '@excursio/shared/time';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, excursions } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { RuleDays } from './moments';

/** A slot of the same guide that would run at the same time. */
export interface OverlappingSlot {
  title: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The slots (not cancelled) of the guide who leads this excursion — of the excursion itself when it names no guide —
 * that run at some moment of [startsAt, startsAt + its duration): start < other end && end > other start.
 */
export async function overlappingSlots(db: Database, excursionId: number, startsAt: Date): Promise<OverlappingSlot[]> {
  const [own] = await db
    .select({ guideId: excursions.guideId, duration: excursions.durationMinutes })
    .from(excursions)
    .where(eq(excursions.id, excursionId));
  if (!own) return [];
  const endsAt = new Date(startsAt.getTime() + own.duration * 60_000);
  const sameGuide = own.guideId === null ? eq(excursions.id, excursionId) : eq(excursions.guideId, own.guideId);
  const otherEnd = sql<Date>`${events.startsAt} + ${excursions.durationMinutes} * interval '1 minute'`;
  const rows = await db
    .select({ title: excursions.title, startsAt: events.startsAt, duration: excursions.durationMinutes })
    .from(events)
    .innerJoin(excursions, eq(excursions.id, events.excursionId))
    .where(and(sameGuide, inArray(events.status, ['active', 'closed']), lt(events.startsAt, endsAt), gt(otherEnd, startsAt)))
    .orderBy(asc(events.startsAt));
  return rows.map((r) => ({ title: r.title, startsAt: r.startsAt, endsAt: new Date(r.startsAt.getTime() + r.duration * 60_000) }));
}

/** «Пересекается со слотом 10:30–12:30 «Тайны Замоскворечья» — всё равно добавить?» (times on the city's clock). */
export function overlapMessage(slots: readonly OverlappingSlot[], timeZone: string): string {
  const first = slots[0]!;
  const more = slots.length > 1 ? ` и ещё ${slots.length - 1}` : '';
  return `Пересекается со слотом ${formatClock(first.startsAt, timeZone)}–${formatClock(first.endsAt, timeZone)} «${first.title}»${more} — всё равно добавить?`;
}

/** 409 naming the first overlapping slot, unless the partner already said to add it anyway (`allow_overlap`). */
export async function refuseOverlap(db: Database, excursionId: number, startsAt: Date, timeZone: string, allowOverlap: boolean | undefined): Promise<void> {
  if (allowOverlap) return;
  const slots = await overlappingSlots(db, excursionId, startsAt);
  if (slots.length === 0) return;
  const message = overlapMessage(slots, timeZone);
  throw new HttpError(409, message, { allow_overlap: [message] });
}

/** A moment a new schedule would make a slot at, and the first slot of the same guide running then. */
export interface ScheduleOverlap {
  startsAt: Date;
  slot: OverlappingSlot;
}

/**
 * Of the moments a new schedule would make slots at, those when another slot of the same guide (of the excursion
 * itself when it names no guide) runs: one query over the whole span, then compared in memory. A slot of this
 * excursion at the very same moment is not one: the schedule keeps it instead of making another.
 */
export async function scheduleOverlaps(db: Database, excursionId: number, moments: readonly Date[]): Promise<ScheduleOverlap[]> {
  if (moments.length === 0) return [];
  const [own] = await db
    .select({ guideId: excursions.guideId, duration: excursions.durationMinutes })
    .from(excursions)
    .where(eq(excursions.id, excursionId));
  if (!own) return [];
  const length = own.duration * 60_000;
  const first = Math.min(...moments.map((m) => m.getTime()));
  const last = Math.max(...moments.map((m) => m.getTime())) + length;
  const sameGuide = own.guideId === null ? eq(excursions.id, excursionId) : eq(excursions.guideId, own.guideId);
  const otherEnd = sql<Date>`${events.startsAt} + ${excursions.durationMinutes} * interval '1 minute'`;
  const rows = await db
    .select({ excursionId: events.excursionId, title: excursions.title, startsAt: events.startsAt, duration: excursions.durationMinutes })
    .from(events)
    .innerJoin(excursions, eq(excursions.id, events.excursionId))
    .where(and(sameGuide, inArray(events.status, ['active', 'closed']), lt(events.startsAt, new Date(last)), gt(otherEnd, new Date(first))))
    .orderBy(asc(events.startsAt));
  const found: ScheduleOverlap[] = [];
  for (const startsAt of [...moments].sort((a, b) => a.getTime() - b.getTime())) {
    const start = startsAt.getTime();
    const other = rows.find((r) => {
      const otherStart = r.startsAt.getTime();
      if (r.excursionId === excursionId && otherStart === start) return false;
      return otherStart < start + length && otherStart + r.duration * 60_000 > start;
    });
    if (other) {
      found.push({ startsAt, slot: { title: other.title, startsAt: other.startsAt, endsAt: new Date(other.startsAt.getTime() + other.duration * 60_000) } });
    }
  }
  return found;
}

/** «Расписание пересекается со слотами гида (3): 2 декабря, 10:00 — слот 10:30–12:30 «…» — всё равно сохранить?» */
export function scheduleOverlapMessage(found: readonly ScheduleOverlap[], timeZone: string): string {
  const { startsAt, slot } = found[0]!;
  const count = found.length > 1 ? ` (${found.length})` : '';
  return `Расписание пересекается со слотами гида${count}: ${formatEventShort(startsAt, timeZone)} — слот ${formatClock(slot.startsAt, timeZone)}–${formatClock(slot.endsAt, timeZone)} «${slot.title}» — всё равно сохранить?`;
}

/** Whether two rules would make the same slot: their periods meet, and they share a weekday and a start time. */
export function rulesOverlap(a: RuleDays, b: RuleDays): boolean {
  const meet = (a.validTo === null || b.validFrom <= a.validTo) && (b.validTo === null || a.validFrom <= b.validTo);
  return meet && a.weekdays.some((d) => b.weekdays.includes(d)) && a.times.some((t) => b.times.includes(t));
}
