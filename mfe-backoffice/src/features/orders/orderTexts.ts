import type { OrderStatus, PaymentStatus, RefundStatus } from '@excursio/shared';

export const ORDER_STATUSES: Record<OrderStatus, string> = {
  awaiting_confirmation: 'Ждёт подтверждения партнёра',
  awaiting_payment: 'Ждёт оплаты',
  confirmed: 'Подтверждён',
  completed: 'Состоялся',
  declined: 'Отклонён партнёром',
  expired: 'Истёк',
  cancelled_by_customer: 'Отменён путешественником',
  cancelled_by_partner: 'Отменён',
  no_show: 'Путешественник не пришёл',
};

export const ORDER_TONES: Record<OrderStatus, 'neutral' | 'ok' | 'warn' | 'danger' | 'info'> = {
  awaiting_confirmation: 'warn',
  awaiting_payment: 'warn',
  confirmed: 'ok',
  completed: 'info',
  declined: 'danger',
  expired: 'neutral',
  cancelled_by_customer: 'danger',
  cancelled_by_partner: 'danger',
  no_show: 'neutral',
};

export const PAYMENT_STATUSES: Record<PaymentStatus, string> = {
  pending: 'Ожидает',
  succeeded: 'Оплачен',
  failed: 'Не прошёл',
  refunded: 'Возвращён',
};

export const REFUND_STATUSES: Record<RefundStatus, string> = {
  pending: 'Ждёт администратора',
  succeeded: 'Проведён',
  rejected: 'Отклонён',
};

export const ACTORS = { client: 'путешественник', partner: 'партнёр', staff: 'сотрудник', system: 'система' } as const;
