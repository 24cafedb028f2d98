import { useEffect, useRef } from 'react';
import { bus } from '@excursio/shared';

/**
 * Calls `reload` when a notification arrives live about an order the page shows (`concerns(order_id)`): the other
 * side's answer, a payment, an expiry appear on every page that shows an order's status without a reload.
 */
export function useOrderUpdates(concerns: (orderId: number) => boolean, reload: () => void): void {
  const latest = useRef({ concerns, reload });
  latest.current = { concerns, reload };
  useEffect(() => {
    const onReceived = ({ data }: { data: Record<string, unknown> }) => {
      const orderId = typeof data.order_id === 'number' ? data.order_id : null;
      if (orderId !== null && latest.current.concerns(orderId)) latest.current.reload();
    };
    const onChanged = ({ order_id }: { order_id: number }) => {
      if (latest.current.concerns(order_id)) latest.current.reload();
    };
    bus.on('notifications:received', onReceived);
    bus.on('order:changed', onChanged);
    return () => {
      bus.off('notifications:received', onReceived);
      bus.off('order:changed', onChanged);
    };
  }, []);
}
