// The bus over Redis pub/sub: one channel per app id; every process delivers to its own sockets only.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { parseBusMessage, type BusMessage, type RealtimeBus } from './bus';
import type { RealtimeLogger } from './protocol';

export interface RedisBusOptions {
  url: string;
  appId: string;
  logger?: RealtimeLogger;
  /** Milliseconds to wait for the first subscription in `ready`. Default 3000. */
  readyTimeoutMs?: number;
}

export interface RedisBus extends RealtimeBus {
  /** Resolves once subscribed (true), or false when Redis did not answer in time (the process then runs alone). */
  readonly ready: Promise<boolean>;
  readonly channel: string;
}

export const busChannel = (appId: string): string => `excursio:realtime:${appId}`;

const connect = (url: string, logger: RealtimeLogger | undefined, role: string): Redis => {
  const redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1, autoResubscribe: false });
  // Reconnection is automatic; without a listener an 'error' event would crash the process.
  redis.on('error', (error: Error) => logger?.warn(`realtime: redis ${role}: ${error.message}`));
  return redis;
};

export function createRedisBus(options: RedisBusOptions): RedisBus {
  const channel = busChannel(options.appId);
  // Our own messages come back from Redis too: the origin id lets this process skip them (it delivered already).
  const origin = randomBytes(8).toString('hex');
  const pub = connect(options.url, options.logger, 'publisher');
  const sub = connect(options.url, options.logger, 'subscriber');
  let handler: (message: BusMessage) => void = () => undefined;
  let markReady: (ok: boolean) => void = () => undefined;
  const ready = new Promise<boolean>((resolve) => {
    markReady = resolve;
    setTimeout(() => resolve(false), options.readyTimeoutMs ?? 3000).unref();
  });

  // Subscribe on every (re)connection: a subscription does not survive a reconnect.
  sub.on('ready', () => {
    sub.subscribe(channel).then(
      () => markReady(true),
      (error: Error) => options.logger?.warn(`realtime: redis subscribe failed: ${error.message}`),
    );
  });
  sub.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    let envelope: { o?: unknown; m?: unknown };
    try {
      envelope = JSON.parse(raw) as { o?: unknown; m?: unknown };
    } catch {
      return;
    }
    if (envelope.o === origin) return;
    const message = parseBusMessage(envelope.m);
    if (message) handler(message);
    else options.logger?.warn('realtime: ignored a malformed message on the Redis bus');
  });

  return {
    channel,
    ready,
    async publish(message) {
      await pub.publish(channel, JSON.stringify({ o: origin, m: message }));
    },
    onMessage(next) {
      handler = next;
    },
    async close() {
      await Promise.all(
        [pub, sub].map((redis) =>
          redis.status === 'end' ? undefined : redis.quit().then(undefined, () => redis.disconnect()),
        ),
      );
    },
  };
}
