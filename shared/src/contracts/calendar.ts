import Type, { type Static } from 'typebox';
import { envelope, GroupGathering, RowId } from './common';
import { GROUP_DECISION_HOURS_MAX } from './values';

// The partner's calendar (/account/partner/calendar):
//   GET    /api/excursion/partner/calendar?from&to&excursion_id     → CalendarResponse (slots of the days, local)
//   GET    /api/excursion/partner/calendar/schedules?excursion_id   → SchedulesResponse (rules and closed days)
//   POST   /api/excursion/partner/calendar/schedules { …, allow_overlap? } → 201 SchedulesResponse (slots generated; 409
//          { message, errors: { allow_overlap } } when some of them would run at the time of other slots of the same guide)
//   DELETE /api/excursion/partner/calendar/schedules/{id}            → SchedulesResponse (future unsold slots removed)
//   PATCH  /api/excursion/partner/calendar/slots { ids, capacity?, price_override?, status?, cutoff_minutes? } → CalendarSlotsResponse
//   POST   /api/excursion/partner/calendar/slots { excursion_id, date, time, capacity, …, allow_overlap? } → 201 CalendarSlotsResponse (a one-off slot;
//          409 { message, errors: { allow_overlap } } when it runs at the time of another slot of the same guide)
//   GET    /api/excursion/partner/calendar/closing?excursion_id&date_from&date_to → ClosingPreviewResponse
//   POST   /api/excursion/partner/calendar/closing { excursion_id, date_from, date_to, orders: keep|cancel, reason? } → SchedulesResponse
//   DELETE /api/excursion/partner/calendar/closing/{id}              → SchedulesResponse (the days open again)

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', maxLength: 10 });
const Time = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', maxLength: 5 });

export const CalendarQuery = Type.Object({ from: Day, to: Day, excursion_id: Type.Optional(RowId) });
export type CalendarQuery = Static<typeof CalendarQuery>;

export const CalendarSlot = Type.Object({
  id: Type.Integer(),
  excursion_id: Type.Integer(),
  excursion_title: Type.String(),
  starts_at: Type.String(),
  /** The city's day and clock of the start. */
  day: Type.String(),
  time: Type.String(),
  time_zone: Type.String(),
  capacity: Type.Integer(),
  sold: Type.Integer(),
  status: Type.Union([Type.Literal('active'), Type.Literal('closed'), Type.Literal('cancelled')]),
  price: Type.Integer(),
  price_override: Type.Union([Type.Integer(), Type.Null()]),
  cutoff_minutes: Type.Integer(),
  rule_id: Type.Union([Type.Integer(), Type.Null()]),
  /** This slot's own minimum group (null: the excursion's). */
  group_min: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  /** A group that gathers: its minimum, the seats taken, the decision time (null: no minimum). */
  gathering: Type.Optional(Type.Union([GroupGathering, Type.Null()])),
});
export type CalendarSlot = Static<typeof CalendarSlot>;

export const CalendarExcursion = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  time_zone: Type.String(),
  group_size_max: Type.Integer(),
  /** The minimum group (null: none) and how many hours before the start it is decided (issue 32 §1). */
  group_min: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  group_decision_hours: Type.Optional(Type.Integer()),
});
export type CalendarExcursion = Static<typeof CalendarExcursion>;

export const CalendarData = Type.Object({ slots: Type.Array(CalendarSlot), excursions: Type.Array(CalendarExcursion) });
export type CalendarData = Static<typeof CalendarData>;
export const CalendarResponse = envelope(CalendarData);
export type CalendarResponse = Static<typeof CalendarResponse>;
export const CalendarSlotsResponse = envelope(Type.Array(CalendarSlot));

export const ScheduleRuleBody = Type.Object({
  excursion_id: RowId,
  weekdays: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7 }),
  times: Type.Array(Time, { minItems: 1, maxItems: 12 }),
  valid_from: Day,
  valid_to: Type.Optional(Type.Union([Day, Type.Null()])),
  capacity: Type.Integer({ minimum: 1, maximum: 1000 }),
  price_override: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 10_000_000 }), Type.Null()])),
  cutoff_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_080 })),
  /** Save it even though some of its slots run at the time of other slots of the same guide (else 409 naming them). */
  allow_overlap: Type.Optional(Type.Boolean()),
});
export type ScheduleRuleBody = Static<typeof ScheduleRuleBody>;

export const ScheduleRule = Type.Object({
  id: Type.Integer(),
  excursion_id: Type.Integer(),
  weekdays: Type.Array(Type.Integer()),
  times: Type.Array(Type.String()),
  valid_from: Type.String(),
  valid_to: Type.Union([Type.String(), Type.Null()]),
  capacity: Type.Integer(),
  price_override: Type.Union([Type.Integer(), Type.Null()]),
  cutoff_minutes: Type.Integer(),
  /** «пн, ср в 10:00 и 14:00, с 1 декабря 2026 г.» */
  summary: Type.String(),
});
export type ScheduleRule = Static<typeof ScheduleRule>;

export const ScheduleClosure = Type.Object({ id: Type.Integer(), excursion_id: Type.Integer(), date_from: Type.String(), date_to: Type.String(), reason: Type.String() });
export type ScheduleClosure = Static<typeof ScheduleClosure>;

export const Schedules = Type.Object({ rules: Type.Array(ScheduleRule), closures: Type.Array(ScheduleClosure) });
export type Schedules = Static<typeof Schedules>;
export const SchedulesResponse = envelope(Schedules);
export type SchedulesResponse = Static<typeof SchedulesResponse>;
export const SchedulesQuery = Type.Object({ excursion_id: RowId });

export const SlotsPatchBody = Type.Object({
  ids: Type.Array(RowId, { minItems: 1, maxItems: 500 }),
  capacity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  price_override: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 10_000_000 }), Type.Null()])),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('closed')])),
  cutoff_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_080 })),
  /** The slots' own minimum group (null: back to the excursion's). */
  group_min: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1000 }), Type.Null()])),
});
export type SlotsPatchBody = Static<typeof SlotsPatchBody>;

/** A one-off slot on a day, at a time on the city's clock. */
export const OneOffSlotBody = Type.Object({
  excursion_id: RowId,
  date: Day,
  time: Time,
  capacity: Type.Integer({ minimum: 1, maximum: 1000 }),
  price_override: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 10_000_000 }), Type.Null()])),
  cutoff_minutes: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_080 })),
  /** Add it although another slot of the same guide runs at that time (without it: 409 naming that slot). */
  allow_overlap: Type.Optional(Type.Boolean()),
});
export type OneOffSlotBody = Static<typeof OneOffSlotBody>;

export const ClosingQuery = Type.Object({ excursion_id: RowId, date_from: Day, date_to: Day });
export type ClosingQuery = Static<typeof ClosingQuery>;
export const ClosingBody = Type.Object({
  excursion_id: RowId,
  date_from: Day,
  date_to: Day,
  /** What to do with the orders of those days: cancel them (refunded, customers told) or keep them. */
  orders: Type.Optional(Type.Union([Type.Literal('keep'), Type.Literal('cancel')])),
  reason: Type.Optional(Type.String({ maxLength: 300 })),
});
export type ClosingBody = Static<typeof ClosingBody>;

export const AffectedOrder = Type.Object({ id: Type.Integer(), customer_name: Type.String(), seats: Type.Integer(), paid: Type.Integer(), starts_at: Type.String(), status: Type.String() });
export type AffectedOrder = Static<typeof AffectedOrder>;
export const ClosingPreviewResponse = envelope(Type.Object({ slots: Type.Integer(), orders: Type.Array(AffectedOrder) }));
export type ClosingPreviewResponse = Static<typeof ClosingPreviewResponse>;

/** POST /api/excursion/partner/calendar/slots/{id}/cancel { reason }: the slot cancelled, its orders cancelled with the reason. */
export const SlotCancelBody = Type.Object({ reason: Type.String({ maxLength: 300 }) });
export type SlotCancelBody = Static<typeof SlotCancelBody>;

// A group that gathers (issue 32 §1):
//   PUT  /api/excursion/partner/calendar/group { excursion_id, group_min, decision_hours } → CalendarGroupResponse
//   POST /api/excursion/partner/calendar/slots/{id}/confirm-group → CalendarSlotsResponse (runs below the minimum)
export const GroupRuleBody = Type.Object({
  excursion_id: RowId,
  /** null: no minimum (every slot runs). */
  group_min: Type.Union([Type.Integer({ minimum: 2, maximum: 1000 }), Type.Null()]),
  decision_hours: Type.Integer({ minimum: 1, maximum: GROUP_DECISION_HOURS_MAX }),
});
export type GroupRuleBody = Static<typeof GroupRuleBody>;
export const CalendarGroupResponse = envelope(CalendarExcursion);
export type CalendarGroupResponse = Static<typeof CalendarGroupResponse>;
