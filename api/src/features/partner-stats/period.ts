import type { StatsPeriod } from '@excursio/shared/contracts';
import { addDays, serviceDay } from '@excursio/shared/time';
import { fieldError } from '../../http/http-error';

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}

function realDay(value: string | undefined, field: string): string {
  const message = `The ${field.replace(/_/g, ' ')} is not a valid date.`;
  if (!value) throw fieldError(field, `The ${field.replace(/_/g, ' ')} field is required when period is custom.`);
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) throw fieldError(field, message);
  return value;
}

export const MAX_CUSTOM_DAYS = 366;

/** The first and last day (both included) of a period, on the service's clock. */
export function periodDays(
  period: StatsPeriod,
  custom: { date_from?: string | undefined; date_to?: string | undefined },
  now: Date = new Date(),
): { from: string; to: string } {
  const today = serviceDay(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (period) {
    case 'this_month':
      return { from: monthStart, to: today };
    case 'last_month': {
      const to = addDays(monthStart, -1);
      return { from: `${to.slice(0, 7)}-01`, to };
    }
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'last_90_days':
      return { from: addDays(today, -89), to: today };
    case 'custom': {
      const from = realDay(custom.date_from, 'date_from');
      const to = realDay(custom.date_to, 'date_to');
      if (from > to) throw fieldError('date_to', 'The date to must be a date after or equal to date from.');
      if (daysBetween(from, to).length > MAX_CUSTOM_DAYS) {
        throw fieldError('date_to', `The period must not be longer than ${MAX_CUSTOM_DAYS} days.`);
      }
      return { from, to };
    }
  }
}
