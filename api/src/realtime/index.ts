// Realtime: a Pusher protocol 7 server inside the api, its channel auth route, the Pusher HTTP API, the Redis bus.
export type { Broadcaster, RealtimeLogger } from './protocol';
export { signChannel, isValidChannelName, isValidSocketId } from './protocol';
export { createRealtimeServer, type RealtimeServer, type RealtimeServerOptions, type PublishOptions } from './server';
export { registerRealtimeRoutes, userChannel, AUTH_PATH, type RealtimeRoutesOptions } from './routes';
export { registerHttpApi, HTTP_API_LIMITS, type HttpApiOptions } from './http-api';
export { createRedisBus, busChannel, type RedisBus } from './redis-bus';
export type { BusMessage, ChannelGrant, RealtimeBus } from './bus';
export { resolveRealtimeSecret, realtimeSecretPath, EXAMPLE_SECRET } from './secret';
export { createRealtime, installRealtime, type Realtime, type RealtimeConfig } from './install';
export {
  createHttpBroadcaster,
  signRequestQuery,
  type HttpBroadcasterOptions,
  type SignRequestInput,
} from './http-broadcaster';
