import type { ExcursionDetail, ExcursionEvent, OrderParticipant, PriceUnit } from '@excursio/shared';
import { priceUnitsOf, totalOf, type PricedExcursion } from '@excursio/shared/pricing';
import type { PriceLine } from '../../components/PriceBreakdown';

export type Counts = Record<string, number>;

/** What the shared pricing rules need of the excursion's answer. */
function priced(excursion: ExcursionDetail): PricedExcursion {
  return {
    priceType: excursion.price_type,
    price: excursion.price,
    priceUnits: excursion.price_units,
    groupSizeMax: excursion.group_size_max,
  };
}

/** The price lines of the chosen event (as the api priced its slot, weekend prices included), or the excursion's. */
export function unitsFor(excursion: ExcursionDetail, event: ExcursionEvent | undefined): PriceUnit[] {
  return event?.price_units.length ? event.price_units : priceUnitsOf(priced(excursion));
}

export function seatsOf(counts: Counts): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

/** What the order costs and the lines to show; the total by the rule the api prices the order with. */
export function priceOf(excursion: ExcursionDetail, event: ExcursionEvent | undefined, counts: Counts): { lines: PriceLine[]; total: number } {
  const units = unitsFor(excursion, event);
  const participants: OrderParticipant[] = units
    .filter((u) => (counts[u.code] ?? 0) > 0)
    .map((u) => ({ code: u.code, name: u.name, price: u.price, count: counts[u.code] ?? 0 }));
  const total = totalOf(priced(excursion), event?.price ?? null, participants);
  if (excursion.price_type === 'per_group') {
    const seats = seatsOf(counts);
    return seats > 0 ? { lines: [{ label: `${units[0]!.name}, ${seats} чел.`, amount: total }], total } : { lines: [], total: 0 };
  }
  return { lines: participants.map((p) => ({ label: `${p.name} × ${p.count}`, amount: p.price * p.count })), total };
}

/** Counts only of the units that exist (a draft may hold codes of another price list). */
export function countsFor(units: readonly PriceUnit[], counts: Counts): Counts {
  return Object.fromEntries(units.map((u) => [u.code, Math.max(0, Math.floor(counts[u.code] ?? 0))]));
}
