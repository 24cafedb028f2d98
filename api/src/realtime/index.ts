// Realtime: a Pusher protocol 7 server inside the api, its channel auth route, and an HTTP API broadcaster.
export type { Broadcaster, RealtimeLogger } from './protocol';
export { signChannel, isValidChannelName, isValidSocketId } from './protocol';
export { createRealtimeServer, type RealtimeServer, type RealtimeServerOptions } from './server';
export { registerRealtimeRoutes, userChannel, AUTH_PATH, type RealtimeRoutesOptions } from './routes';
export {
  createHttpBroadcaster,
  signRequestQuery,
  type HttpBroadcasterOptions,
  type SignRequestInput,
} from './http-broadcaster';
