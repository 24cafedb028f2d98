import { useEffect, useState } from 'react';
import type { OrderDetail } from '@excursio/shared';
import { formatEventShort, timeZoneNote } from '@excursio/shared/time';

/** «14:05» left of a hold: minutes and seconds (hours first when there are any). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The time now, once a second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The order's clock: how long the seats are held for an unpaid order (a live countdown; when it runs out the page
 * says so and `onExpired` lets it hide the payment), or until when the guide answers a request.
 */
export function OrderDeadline({ order, onExpired }: { order: OrderDetail; onExpired?: () => void }) {
  const holding = order.status === 'awaiting_payment' && order.payment_due_at !== null;
  const now = useNow(holding);
  const left = holding ? new Date(order.payment_due_at!).getTime() - now : 0;
  const expired = holding && left <= 0;
  useEffect(() => {
    if (expired) onExpired?.();
  }, [expired, onExpired]);

  if (holding) {
    if (expired) {
      return (
        <output className="ua-deadline ua-deadline--over">
          Время на оплату истекло: места вернулись в продажу. Оформите заказ заново.
        </output>
      );
    }
    return (
      <p className="ua-deadline">
        Места за вами ещё{' '}
        {/* the visible clock ticks every second; screen readers get the minutes without a stream of updates */}
        <time className="ua-deadline__clock" dateTime={order.payment_due_at!} aria-hidden="true">
          {formatCountdown(left)}
        </time>
        <span className="ex-ui-sr">{Math.ceil(left / 60_000)} мин.</span> — оплатите предоплату, пока они не
        вернулись в продажу.
      </p>
    );
  }
  if (order.status === 'awaiting_confirmation' && order.respond_by) {
    const zone = order.excursion.time_zone;
    const note = timeZoneNote(zone, order.respond_by);
    return (
      <p className="ua-deadline">
        Гид ответит до <time dateTime={order.respond_by}>{formatEventShort(order.respond_by, zone)}</time>
        {note ? ` (${note})` : ''}. Если он не успеет, заказ закроется сам, а деньги не спишутся.
      </p>
    );
  }
  return null;
}
