import Type, { type Static } from 'typebox';
import { GroupGathering, RowId, envelope } from './common';
import { OrderParticipant, OrderStatus } from './orders';
import { TicketStatus } from './tickets';

// A slot of the partner's calendar (designed: the spec shows these calls as "not shown"). Partner token.
//   GET  /api/excursion/partner/events/{id}            → PartnerEventResponse (another partner's slot: 404)
//   POST /api/excursion/partner/events/{id}/check-in   PartnerCheckInBody → PartnerEventResponse

export const PartnerEventParams = Type.Object({ id: RowId });
export type PartnerEventParams = Static<typeof PartnerEventParams>;

export const PartnerCheckInBody = Type.Object({
  /** The ticket's code as the traveller shows it (case and spaces do not matter). */
  code: Type.String({ minLength: 1, maxLength: 40 }),
});
export type PartnerCheckInBody = Static<typeof PartnerCheckInBody>;

export const PartnerEventOrder = Type.Object({
  id: Type.Integer(),
  status: OrderStatus,
  contact_name: Type.String(),
  /** Masked (+7 999 ***-**-01) until the prepayment is paid. */
  contact_phone: Type.String(),
  contact_hidden: Type.Boolean(),
  seats: Type.Integer(),
  participants: Type.Array(OrderParticipant),
  comment: Type.String(),
  /** What the guide collects on site. */
  rest: Type.Integer(),
  tickets: Type.Array(Type.Object({ code: Type.String(), status: TicketStatus })),
});
export type PartnerEventOrder = Static<typeof PartnerEventOrder>;

export const PartnerEvent = Type.Object({
  id: Type.Integer(),
  starts_at: Type.String(),
  time_zone: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('closed'), Type.Literal('cancelled')]),
  capacity: Type.Integer(),
  booked_seats: Type.Integer(),
  excursion: Type.Object({ id: Type.Integer(), title: Type.String(), meeting_point: Type.String(), duration_minutes: Type.Integer() }),
  /** A group that gathers (issue 32 §1): how far it is; the partner may confirm it below the minimum (null: no minimum). */
  gathering: Type.Optional(Type.Union([GroupGathering, Type.Null()])),
  /** The slot's orders that hold or held seats (requests and ended orders included), by status. */
  orders: Type.Array(PartnerEventOrder),
});
export type PartnerEvent = Static<typeof PartnerEvent>;
export const PartnerEventResponse = envelope(PartnerEvent);
export type PartnerEventResponse = Static<typeof PartnerEventResponse>;
