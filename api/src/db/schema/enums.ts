import { pgEnum } from 'drizzle-orm/pg-core';

/** client: a traveller; partner: an excursion provider; staff: the service's own people (moderation, support). */
export const userType = pgEnum('user_type', ['client', 'partner', 'staff']);
/** A staff account's role: staff (moderation, support, orders, reviews, content) or admin (also blocking, roles, refunds above the limit). */
export const staffRole = pgEnum('staff_role', ['staff', 'admin']);
export const excursionFormat = pgEnum('excursion_format', ['group', 'individual']);
export const priceType = pgEnum('price_type', ['per_person', 'per_group']);
/** draft → moderation → published | rejected, plus hidden and archived. */
export const excursionStatus = pgEnum('excursion_status', [
  'draft',
  'moderation',
  'published',
  'rejected',
  'hidden',
  'archived',
]);
export const changeRequestStatus = pgEnum('change_request_status', ['pending', 'approved', 'rejected']);
/** A calendar slot: active (bookable), closed (sales stopped by the partner), cancelled. */
export const eventStatus = pgEnum('event_status', ['active', 'closed', 'cancelled']);
export const orderStatus = pgEnum('order_status', [
  'awaiting_confirmation',
  'awaiting_payment',
  'confirmed',
  'completed',
  'declined',
  'expired',
  'cancelled_by_customer',
  'cancelled_by_partner',
  /** The customer did not come: marked by the partner after the slot's end. */
  'no_show',
]);
export const paymentStatus = pgEnum('payment_status', ['pending', 'succeeded', 'failed', 'refunded']);
export const ticketStatus = pgEnum('ticket_status', ['active', 'redeemed', 'cancelled']);
/** Who moved an order to a status: the customer, the partner, the service's staff, or the system (time). */
export const orderActor = pgEnum('order_actor', ['client', 'partner', 'staff', 'system']);
export const supportStatus = pgEnum('support_status', ['open', 'answered', 'closed']);

export type UserType = (typeof userType.enumValues)[number];
export type StaffRole = (typeof staffRole.enumValues)[number];
export type ExcursionStatus = (typeof excursionStatus.enumValues)[number];
export type OrderStatus = (typeof orderStatus.enumValues)[number];
export type OrderActor = (typeof orderActor.enumValues)[number];
