import { useState } from 'react';
import { Link } from '@excursio/shared/router';
import { bus, formatPrice, type OrderDetail } from '@excursio/shared';
import { useAction } from '@excursio/shared/ui';
import { orderCalls } from '../../calls/orderCalls';
import { isPaid } from '../../lib/orderStatus';

interface CancelOrderProps {
  order: OrderDetail;
  onCancelled: (order: OrderDetail) => void;
}

/** What cancelling now returns, by the rule of /docs/vozvrat (the api computes it). */
export function refundPreview(order: OrderDetail): string {
  if (!isPaid(order)) return 'Предоплата ещё не внесена, поэтому отмена ничего не стоит.';
  const { refund_amount, refund_percent } = order.cancellation;
  if (refund_percent === 100) return `До начала больше суток: вернём всю предоплату — ${formatPrice(refund_amount)}.`;
  if (refund_percent > 0) return `До начала меньше суток: вернём ${refund_percent}% предоплаты — ${formatPrice(refund_amount)}.`;
  return 'До начала меньше 2 часов: предоплата не возвращается.';
}

/** «Отменить заказ» with the refund shown before the customer confirms. */
export function CancelOrder({ order, onCancelled }: CancelOrderProps) {
  const [asking, setAsking] = useState(false);
  const { busy, run } = useAction();
  if (!order.cancellation.allowed) return null;

  const cancel = () =>
    run(
      async () => {
        const res = await orderCalls.cancelOrder(order.id);
        onCancelled(res.data);
        bus.emit('toast:show', { type: 'info', message: 'Заказ отменён' });
        setAsking(false);
      },
      { errorText: (error) => (error as Error).message || 'Не удалось отменить заказ. Попробуйте ещё раз.' },
    );

  if (!asking) {
    return (
      <button type="button" className="ua-order__cancel" onClick={() => setAsking(true)}>
        Отменить заказ
      </button>
    );
  }
  return (
    <fieldset className="ua-cancel" aria-labelledby="ua-cancel-title">
      <h2 id="ua-cancel-title" className="ua-order__subtitle">
        Отменить заказ?
      </h2>
      <p className="ua-cancel__refund">{refundPreview(order)}</p>
      <p className="ua-order__hint">
        Правило возврата: за 24 часа и раньше — вся предоплата, от 2 до 24 часов — половина, позже — ничего.{' '}
        <Link to="/docs/vozvrat" className="ex-ui-page__link">
          Подробнее о возврате
        </Link>
      </p>
      <div className="ua-cancel__actions">
        <button type="button" className="ua-cancel__confirm" disabled={busy} onClick={() => void cancel()}>
          {busy ? 'Отменяем…' : 'Да, отменить'}
        </button>
        <button type="button" className="ua-cancel__keep" disabled={busy} onClick={() => setAsking(false)}>
          Не отменять
        </button>
      </div>
    </fieldset>
  );
}
