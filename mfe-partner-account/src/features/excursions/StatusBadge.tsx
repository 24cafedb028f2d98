// The status of a partner's excursion as a coloured badge (the list and the editor).
import type { ExcursionStatus } from '@excursio/shared';

const STATUS_TEXT: Record<ExcursionStatus, string> = {
  draft: 'Черновик',
  moderation: 'На модерации',
  published: 'Опубликована',
  rejected: 'Отклонена',
  hidden: 'Скрыта',
  archived: 'В архиве',
};

export function StatusBadge({ status }: { status: ExcursionStatus }) {
  return <span className={`pa-exc__badge pa-exc__badge--${status}`}>{STATUS_TEXT[status]}</span>;
}
