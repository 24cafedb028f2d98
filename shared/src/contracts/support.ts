import Type, { type Static } from 'typebox';
import { envelope, Paginated, RowId } from './common';

// Support, one model for both account types (the signed-in customer or partner owns their tickets):
//   GET  /api/excursion/support/tickets?status&page         → SupportTicketListResponse
//   GET  /api/excursion/support/subjects                     → SupportSubjectsResponse (my orders / excursions)
//   POST /api/excursion/support/tickets { subject, text, order_id?, excursion_id? } → 201 SupportTicketResponse
//   GET  /api/excursion/support/tickets/{id}                 → SupportTicketResponse
//   POST /api/excursion/support/tickets/{id}/messages { text } → 201 SupportTicketResponse (a closed ticket reopens)
//   POST /api/excursion/support/tickets/{id}/close           → SupportTicketResponse
// Staff (user_type staff): the back office's calls, ./backoffice.ts (filters, assignees, internal notes the owner's
// calls above never return, templates).

export const SupportStatus = Type.Union([Type.Literal('open'), Type.Literal('answered'), Type.Literal('closed')]);
export type SupportStatus = Static<typeof SupportStatus>;

export const SupportMessage = Type.Object({
  id: Type.Integer(),
  /** true: written by the support team. */
  from_support: Type.Boolean(),
  author_name: Type.String(),
  text: Type.String(),
  created_at: Type.String(),
});
export type SupportMessage = Static<typeof SupportMessage>;

export const SupportTicketSummary = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  status: SupportStatus,
  order_id: Type.Union([Type.Integer(), Type.Null()]),
  excursion: Type.Union([Type.Object({ id: Type.Integer(), title: Type.String() }), Type.Null()]),
  /** The owner (what staff need; the owner sees themselves). */
  user: Type.Object({ id: Type.Integer(), name: Type.String(), user_type: Type.String() }),
  last_message: Type.Union([Type.String(), Type.Null()]),
  messages_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type SupportTicketSummary = Static<typeof SupportTicketSummary>;

export const SupportTicket = Type.Object({
  ...SupportTicketSummary.properties,
  messages: Type.Array(SupportMessage),
});
export type SupportTicket = Static<typeof SupportTicket>;

export const SupportListQuery = Type.Object({
  status: Type.Optional(SupportStatus),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
});
export type SupportListQuery = Static<typeof SupportListQuery>;

export const SupportTicketListResponse = envelope(Paginated(SupportTicketSummary));
export type SupportTicketListResponse = Static<typeof SupportTicketListResponse>;

export const SupportTicketResponse = envelope(SupportTicket);
export type SupportTicketResponse = Static<typeof SupportTicketResponse>;

export const SupportTicketIdParams = Type.Object({ id: RowId });

export const NewSupportTicketBody = Type.Object({
  subject: Type.String({ maxLength: 300 }),
  text: Type.String({ maxLength: 5000 }),
  order_id: Type.Optional(RowId),
  excursion_id: Type.Optional(RowId),
});
export type NewSupportTicketBody = Static<typeof NewSupportTicketBody>;

export const SupportMessageBody = Type.Object({ text: Type.String({ maxLength: 5000 }) });
export type SupportMessageBody = Static<typeof SupportMessageBody>;

export const SupportSubjects = Type.Object({
  /** My last 50 orders: `label` is «№42 · title · date». */
  orders: Type.Array(Type.Object({ id: Type.Integer(), label: Type.String() })),
  /** A partner's excursions (empty for a customer). */
  excursions: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })),
});
export type SupportSubjects = Static<typeof SupportSubjects>;

export const SupportSubjectsResponse = envelope(SupportSubjects);
export type SupportSubjectsResponse = Static<typeof SupportSubjectsResponse>;
