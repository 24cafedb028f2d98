// Realtime in the api, from its config: the built-in server (with the Redis bus), or an external Pusher server.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { createHttpBroadcaster } from './http-broadcaster';
import { registerHttpApi } from './http-api';
import type { Broadcaster, RealtimeLogger } from './protocol';
import { createRedisBus, type RedisBus } from './redis-bus';
import { registerRealtimeRoutes } from './routes';
import { resolveRealtimeSecret } from './secret';
import { createRealtimeServer, type RealtimeServer } from './server';

export type RealtimeConfig = Pick<
  Config,
  | 'appEnv'
  | 'pgliteDir'
  | 'redisUrl'
  | 'realtime'
  | 'realtimeServerUrl'
  | 'realtimeMaxConnectionsPerIp'
  | 'frontendOrigins'
  | 'trustProxy'
>;

export interface Realtime {
  /** The built-in server: signs channel auth; serves /app/{key} and the HTTP API unless a server is external. */
  server: RealtimeServer;
  /** Where the api publishes: the built-in server, or the external server's HTTP API (REALTIME_SERVER_URL). */
  broadcaster: Broadcaster;
  bus: RedisBus | undefined;
}

export interface CreateRealtimeOptions {
  config: RealtimeConfig;
  logger: RealtimeLogger;
  /** A server made elsewhere (tests); the config's secret, origins and limits are then not applied. */
  server?: RealtimeServer | undefined;
}

function externalBroadcaster(config: RealtimeConfig, secret: string): Broadcaster | null {
  if (!config.realtimeServerUrl) return null;
  const url = new URL(config.realtimeServerUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('REALTIME_SERVER_URL must be http(s)');
  const scheme = url.protocol === 'https:' ? 'https' : 'http';
  const { appId, key } = config.realtime;
  const port = url.port ? { port: Number(url.port) } : {};
  return createHttpBroadcaster({ host: url.hostname, ...port, scheme, appId, key, secret });
}

/** Throws (the api refuses to start) in production without a real REALTIME_APP_SECRET. */
export function createRealtime({ config, logger, server }: CreateRealtimeOptions): Realtime {
  const secret = resolveRealtimeSecret(config);
  const external = externalBroadcaster(config, secret);
  // An external server delivers everything itself: no bus between api processes is needed then.
  const bus =
    server || external || !config.redisUrl
      ? undefined
      : createRedisBus({ url: config.redisUrl, appId: config.realtime.appId, logger });
  const builtIn =
    server ??
    createRealtimeServer({
      appId: config.realtime.appId,
      appKey: config.realtime.key,
      appSecret: secret,
      allowedOrigins: config.frontendOrigins,
      maxConnectionsPerIp: config.realtimeMaxConnectionsPerIp,
      trustProxy: config.trustProxy,
      ...(bus ? { bus } : {}),
      logger,
    });
  return { server: builtIn, broadcaster: external ?? builtIn, bus };
}

export interface InstallRealtimeOptions {
  authenticate: (request: FastifyRequest) => Promise<{ id: number } | null>;
  /** A key of the request's bearer token (its id), so that revoking the token closes what it authorised. */
  tokenOf?: (request: FastifyRequest) => string | number | null | undefined;
}

/** Channel auth, the Pusher HTTP API and the /app/{key} sockets on the api's own port; closed with the app. */
export function installRealtime(
  app: FastifyInstance<any, any, any, any, any>,
  realtime: Realtime,
  options: InstallRealtimeOptions,
): void {
  const { server, broadcaster, bus } = realtime;
  registerRealtimeRoutes(app, { server, ...options });
  if (broadcaster === server) {
    registerHttpApi(app, { ...server.credentials, server });
    server.attach(app.server);
  }
  app.decorate('realtime', server);
  if (bus) {
    app.addHook('onReady', async () => {
      if (!(await bus.ready)) app.log.warn('realtime: Redis does not answer; events reach this process only for now');
    });
  }
  app.addHook('preClose', async () => {
    await server.close();
    await bus?.close();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in realtime server (revokeToken / disconnectUser close the sockets a session authorised). */
    realtime: RealtimeServer;
  }
}
