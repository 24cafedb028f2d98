import { Link, useNavigate } from '@excursio/shared/router';
import type { ExcursionStatus, PartnerExcursionItem } from '@excursio/shared';
import { useAction } from '../../components/ui';
import { editPath } from './excursionPaths';
import { StatusBadge } from './StatusBadge';
import { excursionCalls, type ExcursionAction } from './excursionCalls';

const ACTIONS: Partial<Record<ExcursionStatus, Array<[ExcursionAction, string]>>> = {
  draft: [['duplicate', 'Копировать'], ['archive', 'В архив']],
  rejected: [['duplicate', 'Копировать'], ['archive', 'В архив']],
  published: [['hide', 'Скрыть'], ['duplicate', 'Копировать'], ['archive', 'В архив']],
  hidden: [['show', 'Показать'], ['duplicate', 'Копировать'], ['archive', 'В архив']],
  archived: [['restore', 'Восстановить']],
  moderation: [['withdraw', 'Вернуть в черновик']],
};

/** One excursion of the partner's list: status, counts and the actions its status allows. */
export function ExcursionRow({ item, onChanged }: { item: PartnerExcursionItem; onChanged: () => void }) {
  const { busy, run } = useAction();
  const navigate = useNavigate();
  const act = (action: ExcursionAction) =>
    run(async () => {
      const answer = (await excursionCalls.act(item.id, action)).data;
      if (action === 'duplicate') return void navigate(editPath(answer.id));
      onChanged();
    });
  return (
    <li className="ex-ui-card pa-exc__item">
      {item.cover_url ? <img className="pa-exc__cover" src={item.cover_url} alt="" width={120} height={80} loading="lazy" /> : <span className="pa-exc__cover pa-exc__cover--empty" aria-hidden="true" />}
      <div className="pa-exc__body">
        <Link to={editPath(item.id)} className="ex-ui-page__link pa-exc__title">
          {item.title}
        </Link>
        <p className="pa-exc__meta">
          <StatusBadge status={item.status} />
          {item.city && <span>{item.city}</span>}
          <span>заказов: {item.orders}</span>
          <span>слотов впереди: {item.upcoming_slots}</span>
          {item.pending_change && <span>изменение на модерации</span>}
        </p>
        {item.status === 'rejected' && item.moderation_comment && <p className="pa-exc__comment">Модератор: {item.moderation_comment}</p>}
        <div className="pa-exc__actions">
          {item.path && (
            <Link to={item.path} className="ex-ui-page__link">
              В каталоге
            </Link>
          )}
          {(ACTIONS[item.status] ?? []).map(([action, label]) => (
            <button key={action} type="button" className="ex-ui-button ex-ui-button--secondary" disabled={busy} aria-label={`${label}: ${item.title}`} onClick={() => void act(action)}>
              {label}
            </button>
          ))}
        </div>
      </div>
    </li>
  );
}

