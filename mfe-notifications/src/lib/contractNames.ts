import type {
  CHAT_MESSAGE_EVENT as ChatMessageEvent,
  CHAT_MESSAGE_MAX_LENGTH as ChatMessageMaxLength,
  CHAT_READ_EVENT as ChatReadEvent,
  NOTIFICATION_EVENT as NotificationEvent,
} from '@excursio/shared/contracts';

// The contract's constants, checked against it by type: a value import would bundle every schema and typebox.
export const NOTIFICATION_EVENT: typeof NotificationEvent = 'NotificationSent';
export const CHAT_MESSAGE_EVENT: typeof ChatMessageEvent = 'ChatMessageSent';
export const CHAT_READ_EVENT: typeof ChatReadEvent = 'ChatMessagesRead';
export const CHAT_MESSAGE_MAX_LENGTH: typeof ChatMessageMaxLength = 2000;

/** The owner's private channel (without Echo's `private-` prefix, which `echo.private()` adds). */
export const userChannel = (userId: number): string => `App.Models.User.${userId}`;
