import { addDays, dayKeyIn, isoWeekday, zonedMoment } from '@excursio/shared/time';

/** What of a schedule rule decides its moments. */
export interface RuleDays {
  weekdays: number[];
  times: string[];
  validFrom: string;
  validTo: string | null;
}

/** The moments rules make slots at, from today to the horizon on the city's clock (closed days and the past left out). */
export function ruleMoments<R extends RuleDays>(
  rules: readonly R[],
  closures: ReadonlyArray<{ dateFrom: string; dateTo: string }>,
  zone: string,
  now: Date,
  horizonDays: number,
): Map<number, { startsAt: Date; rule: R }> {
  const today = dayKeyIn(now, zone);
  const wanted = new Map<number, { startsAt: Date; rule: R }>();
  for (let d = 0; d <= horizonDays; d++) {
    const day = addDays(today, d);
    if (closures.some((c) => c.dateFrom <= day && day <= c.dateTo)) continue;
    const weekday = isoWeekday(day);
    for (const rule of rules) {
      if (day < rule.validFrom || (rule.validTo !== null && day > rule.validTo) || !rule.weekdays.includes(weekday)) continue;
      for (const time of rule.times) {
        const startsAt = zonedMoment(day, time, zone);
        if (startsAt.getTime() > now.getTime()) wanted.set(startsAt.getTime(), { startsAt, rule });
      }
    }
  }
  return wanted;
}

