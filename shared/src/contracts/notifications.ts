import Type, { type Static } from 'typebox';
import { envelope } from './common';

/**
 * A notification (spec §3). `type` starts with `client_` for a customer's notifications and `partner_` for a
 * partner's; `viewed` is 1 once viewed. Ids grow monotonically (a catch-up asks for what came after the last one).
 */
export const Notification = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  text: Type.String(),
  /** Where it leads in the site, e.g. /account/user/42. */
  link: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  viewed: Type.Union([Type.Literal(0), Type.Literal(1)]),
  created_at: Type.String(),
});
export type Notification = Static<typeof Notification>;

/** GET /api/excursion/notification?page&viewed=false — exactly `{ data, current_page, last_page }` (spec §7). */
export const NotificationPage = Type.Object({
  data: Type.Array(Notification),
  current_page: Type.Integer(),
  last_page: Type.Integer(),
});
export type NotificationPage = Static<typeof NotificationPage>;

export const NotificationListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  viewed: Type.Optional(Type.Union([Type.Literal('false'), Type.Literal('true')])),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
});

/** GET /api/excursion/notification/since?after_id= — what arrived after the last id a client holds (oldest first). */
export const NotificationCatchUpQuery = Type.Object({ after_id: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }) });
export const NotificationCatchUp = envelope(Type.Object({ notifications: Type.Array(Notification), unread: Type.Integer() }));
export type NotificationCatchUp = Static<typeof NotificationCatchUp>;

/** GET /api/excursion/notification/unread-count */
export const NotificationUnread = envelope(Type.Object({ unread: Type.Integer() }));
export type NotificationUnread = Static<typeof NotificationUnread>;

/** POST /api/excursion/notification/set-viewed (all) and POST /api/excursion/notification/{id}/viewed (one). */
export const NotificationViewedResponse = Type.Object({ status: Type.Boolean() });

export const NotificationSentPayload = Type.Object({ notification: Notification });
export type NotificationSentPayload = Static<typeof NotificationSentPayload>;
