import { useEffect, useRef } from 'react';
import { bus } from '@excursio/shared';

/** What a live notification is about (its type and data: order_id, ticket_id, excursion_id …). */
export interface LiveEvent {
  type: string;
  data: Record<string, unknown>;
}

/**
 * Reloads a page when a notification arrives over the realtime layer (mfe-notifications keeps the one connection and
 * re-emits each on the bus) and `concerns` says it is about what the page shows. The database stays the source of
 * truth: the event only says «look again».
 */
export function useLive(concerns: (event: LiveEvent) => boolean, reload: () => void): void {
  const latest = useRef({ concerns, reload });
  latest.current = { concerns, reload };
  useEffect(() => {
    const onReceived = (event: LiveEvent) => {
      if (latest.current.concerns(event)) latest.current.reload();
    };
    bus.on('notifications:received', onReceived);
    return () => bus.off('notifications:received', onReceived);
  }, []);
}

/** A staff notification (`staff_…`) — a queue changed — or one naming the given entity. */
export const staffEvent =
  (key?: string, id?: number) =>
  ({ type, data }: LiveEvent): boolean =>
    type.startsWith('staff_') || (key !== undefined && id !== undefined && data[key] === id);
