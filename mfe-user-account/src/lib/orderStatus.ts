import { formatPrice, type OrderDetail, type OrderStatus } from '@excursio/shared';

export const STATUS_LABEL: Record<OrderStatus, string> = {
  awaiting_confirmation: 'Ожидает подтверждения гидом',
  awaiting_payment: 'Ожидает оплаты',
  confirmed: 'Подтверждён',
  completed: 'Экскурсия состоялась',
  declined: 'Отклонён гидом',
  expired: 'Истёк',
  cancelled_by_customer: 'Отменён вами',
  cancelled_by_partner: 'Отменён гидом',
  no_show: 'Вы не пришли на экскурсию',
};

export type StatusTone = 'wait' | 'action' | 'ok' | 'off';

export const STATUS_TONE: Record<OrderStatus, StatusTone> = {
  awaiting_confirmation: 'wait',
  awaiting_payment: 'action',
  confirmed: 'ok',
  completed: 'ok',
  declined: 'off',
  expired: 'off',
  cancelled_by_customer: 'off',
  cancelled_by_partner: 'off',
  no_show: 'off',
};

const refundText = (order: OrderDetail) =>
  order.refund_amount && order.refund_amount > 0
    ? `Мы вернём ${formatPrice(order.refund_amount)} на карту, с которой вы платили, в течение 1–10 рабочих дней.`
    : 'Денег к возврату нет: предоплата не вносилась или отмена была позже срока бесплатной отмены.';

/** What happens next, in plain words, for the status the order is in. */
export function statusExplanation(order: OrderDetail): string {
  const rest = formatPrice(order.rest);
  const prepayment = formatPrice(order.prepayment);
  switch (order.status) {
    case 'awaiting_confirmation':
      return `Гид получил заказ и проверяет, сможет ли провести экскурсию в это время — обычно это занимает до суток. Как только он подтвердит, здесь появится кнопка оплаты предоплаты ${prepayment}; до этого платить ничего не нужно.`;
    case 'awaiting_payment':
      return `Места ждут вас: внесите предоплату ${prepayment} онлайн, и заказ будет подтверждён, а билеты появятся на этой странице. Остаток ${rest} вы отдадите гиду на месте.`;
    case 'confirmed':
      return `Предоплата получена, места забронированы. Приходите к месту встречи за 10 минут до начала и покажите гиду билет. Остаток ${rest} оплачивается гиду на месте.`;
    case 'completed':
      return 'Экскурсия прошла. Расскажите другим путешественникам, как всё было: оставьте отзыв в разделе «Отзывы».';
    case 'declined':
      return `Гид не сможет провести экскурсию в это время. ${refundText(order)} Выберите другую дату на странице экскурсии.`;
    case 'expired':
      return 'Заказ не был подтверждён или оплачен вовремя и закрылся сам. Если вы вносили предоплату, она вернётся полностью.';
    case 'cancelled_by_customer':
      return `Вы отменили заказ. ${refundText(order)}`;
    case 'cancelled_by_partner':
      return `Гид отменил экскурсию. Предоплата возвращается полностью. ${refundText(order)}`;
    case 'no_show':
      return 'Гид отметил, что вы не пришли на экскурсию. Предоплата по правилам возврата не возвращается; если это ошибка, напишите в поддержку.';
    default:
      return '';
  }
}

/** Whether the prepayment has been paid. */
export function isPaid(order: OrderDetail): boolean {
  return order.payment?.status === 'succeeded' || order.payment?.status === 'refunded';
}
