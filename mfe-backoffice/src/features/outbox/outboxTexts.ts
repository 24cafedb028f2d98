import { ApiError, type OutboxState, type StaffOutboxQuery } from '@excursio/shared';
import { failureText } from '@excursio/shared/ui';

export type OutboxKind = NonNullable<StaffOutboxQuery['kind']>;

export const OUTBOX_KINDS: Record<OutboxKind, string> = {
  sms: 'SMS',
  call: 'Звонок',
  email: 'Письмо',
  refund: 'Возврат',
};

export const OUTBOX_STATES: Record<OutboxState, string> = {
  pending: 'Ожидает',
  sending: 'Отправляется',
  sent: 'Отправлено',
  failed: 'Не доставлено',
  expired: 'Истекло',
};

export const OUTBOX_TONES: Record<OutboxState, 'neutral' | 'ok' | 'warn' | 'danger' | 'info'> = {
  pending: 'warn',
  sending: 'info',
  sent: 'ok',
  failed: 'danger',
  expired: 'neutral',
};

const RUSSIAN = /[А-Яа-яЁё]/;

/**
 * Why a retry was refused: the api's own words when it explains (403, 404 «no such failed row», 409) in Russian;
 * its English 403 becomes a Russian sentence; anything else the usual failure text.
 */
export function retryProblem(error: unknown): string {
  if (error instanceof ApiError && [403, 404, 409].includes(error.status)) {
    if (error.message && RUSSIAN.test(error.message)) return error.message;
    if (error.status === 403) return 'Недостаточно прав, чтобы отправить запись снова.';
  }
  return failureText(error);
}
