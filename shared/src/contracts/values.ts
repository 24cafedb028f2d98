// The contracts' plain values (limits, reason lists, event names): no schema and no typebox here, so a frontend that
// imports one of them from '@excursio/shared/contracts' bundles this small module only (the package is free of side
// effects, so the barrel's schema modules are left out).

// account
/** The name a new account gets until its owner gives one. */
export const DEFAULT_NAME = 'Путешественник';
export const NAME_MAX = 100;
export const EMAIL_CODE_LENGTH = 6;

// calendar
/** How far ahead schedules are turned into slots. */
export const CALENDAR_HORIZON_DAYS = 60;
/** A group's decision time: at most this many hours before the start (issue 32 §1). */
export const GROUP_DECISION_HOURS_MAX = 168;
/** The smallest minimum a group may have (one person is no group). */
export const GROUP_MIN_LEAST = 2;

/**
 * The one rule of a group's minimum and decision time (issue 32 §1), for the api and the partner's forms: a minimum of
 * at least 2 and at most the group size, none for an individual excursion; decided 1 to 168 hours before the start.
 * Russian messages by field; empty when the rule holds.
 */
export function groupRuleProblems(rule: {
  format: 'group' | 'individual';
  groupSizeMax: number;
  groupMin: number | null;
  decisionHours: number;
}): { group_min?: string; decision_hours?: string } {
  const problems: { group_min?: string; decision_hours?: string } = {};
  const { groupMin, decisionHours } = rule;
  if (groupMin !== null) {
    if (rule.format === 'individual') problems.group_min = 'У индивидуальной экскурсии нет минимальной группы: оставьте поле пустым.';
    else if (!Number.isInteger(groupMin) || groupMin < GROUP_MIN_LEAST) problems.group_min = `Минимум — целое число от ${GROUP_MIN_LEAST} человек, или оставьте поле пустым.`;
    else if (groupMin > rule.groupSizeMax) problems.group_min = `Минимум не может быть больше размера группы (${rule.groupSizeMax}).`;
  }
  if (!Number.isInteger(decisionHours) || decisionHours < 1 || decisionHours > GROUP_DECISION_HOURS_MAX) {
    problems.decision_hours = `Срок решения — целое число часов от 1 до ${GROUP_DECISION_HOURS_MAX}.`;
  }
  return problems;
}

// chat
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Realtime events on the receiver's (and sender's other tabs') `private-App.Models.User.{id}`. */
export const CHAT_MESSAGE_EVENT = 'ChatMessageSent';
export const CHAT_READ_EVENT = 'ChatMessagesRead';

// my-reviews
/** How long a review can be edited after it was written. */
export const REVIEW_EDIT_DAYS = 7;
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 5000;
export const REVIEW_PHOTOS_MAX = 5;

// realtime
/**
 * A user's private realtime channel as Echo names it (`echo.private(name)`); the socket protocol and the api's
 * signatures use it with the `private-` prefix. One per user: only its owner may join it.
 */
export const userChannelName = (userId: number): string => `App.Models.User.${userId}`;

// notifications
/** The realtime event on `private-App.Models.User.{id}` after a notification is stored. */
export const NOTIFICATION_EVENT = 'NotificationSent';

/**
 * Issue 32 §1, live as others join: a slot's seats changed (a booking, a cancellation, a move, a group decided). On the
 * public channel of its excursion (`excursionSlotsChannel`), payload `SlotSeatsPayload` (contracts/excursions).
 */
export const SLOT_SEATS_EVENT = 'SlotSeats';
/** The public channel of an excursion's slots: anyone may join it (no auth); it carries only what the catalog shows. */
export const excursionSlotsChannel = (excursionId: number): string => `excursion-slots.${excursionId}`;
/** On a booked customer's private channel: the group of their order gathers (`OrderGatheringPayload`, contracts/orders). */
export const ORDER_GATHERING_EVENT = 'OrderGathering';

// orders
/** The guide's proposed times (issue 32 §2): at most this many, with a message this long. */
export const PROPOSAL_MAX_SLOTS = 3;
export const PROPOSAL_MESSAGE_MAX = 1000;
/** How long before the start an order can still be moved (the free-cancellation window). */
export const RESCHEDULE_BEFORE_H = 24;
/** A move is a history step with the status unchanged and the reason «Перенос: <from> → <to>». */
export const RESCHEDULE_REASON_PREFIX = 'Перенос:';

// partner-excursions
/** Closed once published: changed only through moderation. */
export const CLOSED_FIELDS = ['title', 'city_id', 'format', 'price_type'] as const;
export type ClosedField = (typeof CLOSED_FIELDS)[number];
export const MIN_PHOTOS_TO_SUBMIT = 3;
/** Roubles per price line: at most 1 000 000, so a total over a full group (≤ 1000 seats) still fits an int4 column. */
export const PRICE_MAX = 1_000_000;
/** Characters of a price line's name («Взрослый», «Детский до 12 лет»). */
export const PRICE_NAME_MAX = 100;

// partner-orders
/** Why a partner declines a request (shown to the customer). */
export const DECLINE_REASONS = {
  no_seats: 'Нет свободных мест на это время',
  unavailable: 'Гид не может провести экскурсию в этот день',
  not_suitable: 'Экскурсия не подходит под запрос (состав группы, возраст, язык)',
  weather: 'Неподходящая погода',
  other: 'Другая причина',
} as const;
/** Why a partner cancels an accepted order (shown to the customer; the prepayment is refunded in full). */
export const CANCEL_REASONS = {
  illness: 'Гид заболел',
  weather: 'Погодные условия',
  force_majeure: 'Форс-мажор',
  customer_request: 'По просьбе путешественника',
  other: 'Другая причина',
} as const;
export type DeclineReason = keyof typeof DECLINE_REASONS;
export type CancelReason = keyof typeof CANCEL_REASONS;

// backoffice
/** A moderator's claim on an item lapses this many minutes after it was taken (or renewed). */
export const MODERATION_CLAIM_MIN = 15;
/** What a blocked account is told when it signs in (422 under errors.phone) or its token is refused (401). */
export const ACCOUNT_BLOCKED_MESSAGE = 'Аккаунт заблокирован. Если это ошибка, напишите на help@excursio.ru.';
/** The Russian names of the audit log's actions (`GET /api/staff/audit` answers them as action_label too). */
export const AUDIT_ACTIONS = {
  'moderation.claim': 'Взял на проверку',
  'moderation.release': 'Снял с проверки',
  'moderation.approve': 'Одобрил',
  'moderation.reject': 'Отклонил',
  'template.create': 'Создал шаблон',
  'template.update': 'Изменил шаблон',
  'template.delete': 'Удалил шаблон',
  'ticket.assign': 'Взял обращение',
  'ticket.unassign': 'Снял обращение',
  'ticket.answer': 'Ответил в обращении',
  'ticket.note': 'Внутренняя заметка',
  'ticket.close': 'Закрыл обращение',
  'order.chat_opened': 'Открыл чат заказа',
  'order.cancel': 'Отменил заказ',
  'order.refund': 'Вернул деньги',
  'order.refund_requested': 'Запросил возврат',
  'refund.approve': 'Подтвердил возврат',
  'refund.reject': 'Отклонил возврат',
  'order.resend_tickets': 'Отправил билеты повторно',
  'order.extend_hold': 'Продлил бронь',
  'account.block': 'Заблокировал аккаунт',
  'account.unblock': 'Разблокировал аккаунт',
  'account.verify_requisites': 'Подтвердил реквизиты',
  'account.role': 'Изменил роль',
  'review.hide': 'Скрыл отзыв',
  'review.restore': 'Вернул отзыв',
  'review.dismiss_flags': 'Отклонил жалобы',
  'content.create': 'Создал запись',
  'content.update': 'Изменил текст',
  'content.publish': 'Опубликовал',
  'content.unpublish': 'Снял с публикации',
  'synonyms.create': 'Добавил синонимы',
  'synonyms.update': 'Изменил синонимы',
  'synonyms.delete': 'Удалил синонимы',
  'release.publish': 'Выпустил сборку',
  'release.canary': 'Запустил канарейку',
  'release.promote': 'Сделал канарейку основной',
  'release.rollback': 'Откатил выпуск',
  'release.auto_rollback': 'Автоматически откатил канарейку',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
