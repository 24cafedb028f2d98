// The realtime names of the contract (its plain values module: importing them bundles no schema), and the channel.
export { CHAT_MESSAGE_EVENT, CHAT_MESSAGE_MAX_LENGTH, CHAT_READ_EVENT, NOTIFICATION_EVENT } from '@excursio/shared/contracts';

/** The owner's private channel (without Echo's `private-` prefix, which `echo.private()` adds). */
export const userChannel = (userId: number): string => `App.Models.User.${userId}`;
