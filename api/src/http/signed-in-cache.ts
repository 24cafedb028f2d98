import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The write epoch of this process: every request that may write (any method but GET, HEAD and OPTIONS) moves it when
 * it starts and when it ends. What the signed-in caches hold is valid only for the epoch it was read in, so a write
 * through this api is seen by the very next read — whoever made it (the partner's confirmation shows in the customer's
 * orders at once). Writes this process does not see (another api process, a job, the database edited by hand) are
 * seen after the caches' TTL at most.
 */
let epoch = 0;
export const writeEpoch = (): number => epoch;
/** With REDIS_URL: tells the other api processes that this one moved its epoch (shareWriteEpoch). */
let announce: (() => Promise<void>) | null = null;
/** Moves the epoch: everything cached before is stale (in every api process sharing it over Redis). */
export const bumpWriteEpoch = (): void => {
  epoch += 1;
  void announce?.();
};

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A small in-process cache whose entries live `ttlMs` and die with the write epoch they were read in. */
export class EpochCache<V> {
  private readonly entries = new Map<string, { value: V; epoch: number; until: number }>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.epoch !== epoch || this.now() >= entry.until) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value`, read while the epoch was `readIn`, unless a write started since. */
  set(key: string, value: V, readIn: number): void {
    if (!this.enabled || readIn !== epoch) return;
    if (this.entries.size >= this.maxEntries) {
      // the oldest first (Map keeps insertion order)
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, epoch: readIn, until: this.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose key starts with `prefix`. */
  deletePrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Concurrent misses of one key at one epoch wait for the first one's answer. */
type Flight = { epoch: number; answer: Promise<string | undefined>; settle: (answer: string | undefined) => void };

/**
 * Signed-in reads answered from memory: the routes named (by their route url, GET only) answer the same JSON to the
 * same user for the same URL while no write happened and the TTL runs. The key starts with the user id the guard
 * resolved, so one account's answer is never another's. Answers other than 200 are never kept.
 */
export function installSignedInReadCache(
  app: FastifyInstance,
  options: { ttlMs: number; routes: readonly string[]; userOf: (request: FastifyRequest) => number | null },
): EpochCache<string> {
  const cache = new EpochCache<string>(options.ttlMs);
  const routes = new Set(options.routes);
  const readIn = new WeakMap<FastifyRequest, { key: string; epoch: number; flight?: Flight | undefined }>();
  /**
   * Reads of a key in progress: concurrent misses of one key (50 connections when an entry expires) wait for the
   * first one's answer instead of each querying the database.
   */
  const inFlight = new Map<string, Flight>();
  // The request that started a read settles its own flight, even when a later epoch's flight took the key since
  // (looking it up by key left the earlier flight's waiters hanging: issue 29's topology run timed them out).
  const settle = (request: FastifyRequest, answer: string | undefined) => {
    const pending = readIn.get(request);
    const flight = pending?.flight;
    if (!pending || !flight) return;
    pending.flight = undefined;
    if (inFlight.get(pending.key) === flight) inFlight.delete(pending.key);
    flight.settle(answer);
  };

  app.addHook('onRequest', async (request) => {
    if (!SAFE.has(request.method)) bumpWriteEpoch();
  });
  app.addHook('onResponse', async (request) => {
    if (!SAFE.has(request.method)) bumpWriteEpoch();
  });
  if (!cache.enabled) return cache;

  // After the guards (onRequest) and the validation: the user is known, the query is checked.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' || !routes.has(request.routeOptions.url ?? '')) return;
    const userId = options.userOf(request);
    if (userId === null) return;
    const key = `${userId} ${request.url}`;
    const send = (body: string, how: string) =>
      reply.code(200).header('content-type', 'application/json; charset=utf-8').header('x-cache', how).send(body);
    const hit = cache.get(key);
    if (hit !== undefined) {
      await send(hit, 'HIT');
      return reply;
    }
    const current = writeEpoch();
    const flight = inFlight.get(key);
    if (flight && flight.epoch === current) {
      const shared = await flight.answer;
      if (shared !== undefined && writeEpoch() === current) {
        await send(shared, 'SHARED');
        return reply;
      }
      readIn.set(request, { key, epoch: current });
      return undefined;
    }
    let resolve!: (answer: string | undefined) => void;
    const answer = new Promise<string | undefined>((r) => (resolve = r));
    const own: Flight = { epoch: current, answer, settle: resolve };
    inFlight.set(key, own);
    readIn.set(request, { key, epoch: current, flight: own });
    return undefined;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const pending = readIn.get(request);
    if (pending && reply.statusCode === 200 && typeof payload === 'string') {
      cache.set(pending.key, payload, pending.epoch);
      settle(request, payload);
    }
    return payload;
  });
  // an error, another status or an aborted request: the waiting ones read for themselves
  app.addHook('onResponse', async (request) => settle(request, undefined));
  return cache;
}

/** What shareWriteEpoch needs of ioredis: publishing on one connection, a subscription on another. */
export interface EpochRedis {
  publish(channel: string, message: string): Promise<number>;
  duplicate(): EpochSubscriber;
}
export interface EpochSubscriber {
  subscribe(channel: string): Promise<unknown>;
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  quit(): Promise<unknown>;
}

/**
 * Read-your-write across api processes (issue 29): every move of this process's write epoch is published on Redis,
 * and a move published by another process moves this one's, so a write through one process is never answered from
 * another's signed-in cache. A write's answer leaves only once its move is published (an onSend hook awaits it): by
 * the time the client can ask another process, Redis has already sent that process the message. When Redis does not
 * answer within `publishTimeoutMs`, the answer goes anyway (the caches' TTL bounds what is stale then).
 */
export function shareWriteEpoch(
  app: FastifyInstance,
  options: { redis: EpochRedis; channel: string; publishTimeoutMs?: number; log?: (message: string) => void },
): void {
  const self = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const timeoutMs = options.publishTimeoutMs ?? 500;
  const subscriber = options.redis.duplicate();
  subscriber.on('error', (error) => options.log?.(`write epoch subscriber: ${error.message}`));
  subscriber.on('message', (channel, message) => {
    if (channel === options.channel && message !== self) epoch += 1; // not bumpWriteEpoch: never announced back
  });
  let last: Promise<void> = Promise.resolve();
  const publish = (): Promise<void> => {
    const sent = options.redis.publish(options.channel, self).then(
      () => undefined,
      (error: Error) => options.log?.(`write epoch not published: ${error.message}`),
    );
    last = Promise.race([sent, new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref())]);
    return last;
  };
  app.addHook('onReady', async () => {
    await subscriber.subscribe(options.channel);
    announce = publish;
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE.has(request.method) && announce === publish) await publish();
    return payload;
  });
  app.addHook('onClose', async () => {
    if (announce === publish) announce = null;
    await last;
    await subscriber.quit().catch(() => undefined);
  });
}
