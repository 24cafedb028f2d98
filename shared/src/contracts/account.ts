import Type, { type Static } from 'typebox';
import { envelope } from './common';
import { NAME_MAX } from './values';

// The traveller's account settings (/account/user/profile and the profile modal):
//   GET    /api/excursion/user/account                       → AccountSettingsResponse
//   PUT    /api/excursion/user/account/name { name }         → AccountSettingsResponse
//   POST   /api/excursion/user/account/email { email }       → AccountSettingsResponse (a 6-digit code is e-mailed)
//   POST   /api/excursion/user/account/email/confirm { code } → AccountSettingsResponse (the e-mail is now in use)
//   DELETE /api/excursion/user/account/email                 → AccountSettingsResponse
//   DELETE /api/excursion/user/account                        → 204 (409 while a trip is ahead; partners through support)

export const AccountSettings = Type.Object({
  name: Type.String(),
  phone: Type.String(),
  /** Confirmed, in use for receipts and notices. */
  email: Type.Union([Type.String(), Type.Null()]),
  /** Waiting for its code. */
  pending_email: Type.Union([Type.String(), Type.Null()]),
  avatar_path: Type.Union([Type.String(), Type.Null()]),
  /** Orders still ahead (awaiting an answer, payment, or the trip): the account cannot be deleted until they end. */
  upcoming_orders: Type.Integer(),
  /** The day-before reminders also by e-mail (each one's unsubscribe link turns this off). */
  email_reminders: Type.Boolean(),
});
export type AccountSettings = Static<typeof AccountSettings>;
export const AccountSettingsResponse = envelope(AccountSettings);
export type AccountSettingsResponse = Static<typeof AccountSettingsResponse>;

export const AccountNameBody = Type.Object({ name: Type.String({ maxLength: NAME_MAX }) });
export type AccountNameBody = Static<typeof AccountNameBody>;
/** PUT /api/excursion/user/account/email-reminders { enabled }: reminders by e-mail on or off. */
export const AccountRemindersBody = Type.Object({ enabled: Type.Boolean() });
export type AccountRemindersBody = Static<typeof AccountRemindersBody>;
export const AccountEmailBody = Type.Object({ email: Type.String({ maxLength: 320 }) });
export type AccountEmailBody = Static<typeof AccountEmailBody>;
/** PUT /api/excursion/user/account/avatar { image_id } (an uploaded portrait of mine); DELETE removes it. */
export const AccountAvatarBody = Type.Object({ image_id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type AccountAvatarBody = Static<typeof AccountAvatarBody>;
export const AccountEmailCodeBody = Type.Object({ code: Type.String({ maxLength: 12 }) });
export type AccountEmailCodeBody = Static<typeof AccountEmailCodeBody>;

/** Development only: GET /api/dev/mail?to= (what would have been e-mailed). */
export const MailOutboxEntry = Type.Object({ id: Type.Integer(), to: Type.String(), subject: Type.String(), text: Type.String(), created_at: Type.String() });
export const MailOutboxResponse = envelope(Type.Array(MailOutboxEntry));
export type MailOutboxResponse = Static<typeof MailOutboxResponse>;
