import Type, { type Static } from 'typebox';
import { envelope, RowId } from './common';

// Excursion page views and the partner's statistics:
//   POST /api/excursion/public/excursions/{id}/view { visitor_id } → 204 (the catalog's beacon; bots and the owner
//        are not counted, one visitor once a day)
//   GET  /api/excursion/partner/statistics?period&date_from&date_to&excursion_id → PartnerStatsResponse

export const ExcursionViewBody = Type.Object({
  /** A random id the browser keeps (never an IP); stored only as a salted hash. */
  visitor_id: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type ExcursionViewBody = Static<typeof ExcursionViewBody>;

export const StatsPeriod = Type.Union([
  Type.Literal('this_month'),
  Type.Literal('last_month'),
  Type.Literal('last_30_days'),
  Type.Literal('last_90_days'),
  Type.Literal('custom'),
]);
export type StatsPeriod = Static<typeof StatsPeriod>;

export const PartnerStatsQuery = Type.Object({
  period: Type.Optional(StatsPeriod),
  /** With period=custom: calendar days (Moscow), both included, at most 366 days. */
  date_from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })),
  date_to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 })),
  excursion_id: Type.Optional(RowId),
});
export type PartnerStatsQuery = Static<typeof PartnerStatsQuery>;

export const StatsTotals = Type.Object({
  /** Unique visitors of the excursion pages, summed over the days. */
  views: Type.Integer(),
  /** Orders placed in the period. */
  orders: Type.Integer(),
  /** Of those, the ones whose prepayment was paid (confirmed or completed now, or paid then cancelled). */
  paid: Type.Integer(),
  /** Whole roubles. Orders of the period that stand paid (confirmed or completed): their totals. */
  revenue: Type.Integer(),
  /** The service's commission of those orders, paid online in advance. */
  prepayments: Type.Integer(),
  /** revenue − prepayments: what the guide collects on site. */
  on_site: Type.Integer(),
  cancelled_by_customer: Type.Integer(),
  cancelled_by_partner: Type.Integer(),
  declined: Type.Integer(),
});
export type StatsTotals = Static<typeof StatsTotals>;

export const StatsDay = Type.Object({
  date: Type.String(),
  views: Type.Integer(),
  orders: Type.Integer(),
  paid: Type.Integer(),
  revenue: Type.Integer(),
});
export type StatsDay = Static<typeof StatsDay>;

export const PartnerStats = Type.Object({
  date_from: Type.String(),
  date_to: Type.String(),
  totals: StatsTotals,
  days: Type.Array(StatsDay),
  /** Median minutes from an on-request order to the partner's answer, over the last 20 answered (null: none yet). */
  median_answer_minutes: Type.Union([Type.Number(), Type.Null()]),
  answered_requests: Type.Integer(),
  excursions: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
});
export type PartnerStats = Static<typeof PartnerStats>;

export const PartnerStatsResponse = envelope(PartnerStats);
export type PartnerStatsResponse = Static<typeof PartnerStatsResponse>;
