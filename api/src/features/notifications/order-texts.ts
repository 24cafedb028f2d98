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
  /** A request's answer deadline (the partner is told it). */
  respondBy?: Date | null;
}

export type OrderChange =
  | { kind: 'placed'; awaitingConfirmation: boolean }
  | { kind: 'confirmed' }
  | { kind: 'declined'; reason?: string | null }
  | { kind: 'paid' }
  | { kind: 'cancelled_by_customer' }
  | { kind: 'cancelled_by_partner'; refund: number; reason?: string | null }
  /** The payment hold ran out: the seats are free again. */
  | { kind: 'payment_expired' }
  /** The partner did not answer the request by its deadline. */
  | { kind: 'request_expired' }
  /** Half the partner's answer time is gone. */
  | { kind: 'request_reminder'; respondBy: Date }
  /** The slot ended: the excursion took place; the customer is invited to review it. */
  | { kind: 'completed' }
  /** The partner marked that the customer did not come. */
  | { kind: 'no_show' }
  /** The day before: time, meeting point, the guide's contact, what is left to pay. */
  | { kind: 'customer_reminder'; meetingPoint: string; guidePhone: string | null; rest: number };

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
            toPartner(
              'partner_order_new',
              `Новый заказ ${n}: ${about}, ${participants(order.seats)} — подтвердите или отклоните его${
                order.respondBy ? ` до ${formatEventShort(order.respondBy, order.timeZone)}` : ''
              }`,
            ),
            toCustomer('client_order_placed', `Заказ ${n} отправлен гиду: ${about}. Сообщим, когда он ответит`),
          ]
        : [
            toPartner('partner_order_new', `Новый заказ ${n}: ${about}, ${participants(order.seats)}`),
            toCustomer('client_order_placed', `Заказ ${n} оформлен: ${about} — оплатите предоплату`),
          ];
    case 'confirmed':
      return [toCustomer('client_order_confirmed', `Гид подтвердил заказ ${n} — оплатите предоплату. ${about}`)];
    case 'declined':
      return [
        toCustomer(
          'client_order_declined',
          `Гид отклонил заказ ${n}: ${about}.${change.reason ? ` Причина: ${change.reason}.` : ''} Выберите другое время или экскурсию`,
        ),
      ];
    case 'paid':
      return [
        toCustomer('client_order_paid', `Предоплата по заказу ${n} получена, билеты — в заказе. ${about}`),
        toPartner('partner_order_paid', `Заказ ${n} оплачен: ${about}, ${participants(order.seats)}`),
      ];
    case 'cancelled_by_customer':
      return [toPartner('partner_order_cancelled', `Клиент отменил заказ ${n}: ${about}`)];
    case 'cancelled_by_partner': {
      const refund = change.refund > 0 ? `. Предоплата ${roubles(change.refund)} будет возвращена` : '';
      const why = change.reason ? `. Причина: ${change.reason}` : '';
      return [toCustomer('client_order_cancelled', `Гид отменил заказ ${n}: ${about}${why}${refund}`)];
    }
    case 'payment_expired':
      return [
        toCustomer('client_order_expired', `Время на оплату заказа ${n} истекло, места освобождены: ${about}. Оформите заказ заново`),
        toPartner('partner_order_expired', `Заказ ${n} не оплачен вовремя и закрыт, места вернулись в продажу: ${about}`),
      ];
    case 'request_expired':
      return [
        toCustomer('client_order_expired', `Гид не ответил на заказ ${n} вовремя, заказ закрыт, деньги не списывались: ${about}. Выберите другое время или экскурсию`),
        toPartner('partner_order_expired', `Запрос ${n} закрыт без ответа: срок ответа истёк. ${about}`),
      ];
    case 'request_reminder':
      return [
        toPartner(
          'partner_request_reminder',
          `Ответьте на заказ ${n} до ${formatEventShort(change.respondBy, order.timeZone)}, иначе он закроется: ${about}, ${participants(order.seats)}`,
        ),
      ];
    case 'no_show':
      return [toCustomer('client_order_no_show', `Гид отметил, что вы не пришли на экскурсию ${about} (заказ ${n}). Если это ошибка, напишите в поддержку`)];
    case 'completed':
      // the invitation opens the review form of this order
      return [
        {
          ...toCustomer('client_order_completed', `Как прошла экскурсия ${about}? Оцените её — отзыв поможет другим путешественникам`),
          link: `/account/user/reviews?order=${order.id}`,
        },
      ];
    case 'customer_reminder': {
      const rest = change.rest > 0 ? ` На месте гиду: ${roubles(change.rest)}.` : '';
      const place = change.meetingPoint ? ` Место встречи: ${change.meetingPoint}.` : '';
      const phone = change.guidePhone ? ` Телефон гида: ${change.guidePhone}.` : '';
      return [toCustomer('client_order_reminder', `Завтра экскурсия ${about}.${place}${phone}${rest}`)];
    }
  }
}
