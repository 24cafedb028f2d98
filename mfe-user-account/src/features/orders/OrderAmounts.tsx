import { formatPrice, type OrderDetail } from '@excursio/shared';
import { isPaid } from '../../lib/orderStatus';
import { orderMoment } from '../../lib/orderTime';

/**
 * Total, prepayment (paid or to pay), the rest for the guide, and a refund when there is one; once paid through a
 * provider that sends 54-ФЗ receipts, where the receipt went.
 */
export function OrderAmounts({ order }: { order: OrderDetail }) {
  const paid = isPaid(order);
  const receiptTo = order.payment?.receipt_to ?? null;
  const rows: Array<[string, string, string?]> = [
    ['Стоимость', formatPrice(order.total)],
    [
      paid ? 'Предоплата внесена' : 'Предоплата онлайн',
      formatPrice(order.prepayment),
      paid && order.payment?.paid_at ? orderMoment(order, order.payment.paid_at) : 'сервисный сбор',
    ],
  ];
  // what the guide collects on site: only while the trip is ahead (a cancelled order owes nothing)
  if (['awaiting_confirmation', 'awaiting_payment', 'confirmed'].includes(order.status)) rows.push(['Гиду на месте', formatPrice(order.rest), 'в день экскурсии']);
  if (order.refund_amount !== null && order.refund_amount > 0) rows.push(['Возврат', formatPrice(order.refund_amount)]);
  return (
    <>
      <dl className="ua-amounts">
        {rows.map(([term, value, note]) => (
          <div key={term} className="ua-amounts__row">
            <dt>
              {term}
              {note && <span className="ua-amounts__note">{note}</span>}
            </dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {receiptTo && <p className="ua-amounts__receipt">Чек отправлен на {receiptTo}</p>}
    </>
  );
}
