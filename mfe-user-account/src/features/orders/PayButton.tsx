import { useState } from 'react';
import { bus, formatPrice, type OrderDetail } from '@excursio/shared';
import { orderCalls } from '../../calls/orderCalls';

/** Leaving the app for the payment provider's page (a seam for tests). */
export const leaveFor = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** «Оплатить предоплату»: starts a payment and sends the customer to the provider's page. */
export function PayButton({ order }: { order: OrderDetail }) {
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    setBusy(true);
    try {
      leaveFor.assign((await orderCalls.payOrder(order.id)).data.confirmation_url);
    } catch (error) {
      bus.emit('toast:show', { type: 'error', message: (error as Error).message || 'Не удалось начать оплату. Попробуйте ещё раз.' });
      setBusy(false);
    }
  };
  return (
    <button type="button" className="ua-order__pay" disabled={busy} onClick={() => void pay()}>
      {busy ? 'Переходим к оплате…' : `Оплатить предоплату ${formatPrice(order.prepayment)}`}
    </button>
  );
}
