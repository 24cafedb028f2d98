// The realtime names of the contract (its plain values module: importing them bundles no schema): the events and the
// user's private channel (without Echo's `private-` prefix, which `echo.private()` adds).
export {
  CHAT_MESSAGE_EVENT,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_READ_EVENT,
  NOTIFICATION_EVENT,
  ORDER_GATHERING_EVENT,
  userChannelName as userChannel,
} from '@excursio/shared/contracts';
