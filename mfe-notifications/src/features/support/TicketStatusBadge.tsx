import type { SupportStatus } from '@excursio/shared';

export const STATUS_LABEL: Record<SupportStatus, string> = { open: 'Ждёт ответа', answered: 'Есть ответ', closed: 'Закрыто' };

export function TicketStatusBadge({ status }: { status: SupportStatus }) {
  return <span className={`ex-ui-badge ex-ui-badge--${status}`}>{STATUS_LABEL[status]}</span>;
}
