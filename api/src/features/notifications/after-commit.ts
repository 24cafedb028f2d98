import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Broadcaster } from '../../realtime';

interface QueuedEvent {
  channel: string;
  event: string;
  data: unknown;
}

/** The events each open transaction will publish once it commits. */
const queues = new WeakMap<object, QueuedEvent[]>();

/**
 * Runs `work` in a transaction whose realtime events (queued with `afterCommit`) are published only after it commits:
 * a rolled-back change is never announced, and a listener that reacts by reading finds the rows already there.
 */
export async function withEvents<T>(db: Database, broadcaster: Broadcaster, work: (tx: Database) => Promise<T>): Promise<T> {
  const queue: QueuedEvent[] = [];
  const result = await db.transaction(async (tx) => {
    queues.set(tx, queue);
    return work(tx);
  });
  await publishAll(broadcaster, queue);
  return result;
}

/** Queues an event of the transaction `tx` (opened by `withEvents`); it is dropped if the transaction rolls back. */
export function afterCommit(tx: Database, channel: string, event: string, data: unknown): void {
  const queue = queues.get(tx);
  // A plain db.transaction() would publish nothing: a programming error, not a runtime condition.
  if (!queue) throw new Error('afterCommit: open the transaction with withEvents()');
  queue.push({ channel, event, data });
}

/** Publishes in order; a failed publish loses only the live push (clients catch up by id), never the stored change. */
async function publishAll(broadcaster: Broadcaster, queue: readonly QueuedEvent[]): Promise<void> {
  for (const { channel, event, data } of queue) {
    try {
      await broadcaster.publish(channel, event, data);
    } catch {
      // The change is committed: the request succeeds all the same (loggedBroadcaster reports the failure).
    }
  }
}

/** The app's broadcaster with failures logged (a realtime outage must not fail an order). */
export function loggedBroadcaster(broadcaster: Broadcaster, log: Pick<FastifyBaseLogger, 'warn'>): Broadcaster {
  return {
    publish: async (channel, event, data) => {
      try {
        await broadcaster.publish(channel, event, data);
      } catch (error) {
        log.warn({ err: error, channel, event }, 'realtime publish failed');
      }
    },
  };
}
