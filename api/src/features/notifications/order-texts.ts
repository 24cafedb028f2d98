import { formatEventShort } from '@excursio/shared/time';
import type { NotificationInput } from './notify';

/** What the notices of an order say about it. */
export interface OrderFacts {
  id: number;
  title: string;
  startsAt: Date;
  /** IANA zone of the excursion's city: the start is told on that clock. */
  timeZone: string;
  seats: number;
  customerId: number;
  partnerId: number;
}

export type OrderChange =
  | { kind: 'placed'; awaitingConfirmation: boolean }
  | { kind: 'confirmed' }
  | { kind: 'declined' }
  | { kind: 'paid' }
  | { kind: 'cancelled_by_customer' }
  | { kind: 'cancelled_by_partner'; refund: number };

export const customerOrderLink = (orderId: number) => `/account/user/${orderId}`;
export const partnerOrderLink = (orderId: number) => `/account/partner/order/${orderId}`;

const plural = new Intl.PluralRules('ru-RU');
const integer = new Intl.NumberFormat('ru-RU');

export function participants(n: number): string {
  const rule = plural.select(n);
  return `${n} ${rule === 'one' ? 'участник' : rule === 'few' ? 'участника' : 'участников'}`;
}

export const roubles = (amount: number) => `${integer.format(amount)}\u00a0₽`;

/** The notifications an order change sends, to whom, in Russian. The side that acted is not told what it did. */
export function orderNotices(order: OrderFacts, change: OrderChange): NotificationInput[] {
  const when = formatEventShort(order.startsAt, order.timeZone);
  const about = `«${order.title}», ${when}`;
  const data = { order_id: order.id };
  const toCustomer = (type: NotificationInput['type'], text: string): NotificationInput => ({
    userId: order.customerId,
    type,
    text,
    link: customerOrderLink(order.id),
    data,
  });
  const toPartner = (type: NotificationInput['type'], text: string): NotificationInput => ({
    userId: order.partnerId,
    type,
    text,
    link: partnerOrderLink(order.id),
    data,
  });
  const n = `№${order.id}`;
  switch (change.kind) {
    case 'placed':
      return change.awaitingConfirmation
        ? [
            toPartner('partner_order_new', `Новый заказ ${n}: ${about}, ${participants(order.seats)} — подтвердите или отклоните его`),
            toCustomer('client_order_placed', `Заказ ${n} отправлен гиду: ${about}. Сообщим, когда он ответит`),
          ]
        : [
            toPartner('partner_order_new', `Новый заказ ${n}: ${about}, ${participants(order.seats)}`),
            toCustomer('client_order_placed', `Заказ ${n} оформлен: ${about} — оплатите предоплату`),
          ];
    case 'confirmed':
      return [toCustomer('client_order_confirmed', `Гид подтвердил заказ ${n} — оплатите предоплату. ${about}`)];
    case 'declined':
      return [toCustomer('client_order_declined', `Гид отклонил заказ ${n}: ${about}. Выберите другое время или экскурсию`)];
    case 'paid':
      return [
        toCustomer('client_order_paid', `Предоплата по заказу ${n} получена, билеты — в заказе. ${about}`),
        toPartner('partner_order_paid', `Заказ ${n} оплачен: ${about}, ${participants(order.seats)}`),
      ];
    case 'cancelled_by_customer':
      return [toPartner('partner_order_cancelled', `Клиент отменил заказ ${n}: ${about}`)];
    case 'cancelled_by_partner': {
      const refund = change.refund > 0 ? `. Предоплата ${roubles(change.refund)} будет возвращена` : '';
      return [toCustomer('client_order_cancelled', `Гид отменил заказ ${n}: ${about}${refund}`)];
    }
  }
}
