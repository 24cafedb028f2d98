import { formatPrice, pluralRu, type OrderActor, type OrderStatus } from '@excursio/shared';
import { formatEventShort } from '@excursio/shared/time';

/** The order's status as its partner reads it. */
export const PARTNER_STATUS: Record<OrderStatus, string> = {
  awaiting_confirmation: 'Ждёт вашего ответа',
  awaiting_payment: 'Ждёт предоплаты',
  confirmed: 'Подтверждён и оплачен',
  completed: 'Экскурсия состоялась',
  declined: 'Отклонён',
  expired: 'Истёк',
  cancelled_by_customer: 'Отменён путешественником',
  cancelled_by_partner: 'Отменён вами',
  no_show: 'Неявка',
};

export type StatusTone = 'wait' | 'ok' | 'off';

export const STATUS_TONE: Record<OrderStatus, StatusTone> = {
  awaiting_confirmation: 'wait',
  awaiting_payment: 'wait',
  confirmed: 'ok',
  completed: 'ok',
  declined: 'off',
  expired: 'off',
  cancelled_by_customer: 'off',
  cancelled_by_partner: 'off',
  no_show: 'off',
};

/** Who made a step of the order's history. */
export const ACTOR: Record<OrderActor, string> = {
  client: 'путешественник',
  partner: 'вы',
  staff: 'служба поддержки',
  system: 'автоматически',
};

/** A step of the history in words: what the order became. */
export const STEP: Record<OrderStatus, string> = {
  awaiting_confirmation: 'Заказ отправлен вам на подтверждение',
  awaiting_payment: 'Ожидает предоплаты',
  confirmed: 'Предоплата получена, заказ подтверждён',
  completed: 'Экскурсия состоялась',
  declined: 'Заказ отклонён',
  expired: 'Заказ истёк',
  cancelled_by_customer: 'Путешественник отменил заказ',
  cancelled_by_partner: 'Заказ отменён',
  no_show: 'Отмечена неявка',
};

/** «3 участника». */
export const participantsText = (n: number) => pluralRu(n, ['участник', 'участника', 'участников']);

/** «Ответить до 25 ноября, 15:30» (on the excursion city's clock). */
export const answerBy = (respondBy: string, timeZone: string) => `Ответить до ${formatEventShort(respondBy, timeZone)}`;

/** Less than three hours left to answer: the deadline is shown as urgent. */
export const isUrgent = (respondBy: string, now = Date.now()) => new Date(respondBy).getTime() - now < 3 * 60 * 60 * 1000;

export const money = formatPrice;
