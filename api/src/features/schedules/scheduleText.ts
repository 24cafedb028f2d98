import type { scheduleRules } from '../../db/schema';

type RuleRow = typeof scheduleRules.$inferSelect;

const WEEKDAY = ['', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];

/** A day (YYYY-MM-DD) in words: «1 декабря 2026 г.» */
export const dayText = (day: string) => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** «пн, ср в 10:00 и 14:00, с 1 декабря 2026 г. по 31 мая 2027 г.» */
export function ruleSummary(rule: Pick<RuleRow, 'weekdays' | 'times' | 'validFrom' | 'validTo'>): string {
  const days = [...rule.weekdays].sort().map((d) => WEEKDAY[d]).join(', ');
  const times = [...rule.times].sort();
  const at = times.length > 1 ? `${times.slice(0, -1).join(', ')} и ${times.at(-1)}` : times[0];
  return `${days} в ${at}, с ${dayText(rule.validFrom)}${rule.validTo ? ` по ${dayText(rule.validTo)}` : ''}`;
}
